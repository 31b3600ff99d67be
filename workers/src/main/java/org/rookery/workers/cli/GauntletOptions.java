package org.rookery.workers.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.rookery.core.board.Variant;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.match.Adjudication;
import org.rookery.workers.match.MatchSettings;
import org.rookery.workers.match.OpeningBook;
import org.rookery.workers.match.PgnOptions;
import org.rookery.workers.match.RunOptions;
import org.rookery.stats.Sprt;
import org.rookery.workers.match.Schedule;
import org.rookery.workers.uci.EngineConfig;

/**
 * Turns cutechess-cli / fastchess options into {@link MatchSettings}, validating everything
 * before anything starts: an unknown option, a malformed value or a missing engine is one
 * IllegalArgumentException whose message names the option.
 */
public final class GauntletOptions {
    private GauntletOptions() {}

    /** {@code -games} when not given: fastchess's default, one game pair per encounter. */
    static final int DEFAULT_GAMES = 2;

    /** Margin given to st= (fixed time per move) when timemargin= is not set. */
    static final long DEFAULT_MOVETIME_MARGIN_MS = 100;

    static final Set<String> ENGINE_KEYS = union(Set.of("name", "cmd", "args", "dir", "tc", "st", "nodes", "depth",
        "plies", "timemargin"), EngineKeys.KEYS);

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new HashSet<>(a);
        u.addAll(b);
        return Set.copyOf(u);
    }

    /** An -engine/-each option's keys, cutechess's value-less flags ({@code whitepov trust ponder}) as {@code =true}. */
    private static Map<String, String> engineKeys(CutechessArgs.Opt o) {
        Map<String, String> kv = new LinkedHashMap<>(o.pairs());
        for (String v : o.values()) {
            if (!EngineKeys.FLAGS.contains(v)) {
                throw new IllegalArgumentException("-" + o.name() + ": expected key=value pairs or whitepov, trust, ponder, found \"" + v + "\"");
            }
            kv.put(v, "true");
        }
        return kv;
    }

    /** Engine keys that only a worker's engine registry may set in a submitted (distributed) match. */
    static final Set<String> REGISTRY_ONLY_KEYS = Set.of("cmd", "args", "dir", "arg", "conf", "stderr", "initstr", "book",
        "proto", "whitepov", "trust", "ponder", "restart", "tscale", "debug"); // how the program runs: engines.yaml's proto:, ponder: ...

    /**
     * Parsed options plus the seed actually used (printed so a run can be repeated) and each
     * engine's own keys after {@code -each} was merged in (what a submitted match stores).
     */
    public record Parsed(MatchSettings settings, long seed, List<Map<String, String>> engineKeys, RunOptions run, RunLog.Options log) {
        public Parsed(MatchSettings settings, long seed, List<Map<String, String>> engineKeys, RunOptions run) {
            this(settings, seed, engineKeys, run, null);
        }
    }

    /** {@code -rounds} when not given: fastchess's default (cutechess: 1). */
    static final int DEFAULT_ROUNDS = 2;

    public static Parsed parse(List<String> argv, Consumer<String> warnings) throws IOException {
        return parse(argv, warnings, false);
    }

    /**
     * @param registryEngines engines are names in the workers' registries ({@code rookery submit}):
     *     {@code cmd=}, {@code args=}, {@code dir=}, {@code option.*} and {@code env.*} are refused,
     *     because what runs on a worker is the worker's decision alone
     */
    public static Parsed parse(List<String> argv, Consumer<String> warnings, boolean registryEngines) throws IOException {
        List<CutechessArgs.Opt> opts = expandQuick(CutechessArgs.parse(argv));
        List<Map<String, String>> engines = new ArrayList<>();
        Map<String, String> each = new LinkedHashMap<>();
        MatchSettings.Tournament tournament = MatchSettings.Tournament.ROUND_ROBIN; // both peers' default (cutechess-cli.6, fastchess man.md)
        // -games and -rounds default to fastchess's 2 and 2 (cutechess: 1 and 1).
        int rounds = DEFAULT_ROUNDS, games = DEFAULT_GAMES, concurrency = 1, ratingInterval = 10, maxMoves = 0;
        Integer repeatCount = null, seeds = null;
        boolean roundsGiven = false, gamesGiven = false, diskBook = false;
        MatchSettings.OpeningPolicy policy = MatchSettings.OpeningPolicy.DEFAULT;
        boolean noSwap = false, reverse = false, recover = false, football = false, pgnMin = false;
        Map<String, String> openings = null, sprt = null, resign = null, draw = null;
        String tbDir = null;
        Adjudication.TablebaseResults tbResults = null;
        int tbPieces = 0;
        boolean tbIgnore50 = false;
        Path pgnOut = null, logDir = Path.of("rookery-data", "logs");
        String event = "Rookery gauntlet", site = "?";
        Long seed = null;
        Variant variant = Variant.STANDARD;
        long stallMs = 60_000;
        Set<String> seen = new HashSet<>();
        RunOptions.OutputFormat output = null;
        boolean reportPenta = true, crc32 = false, testEnv = false, forceConcurrency = false;
        int scoreInterval = 1, outcomeInterval = 0;
        long waitMs = 0;
        Path epdOut = null;
        PgnOptions pgnOptions = PgnOptions.DEFAULTS;
        RunLog.Options runLog = null;
        org.rookery.workers.match.ResultFormat resultFormat = null;
        boolean showLatency = false;
        boolean debug = false, debugAll = false;

        for (CutechessArgs.Opt o : opts) {
            String n = o.name();
            if (!n.equals("engine") && !seen.add(n)) throw new IllegalArgumentException("-" + n + " given twice");
            switch (n) {
                case "engine" -> engines.add(engineKeys(o));
                case "each" -> each.putAll(engineKeys(o));
                case "tournament" -> {
                    String v = o.single();
                    tournament = switch (v) {
                        case "gauntlet" -> MatchSettings.Tournament.GAUNTLET;
                        case "round-robin", "roundrobin" -> MatchSettings.Tournament.ROUND_ROBIN;
                        case "knockout" -> MatchSettings.Tournament.KNOCKOUT;
                        case "pyramid" -> MatchSettings.Tournament.PYRAMID;
                        default -> throw new IllegalArgumentException("-tournament: expected gauntlet, round-robin, knockout or pyramid, got \"" + v + "\"");
                    };
                    if (registryEngines && (tournament == MatchSettings.Tournament.KNOCKOUT || tournament == MatchSettings.Tournament.PYRAMID)) {
                        throw new IllegalArgumentException("-tournament " + v + ": a submitted match plays gauntlet or round-robin only "
                            + "(play " + v + " locally with 'rookery gauntlet')");
                    }
                }
                case "rounds" -> {
                    rounds = positive(n, o.single());
                    roundsGiven = true;
                }
                case "seeds" -> seeds = nonNegative(n, o.single());
                case "bookmode" -> {
                    String v = o.single();
                    if (!v.equals("ram") && !v.equals("disk")) throw new IllegalArgumentException("-bookmode: expected ram or disk, got \"" + v + "\"");
                    diskBook = v.equals("disk");
                }
                case "games" -> {
                    games = positive(n, o.single());
                    gamesGiven = true;
                }
                case "repeat" -> repeatCount = o.values().isEmpty() && o.pairs().isEmpty() ? 2 : positive(n, o.single());
                case "concurrency" -> concurrency = positive(n, o.single());
                case "openings" -> {
                    requireNoValues(o);
                    openings = o.pairs();
                }
                case "srand" -> seed = parseSeed(o.single());
                case "noswap" -> noSwap = flag(o);
                case "reverse" -> reverse = flag(o);
                case "recover" -> recover = flag(o);
                case "resign" -> {
                    requireNoValues(o);
                    resign = o.pairs();
                }
                case "draw" -> {
                    requireNoValues(o);
                    draw = o.pairs();
                }
                case "maxmoves" -> maxMoves = nonNegative(n, o.single());
                case "sprt" -> {
                    requireNoValues(o);
                    sprt = o.pairs();
                }
                case "pgnout" -> {
                    if (!o.pairs().isEmpty()) {
                        // fastchess: -pgnout file=NAME notation= nodes= ... min= append=
                        if (!o.values().isEmpty()) throw new IllegalArgumentException("-pgnout: give file=NAME and key=value pairs, or cutechess's FILE [min] [fi], not both");
                        Map<String, String> kv = o.pairs();
                        requireKeys("pgnout", kv, PGNOUT_KEYS);
                        List<java.util.regex.Pattern> matchLines = new ArrayList<>();
                        if (kv.containsKey("match_line")) {
                            for (String regex : kv.get("match_line").split("\n", -1)) {
                                try {
                                    matchLines.add(java.util.regex.Pattern.compile(regex));
                                } catch (java.util.regex.PatternSyntaxException e) {
                                    throw new IllegalArgumentException("-pgnout: match_line=" + regex + " is not a regular expression: "
                                        + e.getDescription() + " at index " + e.getIndex());
                                }
                            }
                        }
                        pgnOut = Path.of(required("pgnout", kv, "file"));
                        pgnMin = bool("pgnout min", kv.getOrDefault("min", "false"));
                        String notation = kv.getOrDefault("notation", "san");
                        PgnOptions.Notation nt = switch (notation) {
                            case "san" -> PgnOptions.Notation.SAN;
                            case "lan" -> PgnOptions.Notation.LAN;
                            case "uci" -> PgnOptions.Notation.UCI;
                            default -> throw new IllegalArgumentException("-pgnout: notation= must be san, lan or uci, got \"" + notation + "\"");
                        };
                        pgnOptions = new PgnOptions(nt, flagKey(kv, "nodes"), flagKey(kv, "seldepth"), flagKey(kv, "nps"),
                            flagKey(kv, "hashfull"), flagKey(kv, "tbhits"), flagKey(kv, "pv"), flagKey(kv, "timeleft"),
                            flagKey(kv, "latency"), matchLines, bool("pgnout append", kv.getOrDefault("append", "true")));
                    } else {
                        // cutechess: -pgnout FILE [min] [fi]
                        if (o.values().isEmpty() || o.values().size() > 3) throw new IllegalArgumentException("-pgnout: expected FILE [min] [fi] or file=NAME ...");
                        pgnOut = Path.of(o.values().get(0));
                        for (String flag : o.values().subList(1, o.values().size())) {
                            if (flag.equals("min")) pgnMin = true;
                            else if (!flag.equals("fi")) throw new IllegalArgumentException("-pgnout: unknown flag \"" + flag + "\" (expected min or fi)");
                            // fi (only finished games): Rookery never writes an unfinished game, so it is always so.
                        }
                    }
                }
                case "epdout" -> {
                    if (!o.pairs().isEmpty()) {
                        requireKeys("epdout", o.pairs(), Set.of("file"));
                        if (!o.values().isEmpty()) throw new IllegalArgumentException("-epdout: expected FILE or file=NAME");
                        epdOut = Path.of(required("epdout", o.pairs(), "file"));
                    } else {
                        epdOut = Path.of(o.single());
                    }
                }
                case "output" -> {
                    requireNoValues(o);
                    requireKeys("output", o.pairs(), Set.of("format"));
                    String f = required("output", o.pairs(), "format");
                    output = switch (f) {
                        case "fastchess" -> RunOptions.OutputFormat.FASTCHESS;
                        case "cutechess" -> RunOptions.OutputFormat.CUTECHESS;
                        case "rookery" -> RunOptions.OutputFormat.ROOKERY;
                        default -> throw new IllegalArgumentException("-output: format= must be fastchess, cutechess or rookery, got \"" + f + "\"");
                    };
                }
                case "report" -> {
                    requireNoValues(o);
                    requireKeys("report", o.pairs(), Set.of("penta"));
                    reportPenta = bool("report penta", required("report", o.pairs(), "penta"));
                }
                case "scoreinterval" -> scoreInterval = nonNegative(n, o.single());
                case "outcomeinterval" -> outcomeInterval = nonNegative(n, o.single());
                case "crc32" -> {
                    requireNoValues(o);
                    requireKeys("crc32", o.pairs(), Set.of("pgn"));
                    crc32 = bool("crc32 pgn", required("crc32", o.pairs(), "pgn"));
                }
                case "testEnv", "testenv" -> testEnv = flag(o);
                case "wait" -> waitMs = nonNegative(n, o.single());
                case "force-concurrency" -> forceConcurrency = flag(o);
                case "use-affinity" -> {
                    if (!o.pairs().isEmpty() || o.values().size() > 1) throw new IllegalArgumentException("-use-affinity: expected at most one CPU list");
                    warnings.accept("-use-affinity: the JVM cannot bind engine processes to CPUs; they run where the OS puts them");
                }
                case "both" -> each.putAll(engineKeys(o)); // cutechess's older name for -each
                case "ratinginterval" -> ratingInterval = nonNegative(n, o.single());
                case "event" -> event = String.join(" ", o.values());
                case "site" -> site = String.join(" ", o.values());
                case "scoring" -> {
                    String v = o.single();
                    if (v.equals("football")) football = true;
                    else if (!v.equals("standard")) throw new IllegalArgumentException("-scoring: expected standard or football, got \"" + v + "\"");
                }
                case "log" -> {
                    if (o.pairs().isEmpty()) {
                        logDir = Path.of(o.single()); // Rookery's own form: the engines' stderr directory
                    } else {
                        requireNoValues(o);
                        runLog = logOptions(o.pairs());
                    }
                }
                case "resultformat" -> {
                    String v = o.single();
                    if (v.equals("help")) {
                        throw new IllegalArgumentException("-resultformat help: format names " + String.join(" ", org.rookery.workers.match.ResultFormat.NAMED.keySet())
                            + "; or fields and groups (" + String.join(" ", org.rookery.workers.match.ResultFormat.GROUPS.keySet())
                            + ") separated by commas (an unknown field is named in its error)");
                    }
                    resultFormat = org.rookery.workers.match.ResultFormat.parse(v);
                }
                case "show-latency" -> showLatency = flag(o);
                case "debug" -> {
                    // cutechess: -debug prints every engine line; -debug all also sets the engines' debug flag ("debug on").
                    if (!o.pairs().isEmpty() || o.values().size() > 1 || o.values().size() == 1 && !o.values().get(0).equals("all")) {
                        throw new IllegalArgumentException("-debug: expected nothing or all, got \"" + String.join(" ", o.raw()) + "\"");
                    }
                    if (registryEngines) {
                        throw new IllegalArgumentException("-debug: a submitted match's engines run on the workers; each worker's -log DIR keeps their stderr");
                    }
                    debug = true;
                    debugAll = o.values().size() == 1;
                }
                case "tb" -> {
                    tbDir = o.single();
                    if (registryEngines) {
                        warnings.accept("-tb " + tbDir + ": each worker adjudicates with the tables of its own --tb; the task only says adjudication is on");
                    } else {
                        for (String d : tbDir.split("[:;]")) { // Stockfish's SyzygyPath uses ':', cutechess-cli's -tb ';'
                            if (!d.isEmpty() && !Files.isDirectory(Path.of(d))) {
                                throw new IllegalArgumentException("-tb: " + d + " is not a directory of endgame tables (Rookery .rtb or Syzygy .rtbw/.rtbz)");
                            }
                        }
                    }
                }
                case "tbadjudicate" -> {
                    String v = o.single();
                    try {
                        tbResults = Adjudication.TablebaseResults.valueOf(v);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("-tbadjudicate: expected WIN_LOSS, DRAW or BOTH, got \"" + v + "\"");
                    }
                }
                case "tbpieces" -> tbPieces = positive(n, o.single());
                case "tbignore50" -> tbIgnore50 = flag(o);
                case "stalltimeout" -> stallMs = positive(n, o.single());
                case "variant" -> {
                    variant = Variant.fromName(o.single());
                    if (variant == null) {
                        throw new IllegalArgumentException("-variant: expected standard or fischerandom (also chess960), got \"" + o.single() + "\"");
                    }
                }
                default -> throw new IllegalArgumentException("unknown option -" + n + " (see 'rookery gauntlet --help')");
            }
        }
        if (engines.size() < 2) throw new IllegalArgumentException("at least two -engine options are needed, found " + engines.size());

        List<EngineConfig> configs = new ArrayList<>();
        List<Map<String, String>> engineKeys = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Map<Integer, String> numbered = numberUnnamedTwins(engines, each, warnings);
        for (int i = 0; i < engines.size(); i++) {
            Map<String, String> merged = new LinkedHashMap<>(each);
            merged.putAll(engines.get(i));
            if (numbered.containsKey(i)) merged.put("name", numbered.get(i));
            if (debugAll && merged.getOrDefault("proto", "uci").equals("uci")) merged.putIfAbsent("debug", "true"); // CECP has no debug command
            if (registryEngines) checkRegistryEngine(i + 1, merged);
            EngineConfig cfg = engine(i + 1, merged, !registryEngines);
            // fastchess and cutechess switch Chess960 on through the UCI option; MatchRunner refuses engines without it.
            if (variant.isChess960()) cfg = cfg.withOption(EngineConfig.UCI_CHESS960, "true");
            engineKeys.add(Map.copyOf(merged));
            if (!names.add(cfg.name())) throw new IllegalArgumentException("-engine: two engines are named \"" + cfg.name() + "\"; give each a distinct name=");
            configs.add(cfg);
        }

        long usedSeed = seed != null ? seed : System.nanoTime() & 0x7fffffffL;
        OpeningBook book = OpeningBook.startPosition();
        if (openings == null && variant.isChess960()) {
            throw new IllegalArgumentException("-variant fischerandom needs -openings file=BOOK (Chess960 starts, EPD or PGN, "
                + "e.g. the Stockfish books' FRC_openings.epd or DFRC_openings.epd)");
        }
        if (diskBook && (each.containsKey("book") || engines.stream().anyMatch(e -> e.containsKey("book")))) {
            // cutechess's -bookmode is about these files; Rookery's is about -openings. Same moves either way.
            warnings.accept("-bookmode disk: the engines' Polyglot book= files are read into memory all the same; "
                + "-bookmode applies to the -openings book");
        }
        if (diskBook && openings == null) {
            throw new IllegalArgumentException("-bookmode disk: no -openings file=BOOK to read from disk (engine book= keys are the engines' own)");
        }
        if (openings != null) {
            for (String k : openings.keySet()) {
                if (!Set.of("file", "format", "order", "plies", "start", "policy").contains(k)) {
                    throw new IllegalArgumentException("-openings: unknown key " + k + "= (known: file format order plies start policy)");
                }
            }
            String file = openings.get("file");
            if (file == null) throw new IllegalArgumentException("-openings: file= is required");
            String order = openings.getOrDefault("order", "sequential");
            if (!order.equals("sequential") && !order.equals("random")) {
                throw new IllegalArgumentException("-openings: order= must be sequential or random, got \"" + order + "\"");
            }
            String policyName = openings.getOrDefault("policy", "default");
            policy = switch (policyName) {
                case "default" -> MatchSettings.OpeningPolicy.DEFAULT;
                case "encounter" -> MatchSettings.OpeningPolicy.ENCOUNTER;
                // fastchess accepts only policy=round; cutechess's round: a new opening each round.
                case "round" -> MatchSettings.OpeningPolicy.ROUND;
                default -> throw new IllegalArgumentException("-openings: policy= must be default, encounter or round (cutechess-cli's man page), got \""
                    + policyName + "\"");
            };
            String format = openings.get("format");
            if (format != null && !format.equals("epd") && !format.equals("pgn")) {
                throw new IllegalArgumentException("-openings: format= must be epd or pgn, got \"" + format + "\"");
            }
            int plies = openings.containsKey("plies") ? positive("openings plies", openings.get("plies")) : 0;
            int start = openings.containsKey("start") ? positive("openings start", openings.get("start")) : 1;
            book = diskBook
                ? OpeningBook.onDisk(Path.of(file), format, variant, order.equals("random"), usedSeed, start, warnings)
                : OpeningBook.load(Path.of(file), format, variant, order.equals("random"), usedSeed, start, plies, warnings);
        }

        Sprt sprtTest = null;
        if (sprt != null) {
            if (configs.size() != 2) throw new IllegalArgumentException("-sprt needs exactly two engines, found " + configs.size());
            requireKeys("sprt", sprt, Set.of("elo0", "elo1", "alpha", "beta", "model"));
            String model = sprt.getOrDefault("model", "normalized"); // fastchess's default (man.md); cutechess has no model=
            Sprt.Model m;
            if (model.equals("logistic")) m = Sprt.Model.LOGISTIC;
            else if (model.equals("normalized")) m = Sprt.Model.NORMALIZED;
            else if (model.equals("bayesian")) m = Sprt.Model.BAYESIAN;
            else throw new IllegalArgumentException("-sprt: model= must be logistic, normalized or bayesian, got \"" + model + "\"");
            double elo0 = parseDouble("sprt elo0", required("sprt", sprt, "elo0"));
            double elo1 = parseDouble("sprt elo1", required("sprt", sprt, "elo1"));
            double alpha = parseDouble("sprt alpha", sprt.getOrDefault("alpha", "0.05"));
            double beta = parseDouble("sprt beta", sprt.getOrDefault("beta", "0.05"));
            try {
                sprtTest = new Sprt(alpha, beta, elo0, elo1, m);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("-sprt: " + e.getMessage());
            }
        }

        int resignCount = 0, resignScore = 0, drawNumber = 0, drawCount = 0, drawScore = 0;
        boolean twoSided = false;
        if (resign != null) {
            requireKeys("resign", resign, Set.of("movecount", "score", "twosided"));
            resignCount = positive("resign movecount", required("resign", resign, "movecount"));
            resignScore = positive("resign score", required("resign", resign, "score"));
            twoSided = bool("resign twosided", resign.getOrDefault("twosided", "false"));
        }
        if (draw != null) {
            requireKeys("draw", draw, Set.of("movenumber", "movecount", "score"));
            drawNumber = nonNegative("draw movenumber", required("draw", draw, "movenumber"));
            drawCount = positive("draw movecount", required("draw", draw, "movecount"));
            drawScore = nonNegative("draw score", required("draw", draw, "score"));
        }
        if (tbDir == null && (tbPieces > 0 || tbIgnore50 || tbResults != null)) {
            throw new IllegalArgumentException("-tbpieces, -tbignore50 and -tbadjudicate need -tb DIR");
        }
        if (tbDir != null && tbResults == null) tbResults = Adjudication.TablebaseResults.BOTH;
        if (repeatCount != null && repeatCount == 2 && games == 1) games = 2; // fastchess: -repeat sets -games 2
        if (repeatCount != null && repeatCount != 2 && !gamesGiven) games = repeatCount; // fastchess: -repeat N sets -games N
        // An encounter's games share one opening: fastchess's rule for -games N (the games of a round share one
        // opening), and cutechess's for -repeat N (each opening N times). -repeat 1 gives every game its own opening.
        // Games are counted in pairs (pentanomial) whenever an opening is played at least twice.
        boolean repeat = repeatCount != null ? repeatCount >= 2 : games >= 2;
        if (repeatCount != null && repeatCount > 2 && games % repeatCount != 0) {
            // cutechess: "%d opening repetitions vs %d games per encounter"
            warnings.accept("-repeat " + repeatCount + ": " + repeatCount + " opening repetitions vs " + games + " games per encounter");
        }
        if (repeat && games % 2 == 1) warnings.accept("-games " + games + " is odd: the last game of each encounter is unpaired");

        if (tournament == MatchSettings.Tournament.KNOCKOUT) {
            // cutechess: "Tournament "knockout" does not support user-defined round multipliers"
            if (roundsGiven) throw new IllegalArgumentException("-rounds: a knockout has as many rounds as its bracket needs; leave -rounds out");
            rounds = 1;
        }
        if (seeds != null && seeds > 0 && tournament != MatchSettings.Tournament.GAUNTLET && tournament != MatchSettings.Tournament.KNOCKOUT) {
            warnings.accept("-seeds " + seeds + ": seeds place engines in a gauntlet (fastchess) or a knockout (cutechess); a "
                + tournament.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + " has none");
        }
        if (seeds != null && tournament == MatchSettings.Tournament.GAUNTLET && (seeds < 1 || seeds >= configs.size())) {
            throw new IllegalArgumentException("-seeds " + seeds + ": a gauntlet of " + configs.size() + " engines takes 1 to "
                + (configs.size() - 1) + " gauntlet engines");
        }
        int seedCount = seeds != null ? seeds : tournament == MatchSettings.Tournament.KNOCKOUT ? 0 : 1;
        int repetitions = policy != MatchSettings.OpeningPolicy.DEFAULT ? Integer.MAX_VALUE
            : repeatCount != null ? repeatCount : Math.max(1, games);
        MatchSettings.Pairing pairing = new MatchSettings.Pairing(seedCount, policy, repetitions, usedSeed);
        MatchSettings s = new MatchSettings(configs, tournament, rounds, games, repeat, noSwap,
            reverse, concurrency, book, new Adjudication(resignCount, resignScore, twoSided, drawNumber, drawCount, drawScore, maxMoves,
                registryEngines ? null : tbDir, tbPieces, tbIgnore50, tbResults),
            sprtTest, pgnOut, pgnMin, ratingInterval, recover, event, site, football, logDir, stallMs, pairing);
        long total = Schedule.size(s);
        if (total > Schedule.MAX_GAMES) {
            throw new IllegalArgumentException("-rounds " + rounds + ": the match would have " + total + " games; at most "
                + Schedule.MAX_GAMES + " are allowed in one match");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        if (!forceConcurrency && !registryEngines && concurrency > cores) {
            // fastchess: "-concurrency N: limited by the number of hardware threads" unless -force-concurrency.
            // Only where the games run here: for submit and tune --bootstrap it counts pairs out at once.
            warnings.accept("-concurrency " + concurrency + " is more than the " + cores + " hardware threads; it is lowered to "
                + cores + " (use -force-concurrency to keep it)");
            s = s.withConcurrency(cores);
        }
        if (sprtTest != null && sprtTest.model() == Sprt.Model.BAYESIAN && reportPenta) {
            // fastchess: "Bayesian SPRT model not available with pentanomial statistics. Disabling pentanomial reports"
            warnings.accept("-sprt model=bayesian works on W/D/L only: pentanomial reports are off");
            reportPenta = false;
        }
        // fastchess prints its own output unless told otherwise; -testEnv (fishtest, OpenBench) reads that output.
        if (output == null) output = testEnv ? RunOptions.OutputFormat.FASTCHESS : RunOptions.OutputFormat.ROOKERY;
        String bookName = openings == null ? null : Path.of(openings.get("file")).getFileName().toString();
        RunOptions run = new RunOptions(output, reportPenta, scoreInterval, outcomeInterval, pgnOptions, epdOut, crc32, waitMs, bookName,
            resultFormat, showLatency, debug, null);
        return new Parsed(s, usedSeed, List.copyOf(engineKeys), run, runLog);
    }

    /**
     * Engines without {@code name=} that would take the same name from their command (cutechess's first man-page
     * example runs one program twice): numbered 1, 2, ... in command-line order, as fastchess's {@code -quick}
     * names two equal commands, with one warning line. cutechess would call both by the engine's {@code id name};
     * Rookery keys its tallies, PGN and resume state by name, so two engines can't share one.
     */
    static Map<Integer, String> numberUnnamedTwins(List<Map<String, String>> engines, Map<String, String> each, Consumer<String> warnings) {
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        for (int i = 0; i < engines.size(); i++) {
            Map<String, String> kv = new LinkedHashMap<>(each);
            kv.putAll(engines.get(i));
            if (kv.containsKey("name") || !kv.containsKey("cmd")) continue;
            byName.computeIfAbsent(nameOfCommand(kv.get("cmd")), k -> new ArrayList<>()).add(i);
        }
        Map<Integer, String> out = new java.util.HashMap<>();
        byName.forEach((name, idx) -> {
            if (idx.size() < 2) return;
            List<String> given = new ArrayList<>();
            for (int k = 0; k < idx.size(); k++) {
                out.put(idx.get(k), name + (k + 1));
                given.add(name + (k + 1));
            }
            warnings.accept(idx.size() + " engines run " + name + " without name=; they play as " + String.join(", ", given)
                + " (cutechess would call them all by the engine's id name; give name= to choose)");
        });
        return out;
    }

    /** fastchess's {@code -log} keys (man.md): file= level= compress= realtime= engine=, and append=. */
    static RunLog.Options logOptions(Map<String, String> kv) {
        requireKeys("log", kv, Set.of("file", "level", "compress", "realtime", "engine", "append"));
        String file = required("log", kv, "file");
        String levelName = kv.getOrDefault("level", "warn");
        RunLog.Level level = switch (levelName) {
            case "trace" -> RunLog.Level.TRACE;
            case "info" -> RunLog.Level.INFO;
            case "warn" -> RunLog.Level.WARN;
            case "err" -> RunLog.Level.ERR;
            case "fatal" -> RunLog.Level.FATAL;
            default -> throw new IllegalArgumentException("-log: level= must be trace, info, warn, err or fatal, got \"" + levelName + "\"");
        };
        return new RunLog.Options(Path.of(file), level, bool("log compress", kv.getOrDefault("compress", "false")),
            bool("log realtime", kv.getOrDefault("realtime", "false")), bool("log append", kv.getOrDefault("append", "true")),
            bool("log engine", kv.getOrDefault("engine", "false")));
    }

    /**
     * fastchess's {@code -quick cmd=A cmd=B book=FILE}, expanded as fastchess does: each {@code cmd=} an
     * engine named after its command (two equal names get 1 and 2 appended) with {@code tc=10+0.1};
     * {@code book=} the openings in random order (format from the .epd/.pgn extension); then
     * {@code -games 2 -rounds 25000 -concurrency (hardware threads - 2, at least 1) -recover
     * -draw movenumber=30 movecount=8 score=8 -output format=cutechess}. An option given beside
     * {@code -quick} wins over the one it implies.
     */
    static List<CutechessArgs.Opt> expandQuick(List<CutechessArgs.Opt> opts) {
        CutechessArgs.Opt quick = null;
        for (CutechessArgs.Opt o : opts) if (o.name().equals("quick")) quick = o;
        if (quick == null) return opts;
        if (!quick.values().isEmpty()) throw new IllegalArgumentException("-quick: expected cmd=ENGINE1 cmd=ENGINE2 book=BOOK, found \"" + quick.values().get(0) + "\"");
        // CutechessArgs keeps one value per key, so the two cmd= are read from the option's raw order.
        List<String> cmds = new ArrayList<>();
        String book = null;
        for (String raw : quick.raw()) {
            int eq = raw.indexOf('=');
            String key = eq < 0 ? raw : raw.substring(0, eq), value = eq < 0 ? "" : raw.substring(eq + 1);
            if (key.equals("cmd")) cmds.add(value);
            else if (key.equals("book")) book = value;
            else throw new IllegalArgumentException("-quick: unknown key " + key + "= (known: cmd book)");
        }
        if (cmds.size() != 2) throw new IllegalArgumentException("-quick: expected two cmd= keys, found " + cmds.size());
        java.util.Set<String> given = new HashSet<>();
        for (CutechessArgs.Opt o : opts) given.add(o.name());
        List<CutechessArgs.Opt> out = new ArrayList<>();
        String[] names = {cmds.get(0), cmds.get(1)};
        if (names[0].equals(names[1])) {
            names[0] += "1";
            names[1] += "2";
        }
        for (int i = 0; i < 2; i++) {
            Map<String, String> kv = new LinkedHashMap<>();
            kv.put("cmd", cmds.get(i));
            kv.put("name", names[i]);
            kv.put("tc", "10+0.1");
            out.add(new CutechessArgs.Opt("engine", List.of(), kv));
        }
        if (book != null && !given.contains("openings")) {
            String format = book.endsWith(".pgn") ? "pgn" : book.endsWith(".epd") ? "epd" : null;
            if (format == null) throw new IllegalArgumentException("-quick: book=" + book + " needs the .epd or .pgn extension (fastchess reads the format from it)");
            Map<String, String> kv = new LinkedHashMap<>();
            kv.put("file", book);
            kv.put("format", format);
            kv.put("order", "random");
            out.add(new CutechessArgs.Opt("openings", List.of(), kv));
        }
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors() - 2);
        String[][] implied = {{"games", "2"}, {"rounds", "25000"}, {"concurrency", Integer.toString(threads)}};
        for (String[] kv : implied) {
            if (!given.contains(kv[0])) out.add(new CutechessArgs.Opt(kv[0], List.of(kv[1]), new LinkedHashMap<>()));
        }
        if (!given.contains("recover")) out.add(new CutechessArgs.Opt("recover", List.of(), new LinkedHashMap<>()));
        if (!given.contains("draw")) {
            out.add(new CutechessArgs.Opt("draw", List.of(), new LinkedHashMap<>(Map.of("movenumber", "30", "movecount", "8", "score", "8"))));
        }
        if (!given.contains("output")) out.add(new CutechessArgs.Opt("output", List.of(), new LinkedHashMap<>(Map.of("format", "cutechess"))));
        for (CutechessArgs.Opt o : opts) if (o != quick) out.add(o);
        return out;
    }

    private static void checkRegistryEngine(int number, Map<String, String> kv) {
        for (String k : kv.keySet()) {
            if (REGISTRY_ONLY_KEYS.contains(k) || k.startsWith("option.") || k.startsWith("env.")) {
                throw new IllegalArgumentException("-engine #" + number + ": " + k + "= cannot be set in a submitted match; "
                    + "engines are named by registry name= and each worker's engines.yaml says what runs");
            }
        }
        String name = kv.get("name");
        if (name == null || name.isBlank()) throw new IllegalArgumentException("-engine #" + number + ": name= (a registry name) is required");
        if (!name.matches("[A-Za-z0-9._+-]{1,64}")) {
            throw new IllegalArgumentException("-engine #" + number + ": name=" + name + " is not a registry name (letters, digits, . _ + -)");
        }
    }

    /** The name an engine without {@code name=} takes: its command's file name. */
    static String nameOfCommand(String cmd) {
        return Path.of(cmd).getFileName().toString();
    }

    /** fastchess's -pgnout keys (man.md), plus pv=. */
    static final Set<String> PGNOUT_KEYS = Set.of("file", "notation", "nodes", "seldepth", "nps", "hashfull", "tbhits", "pv",
        "timeleft", "latency", "min", "match_line", "append");

    private static boolean flagKey(Map<String, String> kv, String key) {
        return bool("pgnout " + key, kv.getOrDefault(key, "false"));
    }

    static EngineConfig engine(int number, Map<String, String> kv) {
        return engine(number, kv, true);
    }

    /** @param local the engine runs here: {@code cmd=} is required and must be executable */
    static EngineConfig engine(int number, Map<String, String> kv, boolean local) {
        String where = "-engine #" + number;
        try {
            kv = EngineKeys.withConf(where, kv);
        } catch (IOException e) {
            throw new IllegalArgumentException(where + ": conf=: " + e.getMessage());
        }
        Map<String, String> options = new LinkedHashMap<>();
        Map<String, String> env = new HashMap<>();
        for (var e : kv.entrySet()) {
            String k = e.getKey();
            if (k.startsWith("option.")) options.put(k.substring(7), e.getValue());
            else if (k.startsWith("env.")) env.put(k.substring(4), e.getValue());
            else if (!ENGINE_KEYS.contains(k)) {
                throw new IllegalArgumentException(where + ": unknown key " + k + "= (known: " + String.join(" ", new java.util.TreeSet<>(ENGINE_KEYS)) + " option.NAME env.NAME)");
            }
        }
        String cmd = local ? kv.get("cmd") : kv.get("name");
        if (cmd == null || cmd.isBlank()) throw new IllegalArgumentException(where + ": cmd= is required");
        String name = kv.getOrDefault("name", nameOfCommand(cmd));
        where = "-engine " + name;
        Path dir = kv.containsKey("dir") ? Path.of(kv.get("dir")) : null;
        if (dir != null && !Files.isDirectory(dir)) throw new IllegalArgumentException(where + ": dir=" + dir + " is not a directory");
        if (local && !cmd.equals(EngineConfig.BUILTIN)) {
            Path found = resolve(cmd, dir);
            if (found == null) throw new IllegalArgumentException(where + ": cmd=" + cmd + " is not an executable file or a command on PATH");
            // fastchess and cutechess look for cmd= in dir= first; the process is started by that path.
            if (dir != null && !cmd.contains(File.separator) && found.startsWith(dir)) cmd = found.toAbsolutePath().toString();
        }
        TimeControl tc = TimeControl.infinite();
        if (kv.containsKey("tc") && kv.containsKey("st")) throw new IllegalArgumentException(where + ": give tc= or st=, not both");
        try {
            if (kv.containsKey("tc")) tc = TimeControl.parse(kv.get("tc"));
            if (kv.containsKey("st")) tc = TimeControl.parseMoveTime(kv.get("st"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
        long nodes = kv.containsKey("nodes") ? positive(name + " nodes", kv.get("nodes")) : 0;
        int depth = kv.containsKey("depth") ? positive(name + " depth", kv.get("depth")) : 0;
        // fastchess's plies= is its spelling of cutechess's depth= ("Max number of plies (depth) to
        // search", man.md): both end up as "go depth N" (CECP "sd N").
        if (kv.containsKey("plies")) {
            int plies = positive(name + " plies", kv.get("plies"));
            if (depth != 0 && depth != plies) {
                throw new IllegalArgumentException(where + ": plies=" + plies + " and depth=" + depth + " are the same limit; give one");
            }
            depth = plies;
        }
        if (tc.isInfinite() && nodes == 0 && depth == 0) {
            throw new IllegalArgumentException(where + ": no limit: give tc=, st=, nodes= or depth= (plies=)");
        }
        if (kv.containsKey("timemargin")) {
            tc = tc.withTimeMarginMillis(nonNegative(name + " timemargin", kv.get("timemargin")));
        } else if (tc.kind() == TimeControl.Kind.MOVETIME) {
            // "go movetime N" makes an engine stop searching at N ms and answer just after: without
            // some margin every st= game would be lost on time by the engine's own reply latency.
            tc = tc.withTimeMarginMillis(DEFAULT_MOVETIME_MARGIN_MS);
        }
        return new EngineConfig(name, cmd, EngineKeys.arguments(kv), dir, env, options, tc, nodes, depth, EngineKeys.setup(where, kv));
    }

    /** The executable {@code cmd} names: inside {@code dir} first (when given), else as a path or on PATH; null if none. */
    static Path resolve(String cmd, Path dir) {
        Path p = Path.of(cmd);
        if (dir != null && !cmd.contains(File.separator) && Files.isExecutable(dir.resolve(p))) return dir.resolve(p);
        if (cmd.contains(File.separator)) {
            Path abs = dir != null && !p.isAbsolute() ? dir.resolve(p) : p;
            return Files.isExecutable(abs) ? abs : Files.isExecutable(p) ? p : null;
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path c = Path.of(d, cmd);
            if (Files.isExecutable(c)) return c;
        }
        return null;
    }

    /** Splits {@code args=} like a shell would for plain words and double-quoted strings. */
    static List<String> splitArgs(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false, any = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) out.add(cur.toString());
                cur.setLength(0);
                any = false;
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (quoted) throw new IllegalArgumentException("args=: unbalanced double quote in \"" + s + "\"");
        if (any) out.add(cur.toString());
        return out;
    }

    private static void requireNoValues(CutechessArgs.Opt o) {
        if (!o.values().isEmpty()) {
            throw new IllegalArgumentException("-" + o.name() + ": expected key=value pairs, found \"" + o.values().get(0) + "\"");
        }
    }

    private static boolean flag(CutechessArgs.Opt o) {
        if (!o.values().isEmpty() || !o.pairs().isEmpty()) throw new IllegalArgumentException("-" + o.name() + " takes no value");
        return true;
    }

    private static void requireKeys(String opt, Map<String, String> kv, Set<String> allowed) {
        for (String k : kv.keySet()) {
            if (!allowed.contains(k)) throw new IllegalArgumentException("-" + opt + ": unknown key " + k + "= (known: " + String.join(" ", new java.util.TreeSet<>(allowed)) + ")");
        }
    }

    private static String required(String opt, Map<String, String> kv, String key) {
        String v = kv.get(key);
        if (v == null) throw new IllegalArgumentException("-" + opt + ": " + key + "= is required");
        return v;
    }

    private static int positive(String what, String v) {
        int n = (int) parseLong(what, v);
        if (n <= 0) throw new IllegalArgumentException("-" + what + ": expected a positive whole number, got \"" + v + "\"");
        return n;
    }

    private static int nonNegative(String what, String v) {
        int n = (int) parseLong(what, v);
        if (n < 0) throw new IllegalArgumentException("-" + what + ": expected a whole number ≥ 0, got \"" + v + "\"");
        return n;
    }

    private static long parseLong(String what, String v) {
        try {
            long n = Long.parseLong(v.trim());
            if (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-" + what + ": expected a whole number, got \"" + v + "\"");
        }
    }

    /** A 64-bit seed: fishtest passes values up to 2^64 - 1, which are kept as their unsigned bits. */
    private static long parseSeed(String v) {
        try {
            String t = v.trim();
            return t.startsWith("-") ? Long.parseLong(t) : Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-srand: expected a whole number of at most 64 bits, got \"" + v + "\"");
        }
    }

    private static double parseDouble(String what, String v) {
        try {
            double d = Double.parseDouble(v.trim());
            if (!Double.isFinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-" + what + ": expected a number, got \"" + v + "\"");
        }
    }

    static boolean bool(String what, String v) {
        if (v.equals("true") || v.equals("1") || v.equals("yes")) return true;
        if (v.equals("false") || v.equals("0") || v.equals("no")) return false;
        throw new IllegalArgumentException("-" + what + ": expected true or false, got \"" + v + "\"");
    }
}
