package org.rookery.workers.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.core.cli.Unavailable;
import org.rookery.stats.spsa.Rounding;
import org.rookery.stats.spsa.Spsa;
import org.rookery.stats.spsa.SpsaParameter;
import org.rookery.stats.spsa.SpsaSchedule;
import org.rookery.workers.kafka.KafkaClients;
import org.rookery.workers.kafka.KafkaUnavailableException;
import org.rookery.workers.kafka.GameJson;
import org.rookery.workers.kafka.MatchSubmission;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.kafka.Topics;
import org.rookery.workers.local.GauntletRecords;
import org.rookery.workers.local.RecordSpool;
import org.rookery.workers.tune.KafkaTuneDriver;
import org.rookery.workers.tune.SpsaRecord;
import org.rookery.workers.tune.TuneDefinition;
import org.rookery.workers.tune.TuneRunner;
import org.rookery.workers.uci.EngineException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/** {@code rookery tune}: fishtest's SPSA, played locally with the gauntlet's engine and opening options. */
@Command(name = "tune", mixinStandardHelpOptions = true,
    description = {"Tune an engine's UCI options with fishtest's SPSA, e.g.",
        "  rookery tune -engine name=dev cmd=./dev -each tc=10+0.1 \\",
        "    -param FutilityMargin,150,50,300,10,0.002 -param Scale,0.5,0.0,1.0,0.05,0.002 -pairs 2000 -concurrency 2",
        "",
        "Options: -engine KEY=VALUE... (one engine, as in 'rookery gauntlet'), -each KEY=VALUE...,",
        "  -param NAME,START,MIN,MAX,C_END,R_END (repeatable) or -params FILE (one such line each; # comments),",
        "  -pairs N (iterations; one game pair each), -concurrency K, -openings file= format= order= plies= start=,",
        "  -rounding randomized|deterministic (integers; default randomized), -srand N, -resign ..., -draw ..., -maxmoves N,",
        "  -tb DIR, -log DIR, -stalltimeout MS, --data DIR (the spsa table and the games, without Kafka),",
        "  --bootstrap HOST:PORT [--kafka-config FILE] [--resume] (pairs played by Kafka workers).",
        "START, MIN and MAX written without a decimal point make an integer parameter. Each pair plays θ+cΔ against",
        "θ−cΔ from one opening, colours swapped; θ ends as 'setoption' lines and NAME=VALUE. See docs/tuning.md."})
public final class TuneCommand implements Callable<Integer> {
    /** Gauntlet options that describe a match schedule or report, which a tuning run does not have. */
    static final Set<String> NOT_FOR_TUNE = Set.of("tournament", "rounds", "games", "repeat", "noswap", "reverse", "sprt",
        "pgnout", "ratinginterval", "recover", "scoring", "event", "site");

    /** The gauntlet's options tune passes on unchanged (engine, clock, openings, adjudication, logs). */
    static final Set<String> GAUNTLET_OPTIONS = Set.of("each", "concurrency", "openings", "srand", "resign", "draw", "maxmoves",
        "tb", "tbpieces", "tbignore50", "tbadjudicate", "log", "stalltimeout");

    @Unmatched
    List<String> args = new ArrayList<>();

    /** What the command line asks for, validated. */
    record Request(GauntletOptions.Parsed match, List<SpsaParameter> params, int pairs, Rounding rounding, Kafka kafka, Path data) {}

    /** {@code --bootstrap}, {@code --kafka-config} and {@code --resume}: the run is played by Kafka workers; null when local. */
    record Kafka(String bootstrap, Path config, boolean resume) {}

