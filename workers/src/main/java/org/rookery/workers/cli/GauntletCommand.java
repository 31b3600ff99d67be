package org.rookery.workers.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rookery.core.cli.Unavailable;
import org.rookery.workers.local.GauntletRecords;
import org.rookery.workers.match.MatchRunner;
import org.rookery.workers.match.RunStateStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/** {@code rookery gauntlet}: a local match with cutechess-cli / fastchess options. */
@Command(name = "gauntlet", mixinStandardHelpOptions = true,
    description = {"Play an engine match with cutechess-cli / fastchess style options, e.g.",
        "  rookery gauntlet -engine name=strong cmd=builtin args=\"--level 20\" -engine name=weak cmd=builtin args=\"--level 5\" \\",
        "    -each tc=10+0.1 -rounds 20 -games 2 -repeat -concurrency 2 -openings file=book.epd order=random \\",
        "    -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -pgnout games.pgn",
        "",
        "Options: -engine KEY=VALUE... (name cmd args dir tc st nodes depth plies timemargin proto option.NAME env.NAME; plies= is fastchess's depth=),",
        "  -each / -both KEY=VALUE..., -tournament round-robin|gauntlet|knockout|pyramid (round-robin), -seeds N, -rounds N (2),",
        "  -games N (2), -repeat [N] (each opening N times), -noswap,",
        "  -reverse, -concurrency N (at most the hardware threads unless -force-concurrency), -wait MS (0),",
        "  -openings file= format=epd|pgn order=sequential|random plies= start= policy=default|encounter|round,",
        "  -bookmode ram|disk (disk: an EPD book read in place), -srand N (64-bit), -quick cmd=A cmd=B book=FILE,",
        "  -resign movecount= score= [twosided=true], -draw movenumber= movecount= score=, -maxmoves N (0 = off),",
        "  -sprt elo0= elo1= alpha= beta= [model=normalized|logistic|bayesian] (default normalized, as fastchess),",
        "  -pgnout FILE [min] [fi] (cutechess) or -pgnout file=NAME notation=san|lan|uci nodes= seldepth= nps= hashfull=",
        "    tbhits= pv= timeleft= latency= min= append= match_line=REGEX (fastchess), -epdout FILE|file=NAME, -crc32 pgn=true,",
        "  -output format=rookery|cutechess|fastchess (rookery: both peers' parser lines), -report penta=true|false,",
        "  -ratinginterval N (10), -scoreinterval N (1), -outcomeinterval N (0), -testEnv (fastchess output),",
        "  -config [file=NAME] [discard=] [outname=NAME] [stats=] (resume; the state goes to config.json by default),",
        "  -autosaveinterval N (20; 0 = at the end only), -use-affinity (warns: not possible in the JVM),",
        "  -recover, -event NAME, -site NAME, -scoring standard|football, -stalltimeout MS, -version,",
        "  -log DIR (engines' stderr, default rookery-data/logs; a file only for an engine that writes there),",
        "  -log file=NAME level=trace|info|warn|err|fatal compress= realtime= append= engine= (fastchess: the run's messages;",
        "     engine=true adds every engine line), -debug [all] (cutechess: every engine line on the console),",
        "  -resultformat NAME|FIELDS (cutechess's standings: minimal small short concise default with-points wide wide2",
        "    per-color ordo term draws wide3, or fields and groups such as Rank,Name,W,wW,bW,WLDStats; 'help' lists them),",
        "  -show-latency,",
        "  -tb DIR[:DIR...] [-tbpieces N] [-tbignore50] [-tbadjudicate WIN_LOSS|DRAW|BOTH] (adjudicate by Syzygy tables and/or",
        "    Rookery's own, 'rookery tb generate'; the PGN says \"White wins by adjudication: SyzygyTB\" as cutechess does).",
        "  -variant standard|fischerandom (Chess960: sets UCI_Chess960, needs a Chess960 -openings book; docs/chess960.md).",
        "  --data DIR: also write the games (and the match) to the Parquet tables under DIR, through the sink's writer.",
        "Engine keys (cutechess): proto=uci|xboard (CECP engines), conf=NAME (engines.json), arg= (one argument, repeatable),",
        "  initstr= (\\n separates lines), stderr=FILE, whitepov, trust, ponder, restart=auto|on|off, book=FILE.bin bookdepth=N,",
        "  tscale=F (scales the engine's timeouts, as cutechess; never the time control); an option.NAME the engine",
        "  does not announce stops the run before its first game.",
        "--compliance ENGINE [ARGS]: fastchess's UCI compliance check, step by step; exit code 1 at the first failed step.",
        "cmd=builtin runs Rookery's own UCI engine; cmd= is looked for in dir= first. A match has at most 1,000,000 games.",
        "Engines and whatever they start end with the gauntlet, however it ends (Linux: each runs in its own process",
        "group under a watchdog).",
        "Where fastchess and cutechess-cli differ, Rookery follows fastchess (fishtest and OpenBench run it):",
        "  -games and -rounds default to 2 and the games of an encounter share their opening in pairs, colours swapped;",
        "  -repeat N (cutechess): each opening is played N times (and -games is N unless given); -repeat 1 gives every",
        "  game its own opening; from 2 on, the games of an opening are also counted in pairs (pentanomial).",
        "  The SPRT model defaults to normalized, as in fastchess (model=logistic for fishtest's logistic Elo).",
        "Where Rookery differs, with one warning line: the default -output is Rookery's own (fastchess's is fastchess);",
        "  PGN Round is the round when a round holds several game pairs (fastchess: the pair number).",
        "  See docs/gauntlet.md for every option, its default and its source."})
