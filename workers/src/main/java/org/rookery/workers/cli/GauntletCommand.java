package org.rookery.workers.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rookery.workers.match.MatchRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/** {@code rookery gauntlet}: a local match with cutechess-cli / fastchess options. */
@Command(name = "gauntlet", mixinStandardHelpOptions = true,
    description = {"Play an engine match with cutechess-cli / fastchess style options, e.g.",
        "  rookery gauntlet -engine name=strong cmd=builtin args=\"--level 20\" -engine name=weak cmd=builtin args=\"--level 5\" \\",
        "    -each tc=10+0.1 -rounds 20 -games 2 -repeat -concurrency 2 -openings file=book.epd order=random \\",
        "    -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -pgnout games.pgn",
        "",
        "Options: -engine KEY=VALUE... (name cmd args dir tc st nodes depth timemargin proto option.NAME env.NAME),",
        "  -each KEY=VALUE..., -tournament gauntlet|round-robin, -rounds N (1), -games N (2), -repeat [N], -noswap, -reverse,",
        "  -concurrency N, -openings file= format=epd|pgn order=sequential|random plies= start=, -srand N (64-bit),",
        "  -resign movecount= score= [twosided=true], -draw movenumber= movecount= score=, -maxmoves N (0 = off),",
        "  -sprt elo0= elo1= alpha= beta= [model=logistic|normalized], -pgnout FILE [min], -ratinginterval N,",
        "  -recover, -event NAME, -site NAME, -scoring standard|football, -stalltimeout MS, -version,",
        "  -log DIR (engines' stderr, default rookery-data/logs; a file only for an engine that writes there),",
        "  -tb DIR [-tbpieces N] [-tbignore50] (adjudicate by Rookery's endgame tables; build them with 'rookery tb generate').",
        "  -variant standard|fischerandom (Chess960: sets UCI_Chess960, needs a Chess960 -openings book; docs/chess960.md).",
        "cmd=builtin runs Rookery's own UCI engine; cmd= is looked for in dir= first. A match has at most 1,000,000 games.",
        "Engines and whatever they start end with the gauntlet, however it ends (Linux: each runs in its own process",
        "group under a watchdog).",
        "Where fastchess and cutechess-cli differ, Rookery follows fastchess (fishtest and OpenBench run it):",
        "  -games defaults to 2 and the games of an encounter share their opening in pairs, colours swapped;",
        "  -repeat N (cutechess) is accepted: 1 gives every game its own opening, 2 or more plays pairs.",
        "  See docs/gauntlet.md for every option, its default and its source."})
public final class GauntletCommand implements Callable<Integer> {
    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (args.contains("-version") || args.contains("--version")) {
            System.out.println("rookery gauntlet " + version());
            return 0;
        }
        List<String> warnings = new ArrayList<>();
        GauntletOptions.Parsed parsed = GauntletOptions.parse(args, warnings::add);
        for (String w : warnings) System.out.println("Warning: " + w);
        if (parsed.settings().openings().size() > 1) {
            System.out.println("Openings: " + parsed.settings().openings().size() + ", -srand " + Long.toUnsignedString(parsed.seed()));
        }
        MatchRunner runner = new MatchRunner(parsed.settings(), System.out, null);
        Thread hook = new Thread(runner::requestStop, "gauntlet-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        runner.run();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
        return 0;
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