    @Override
    public Integer call() throws Exception {
        Request req = parse(args);
        if (req.kafka() != null) return distributed(req);
        var engine = req.match().settings().engines().get(0);
        try {
            TuneRunner.checkOptions(engine, req.params());
        } catch (EngineException e) {
            // The engine the user named cannot run: bad input, reported before any game.
            throw new IllegalArgumentException("-engine: " + e.getMessage());
        }
        Spsa spsa = new Spsa(req.params(), SpsaSchedule.fishtest(req.pairs()), req.rounding());
        System.out.println("Tuning " + req.params().size() + " parameter(s) over " + req.pairs() + " pairs, -srand "
            + Long.toUnsignedString(req.match().seed()));
        TuneRunner runner = new TuneRunner(req.match().settings(), spsa, req.match().seed(), System.out);
        RecordSpool spool = req.data() == null ? null : record(req, runner);
        Thread hook = new Thread(runner::requestStop, "tune-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        double[] theta;
        try {
            theta = runner.run();
        } catch (EngineException e) {
            throw new Unavailable(e.getMessage());
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
        printFinal(req, theta, spsa.applied());
        if (spool != null && !spool.writeTables(System.out)) {
            throw new Unavailable("--data: the tables were not written to " + req.data() + "; the records are in " + spool.file()
                + ", write them with: rookery " + String.join(" ", spool.sinkCommand()));
        }
        return 0;
    }

    /**
     * {@code --data}: the run's definition, each counted pair's two games and its {@code spsa} result
     * record, as the Kafka driver and the workers would commit them, into the run's spool.
     */
    private static RecordSpool record(Request req, TuneRunner runner) throws java.io.IOException {
        TuneDefinition def = new TuneDefinition(request(req, false));
        String run = def.runId();
        RecordSpool spool = RecordSpool.open(req.data(), run, false);
        spool.add(Topics.MATCHES, run, MatchSubmission.of(def.definition(Instant.now())).toJson());
        System.out.println("Recording run " + run + " in " + spool.file());
        runner.onPair((step, opening, games) -> {
            PairTask task = def.task(step.probe(), opening);
            List<String> ids = List.of(task.gameId(0), task.gameId(1));
            for (int g = 0; g < 2; g++) spool.add(Topics.GAMES, ids.get(g), GameJson.of(task, g, games.get(g), GauntletRecords.WORKER));
            spool.add(Topics.SPSA, run, SpsaRecord.result(run, req.pairs(), def.names(), step, ids).toJson());
        });
        return spool;
    }

    /** The run as the Kafka driver's request; the definition (and so the run id) is the same locally. */
    static KafkaTuneDriver.Request request(Request req, boolean resume) {
        var m = req.match();
        var engine = m.settings().engines().get(0);
        String name = engine.name().substring(0, engine.name().length() - 1);
        return new KafkaTuneDriver.Request(req.params(), req.pairs(), req.rounding(), m.seed(), name,
            EngineLimits.fromKeys(m.engineKeys().get(0)), m.settings(), Math.max(1, m.settings().concurrency()), resume);
    }

    /** The run as Kafka tasks for the workers; the driver resumes from the log with --resume. */
    private static int distributed(Request req) throws Exception {
        var m = req.match();
        KafkaClients clients = KafkaClients.of(req.kafka().bootstrap(), req.kafka().config());
        var kreq = request(req, req.kafka().resume());
        KafkaTuneDriver driver = new KafkaTuneDriver(clients, kreq, System.out);
        System.out.println("Tuning " + req.params().size() + " parameter(s) over " + req.pairs() + " pairs on Kafka (" + clients.bootstrap()
            + "), run " + driver.runId() + ", " + kreq.window() + " pair(s) out at once, -srand " + Long.toUnsignedString(m.seed()));
        Thread hook = new Thread(driver::requestStop, "tune-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        double[] theta;
        try {
            theta = driver.run();
        } catch (KafkaUnavailableException | IllegalStateException e) {
            throw new Unavailable(e.getMessage());
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
        printFinal(req, theta, req.pairs());
        return 0;
    }

    private static void printFinal(Request req, double[] theta, long pairs) {
        List<String> values = TuneRunner.finalValues(req.params(), theta);
        System.out.println("Final values after " + pairs + " pairs:");
        for (int i = 0; i < values.size(); i++) System.out.println("setoption name " + req.params().get(i).name() + " value " + values.get(i));
        for (int i = 0; i < values.size(); i++) System.out.println(req.params().get(i).name() + "=" + values.get(i));
    }

    /**
     * Splits tune's own options from the gauntlet's and parses both; the one engine is played as
     * two, {@code NAME+} and {@code NAME-}, so the gauntlet's parser checks it exactly as for a match.
     */
    static Request parse(List<String> argv) throws java.io.IOException {
        List<CutechessArgs.Opt> opts = CutechessArgs.parse(argv);
        List<SpsaParameter> params = new ArrayList<>();
        Map<String, String> engine = null;
        Integer pairs = null;
        Rounding rounding = Rounding.RANDOMIZED;
        boolean paramsFile = false;
        String bootstrap = null;
        Path kafkaConfig = null;
        boolean resume = false;
        Path data = null;
        List<String> rest = new ArrayList<>();
        for (CutechessArgs.Opt o : opts) {
            switch (o.name()) {
                case "param" -> params.add(parameter(o.single()));
                case "params" -> {
                    if (paramsFile) throw new IllegalArgumentException("-params given twice");
                    paramsFile = true;
                    params.addAll(parameterFile(Path.of(o.single())));
                }
                case "pairs" -> {
                    if (pairs != null) throw new IllegalArgumentException("-pairs given twice");
                    pairs = pairs(o.single());
                }
                case "rounding" -> rounding = switch (o.single()) {
                    case "randomized" -> Rounding.RANDOMIZED;
                    case "deterministic" -> Rounding.DETERMINISTIC;
                    default -> throw new IllegalArgumentException("-rounding: expected randomized or deterministic, got \"" + o.single() + "\"");
                };
                case "bootstrap" -> bootstrap = o.single();
                case "data" -> {
                    if (data != null) throw new IllegalArgumentException("--data given twice");
                    data = Path.of(o.single());
                    if (Files.exists(data) && !Files.isDirectory(data)) throw new IllegalArgumentException("--data: " + data + " is not a directory");
                }
                case "kafka-config" -> kafkaConfig = Path.of(o.single());
                case "resume" -> {
                    if (!o.values().isEmpty() || !o.pairs().isEmpty()) throw new IllegalArgumentException("--resume takes no value");
                    resume = true;
                }
                case "engine" -> {
                    if (engine != null) throw new IllegalArgumentException("-engine: tune takes one engine (it plays itself at θ+cΔ and θ−cΔ)");
                    if (!o.values().isEmpty()) throw new IllegalArgumentException("-engine: expected key=value pairs, found \"" + o.values().get(0) + "\"");
                    engine = o.pairs();
                }
                default -> {
                    if (NOT_FOR_TUNE.contains(o.name())) throw new IllegalArgumentException("-" + o.name() + " does not apply to tune (see 'rookery tune --help')");
                    if (!GAUNTLET_OPTIONS.contains(o.name())) throw new IllegalArgumentException("unknown option -" + o.name() + " (see 'rookery tune --help')");
                    rest.add("-" + o.name());
                    rest.addAll(o.values());
                    o.pairs().forEach((k, v) -> rest.add(k + "=" + v));
                }
            }
        }
        if (engine == null) throw new IllegalArgumentException("-engine is required: the engine to tune");
        if (params.isEmpty()) throw new IllegalArgumentException("no parameter to tune: give -param NAME,START,MIN,MAX,C_END,R_END or -params FILE");
        if (pairs == null) throw new IllegalArgumentException("-pairs N is required: the number of game pairs (SPSA iterations)");
        Set<String> names = new java.util.HashSet<>();
        for (SpsaParameter p : params) {
            if (!names.add(p.name())) throw new IllegalArgumentException("-param " + p.name() + " given twice");
        }
        if (bootstrap == null && (resume || kafkaConfig != null)) {
            throw new IllegalArgumentException((resume ? "--resume" : "--kafka-config") + " needs --bootstrap HOST:PORT: a local run keeps no log to resume from");
        }
        boolean onKafka = bootstrap != null;
        if (onKafka && data != null) {
            throw new IllegalArgumentException("--data is for local runs: with --bootstrap the tables come from 'rookery sink --bootstrap HOST:PORT --data DIR'");
        }
        if (onKafka && !engine.containsKey("name")) throw new IllegalArgumentException("-engine name=NAME is required with --bootstrap: the workers' registry entry to tune");
        String cmd = engine.getOrDefault("cmd", "engine");
        String name = engine.getOrDefault("name", Path.of(cmd).getFileName().toString());
        List<String> gauntlet = new ArrayList<>();
        for (String side : List.of("+", "-")) {
            Map<String, String> kv = new LinkedHashMap<>(engine);
            kv.put("name", name + side);
            gauntlet.add("-engine");
            kv.forEach((k, v) -> gauntlet.add(k + "=" + v));
        }
        gauntlet.addAll(rest);
        GauntletOptions.Parsed match = GauntletOptions.parse(gauntlet, w -> System.out.println("Warning: " + w), onKafka);
        if (match.log() != null) {
            // fastchess's -log file= form: the tuner has no run log (its console is its own); -log DIR is the engines' stderr.
            throw new IllegalArgumentException("-log file=: rookery tune writes no run log; -log DIR keeps the engines' stderr");
        }
        return new Request(match, List.copyOf(params), pairs, rounding, onKafka ? new Kafka(bootstrap, kafkaConfig, resume) : null, data);
    }

    private static SpsaParameter parameter(String line) {
        try {
            return SpsaParameter.parse(line);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-param " + e.getMessage());
        }
    }

    private static List<SpsaParameter> parameterFile(Path file) throws java.io.IOException {
        if (!Files.isReadable(file) || Files.isDirectory(file)) throw new IllegalArgumentException("-params: cannot read " + file);
        try {
            List<SpsaParameter> ps = SpsaParameter.parseAll(Files.readAllLines(file));
            if (ps.isEmpty()) throw new IllegalArgumentException("-params: " + file + " holds no parameter line");
            return ps;
        } catch (IllegalArgumentException e) {
            throw e.getMessage().startsWith("-params") ? e : new IllegalArgumentException("-params " + file + ": " + e.getMessage());
        }
    }

    private static int pairs(String v) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("-pairs: expected a positive whole number, got \"" + v + "\"");
    }
}