public final class GauntletCommand implements Callable<Integer> {
    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (!args.isEmpty() && (args.get(0).equals("--compliance") || args.get(0).equals("-compliance"))) {
            // fastchess: --compliance ENGINE [ARGS]
            if (args.size() < 2 || args.size() > 3) throw new IllegalArgumentException("--compliance: expected ENGINE [ARGS]");
            boolean passed = new Compliance(System.out, System.err, System.console() != null)
                .run(args.get(1), args.size() > 2 ? args.get(2) : "");
            return passed ? 0 : 1;
        }
        int rf = args.indexOf("-resultformat");
        if (rf >= 0 && rf + 1 < args.size() && args.get(rf + 1).equals("help")) {
            // cutechess prints the formats and exits.
            org.rookery.workers.match.ResultFormat.help().forEach(System.out::println);
            return 0;
        }
        if (args.contains("-version") || args.contains("--version")) {
            System.out.println("rookery gauntlet " + version());
            return 0;
        }
        List<String> warnings = new ArrayList<>();
        List<String> argv = new ArrayList<>(args);
        Path data = takeData(argv);
        ResumeArgs resume = ResumeArgs.of(argv, warnings::add);
        GauntletOptions.Parsed parsed = GauntletOptions.parse(resume.argv(), warnings::add);
        java.io.PrintStream out = parsed.log() == null ? System.out : RunLog.tee(System.out, parsed.log());
        if (out instanceof RunLog.Tee tee && tee.engineTranscript() != null) {
            parsed = new GauntletOptions.Parsed(parsed.settings(), parsed.seed(), parsed.engineKeys(),
                parsed.run().withTranscript(tee.engineTranscript()), parsed.log());
        }
        try {
            return play(parsed, resume, warnings, out, data);
        } finally {
            if (out != System.out) out.close();
        }
    }

    /**
     * The defaults where Rookery deliberately differs from fastchess (which it otherwise follows), one warning line each,
     * printed only when the command line leaves them in force: the console format, and the PGN's Round tag when a round
     * holds more than one game pair.
     */
    static List<String> defaultsUnlikeFastchess(List<String> argv, GauntletOptions.Parsed parsed) {
        List<String> out = new ArrayList<>();
        if (!argv.contains("-output") && !argv.contains("-testEnv") && !argv.contains("-testenv") && !argv.contains("-quick")) {
            out.add("-output not given: Rookery's report, which holds the lines both peers' parsers read "
                + "(fastchess's default is -output format=fastchess; give -output to choose)");
        }
        var s = parsed.settings();
        boolean pairsPerRound = s.engines().size() > 2 || s.gamesPerEncounter() > 2;
        if (s.pgnOut() != null && pairsPerRound) {
            out.add("PGN Round is the schedule's round, shared by the round's game pairs (fastchess numbers each pair there)");
        }
        return out;
    }

    private static Integer play(GauntletOptions.Parsed parsed, ResumeArgs resume, List<String> warnings, java.io.PrintStream out, Path data)
            throws Exception {
        warnings.addAll(defaultsUnlikeFastchess(resume.argv(), parsed));
        for (String w : warnings) out.println("Warning: " + w);
        if (parsed.settings().openings().size() > 1) {
            out.println("Openings: " + parsed.settings().openings().size() + ", -srand " + Long.toUnsignedString(parsed.seed()));
        }
        RunStateStore state = new RunStateStore(resume.saveTo(), resume.toSaveWithInterval(parsed.seed()),
            resume.autosaveInterval(), resume.loaded());
        GauntletRecords records = null;
        if (data != null) {
            // The same options and seed again: the definition's tasks draw openings from a book of their own.
            GauntletOptions.Parsed schedule = GauntletOptions.parse(ResumeArgs.toSave(resume.argv(), parsed.seed()), w -> { });
            records = GauntletRecords.open(data, schedule, resume.loaded() != null);
            out.println("Recording match " + records.matchId() + " in " + records.spool().file());
        }
        MatchRunner runner = new MatchRunner(parsed.settings(), parsed.run(), out, records, state);
        Thread hook = new Thread(runner::requestStop, "gauntlet-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        runner.run();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
        if (records != null && !records.spool().writeTables(System.out)) {
            throw new Unavailable("--data: the games were not written to " + data + "; the records are in " + records.spool().file()
                + ", write them with: rookery " + String.join(" ", records.spool().sinkCommand()));
        }
        return 0;
    }

    /**
     * Removes {@code --data DIR} (or {@code -data}) from {@code argv}: a local run's tables, written
     * through the sink's writer (docs/gauntlet.md); null when absent.
     */
    static Path takeData(List<String> argv) {
        Path data = null;
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (!a.equals("--data") && !a.equals("-data")) continue;
            if (data != null) throw new IllegalArgumentException("--data given twice");
            if (i + 1 >= argv.size() || argv.get(i + 1).startsWith("-")) throw new IllegalArgumentException("--data needs a directory");
            data = Path.of(argv.get(i + 1));
            if (Files.exists(data) && !Files.isDirectory(data)) throw new IllegalArgumentException("--data: " + data + " is not a directory");
            argv.remove(i + 1);
            argv.remove(i);
            i--;
        }
        return data;
    }

    /** The workers jar's Maven version (its pom.properties), or "development build" when run from classes. */
    static String version() {
        try (var in = GauntletCommand.class.getResourceAsStream("/META-INF/maven/org.rookery/rookery-workers/pom.properties")) {
            if (in == null) return "development build";
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            return p.getProperty("version", "development build");
        } catch (java.io.IOException e) {
            return "development build";
        }
    }
}
