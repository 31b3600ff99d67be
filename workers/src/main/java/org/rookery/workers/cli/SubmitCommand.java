package org.rookery.workers.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.workers.kafka.MatchSubmission;
import org.rookery.workers.kafka.MatchFile;
import org.rookery.workers.kafka.MatchWatcher;
import org.rookery.workers.kafka.Submitter;
import org.rookery.workers.kafka.Topics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/** {@code rookery submit}: publish a distributed match for the workers. */
@Command(name = "submit", mixinStandardHelpOptions = true,
    description = {"Submit a match to the workers through Kafka, with 'rookery gauntlet' options or a YAML/JSON match file:",
        "  rookery submit --bootstrap 127.0.0.1:9092 -engine name=new tc=10+0.1 -engine name=old tc=10+0.1 \\",
        "    -rounds 500 -games 2 -repeat -openings file=book.epd order=random -sprt elo0=0 elo1=5",
        "  rookery submit --bootstrap 127.0.0.1:9092 --file match.yaml",
        "Engines are named by registry name only (cmd=, args=, dir=, option.*, env.* come from each worker's",
        "engines.yaml). Openings are drawn here and travel with each task. The match id is a hash of the match,",
        "so submitting the same match twice publishes nothing the second time.",
        "-quarantine timelosses=T residual=R games=G (defaults 50, 3.5, 40; off turns a test off): a worker with more than T",
        "time losses per 1,000 games or a chi-square residual above R after G games is quarantined by whoever follows the match.",
        "-each tc=10+0.1 nps=REF: each worker scales the clock by REF over its engine's bench speed (fishtest's CPU scaling)."})
public final class SubmitCommand implements Callable<Integer> {
    @Mixin
    KafkaOptions kafka = new KafkaOptions();

    @Option(names = "--file", paramLabel = "FILE", description = "match file (YAML or JSON) instead of gauntlet options")
    Path file;

    @Option(names = "--partitions", paramLabel = "N", description = "partitions of rookery.tasks when it is created (default ${DEFAULT-VALUE})")
    int partitions = Topics.DEFAULT_TASK_PARTITIONS;

    @Option(names = "--follow", description = "then print the standings as games arrive, as 'rookery status --follow'")
    boolean follow;

    @Option(names = "--group", paramLabel = "NAME", description = "with --follow: the workers' consumer group (default ${DEFAULT-VALUE})")
    String group = MatchWatcher.DEFAULT_GROUP;

    @Unmatched
    List<String> args = new ArrayList<>();

    private static final Set<String> LOCAL_ONLY = Set.of("-concurrency", "-pgnout", "-log", "-recover", "-stalltimeout");

    @Override
    public Integer call() throws Exception {
        List<String> argv = new ArrayList<>(args);
        if (file != null) {
            if (!argv.isEmpty()) throw new IllegalArgumentException("give gauntlet options or --file, not both (found \"" + argv.get(0) + "\")");
            argv = MatchFile.toArgs(file);
        }
        if (argv.isEmpty()) throw new IllegalArgumentException("no match given: use gauntlet options (-engine name=... tc=...) or --file FILE");
        for (String a : argv) {
            if (LOCAL_ONLY.contains(a)) System.out.println("Warning: " + a + " applies to local gauntlets only; ignored (workers choose their own)");
        }
        if (partitions < 1) throw new IllegalArgumentException("--partitions: expected a positive number, got " + partitions);
        QuarantineRule quarantine = null;
        int qi = argv.indexOf("-quarantine");
        if (qi >= 0) {
            int end = qi + 1;
            while (end < argv.size() && !argv.get(end).startsWith("-")) end++;
            quarantine = quarantineRule(argv.subList(qi + 1, end));
            argv.subList(qi, end).clear();
        }
        List<Long> nps = takeNps(argv);
        List<String> warnings = new ArrayList<>();
        GauntletOptions.Parsed parsed = GauntletOptions.parse(argv, warnings::add, true);
        for (String w : warnings) System.out.println("Warning: " + w);
        MatchSubmission def = MatchSubmission.of(parsed, Instant.now(), quarantine, nps);
        var clients = kafka.clients();
        Submitter.Outcome o = Submitter.submit(clients, def, partitions);
        if (o == Submitter.Outcome.ALREADY_SUBMITTED) {
            System.out.println("Match " + def.matchId() + " was already submitted; nothing published (see 'rookery status " + def.matchId() + "')");
        } else {
            System.out.println("Submitted match " + def.matchId() + ": " + def.tasks().size() + " pairs, " + def.totalGames()
                + " games, -srand " + parsed.seed() + " (" + clients.bootstrap() + ")");
        }
        if (follow) MatchWatcher.watch(clients, def.matchId(), group, System.out, true, (Duration) null);
        return 0;
    }

    /**
     * Takes the {@code nps=REF} keys out of {@code -engine} and {@code -each} (a submitted match's
     * speed reference, which local gauntlets do not have): per engine in order, 0 for none.
     */
    static List<Long> takeNps(List<String> argv) {
        List<Long> perEngine = new ArrayList<>();
        long each = 0;
        String group = null;
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.startsWith("-")) {
                group = a;
                if (a.equals("-engine")) perEngine.add(-1L);
                continue;
            }
            if (!a.startsWith("nps=") || !("-engine".equals(group) || "-each".equals(group))) continue;
            long v;
            try {
                v = Long.parseLong(a.substring(4).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(group + " nps=: expected nodes per second, got \"" + a.substring(4) + "\"");
            }
            if (v < 1) throw new IllegalArgumentException(group + " nps=: expected a positive number, got " + v);
            if (group.equals("-each")) each = v;
            else perEngine.set(perEngine.size() - 1, v);
            argv.remove(i--);
        }
        List<Long> out = new ArrayList<>();
        for (long v : perEngine) out.add(v >= 0 ? v : each);
        return out;
    }

    /**
     * {@code -quarantine timelosses=T residual=R games=G}: keys left out keep their defaults
     * ({@link QuarantineRule#DEFAULT}); {@code off} turns a test off.
     */
    static QuarantineRule quarantineRule(List<String> kvs) {
        QuarantineRule d = QuarantineRule.DEFAULT;
        double tl = d.timeLossesPer1000(), res = d.residual();
        int games = d.minGames();
        for (String kv : kvs) {
            int eq = kv.indexOf('=');
            String k = eq < 0 ? kv : kv.substring(0, eq), v = eq < 0 ? "" : kv.substring(eq + 1);
            try {
                switch (k) {
                    case "timelosses" -> tl = v.equals("off") ? Double.NaN : Double.parseDouble(v);
                    case "residual" -> res = v.equals("off") ? Double.NaN : Double.parseDouble(v);
                    case "games" -> games = Integer.parseInt(v);
                    default -> throw new IllegalArgumentException("-quarantine: unknown key \"" + k + "\" (known: timelosses, residual, games)");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-quarantine " + k + ": expected a number or off, got \"" + v + "\"");
            }
        }
        try {
            return new QuarantineRule(tl, res, games);
        } catch (org.rookery.contract.ContractException e) {
            throw new IllegalArgumentException("-quarantine: " + e.getMessage());
        }
    }
}
