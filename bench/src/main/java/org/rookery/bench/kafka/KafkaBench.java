package org.rookery.bench.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;

import java.util.Set;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.kafka.Json;
import org.rookery.workers.kafka.KafkaClients;
import org.rookery.workers.kafka.MatchSubmission;
import org.rookery.workers.kafka.Submitter;
import org.rookery.workers.kafka.SyntheticPlayer;
import org.rookery.workers.kafka.Topics;
import org.rookery.workers.kafka.Worker;

/**
 * End-to-end throughput of the distributed path with the no-op engine ({@link SyntheticPlayer}):
 * a match's tasks are published in one transaction, in-process worker slots turn each pair into
 * two realistic game records committed transactionally with the task offsets, and a read_committed
 * consumer counts the records. Reports games per second from submission to the last record read,
 * and the latency from a game's {@code finished_at} to its record being readable.
 */
public final class KafkaBench {
    private KafkaBench() {}

    /** Measured figures. */
    public record Result(int games, double seconds, double gamesPerSecond, long p50Ms, long p95Ms, long p99Ms, long maxMs,
                         double meanRecordBytes) {}

    public static Result run(KafkaClients clients, int games, int slots, int batch, int partitions, PrintStream out) throws Exception {
        Worker.Settings settings = new Worker.Settings(clients, "bench-" + ProcessHandle.current().pid(),
            "rookery-bench-" + ProcessHandle.current().pid(), slots, batch, partitions);
        try (Worker worker = Worker.start(settings, SyntheticPlayer::new);
             KafkaConsumer<String, String> reader = clients.consumer(null, "rookery-bench-reader")) {
            List<TopicPartition> parts = reader.partitionsFor(Topics.GAMES, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            reader.assign(parts);
            reader.seekToEnd(parts);
            parts.forEach(reader::position); // fix the start now: earlier records are not counted
            out.println("Warm-up: " + Math.min(2000, games) + " games");
            measure(clients, reader, Math.min(2000, games), partitions, m -> { });
            out.println("Measuring: " + games + " games, " + slots + " worker slot(s), up to " + batch + " pairs per transaction, "
                + parts.size() + " partitions");
            return measure(clients, reader, games, partitions, m -> { });
        }
    }

    private static Result measure(KafkaClients clients, KafkaConsumer<String, String> reader, int games, int partitions,
                                  Consumer<String> progress) throws Exception {
        List<String> args = new ArrayList<>(List.of("-engine", "name=bench-a", "tc=10+0.1", "-engine", "name=bench-b", "tc=10+0.1",
            "-rounds", String.valueOf(Math.max(1, games / 2)), "-games", "2", "-repeat", "-srand", String.valueOf(System.nanoTime() & 0xffffff),
            "-event", "Rookery Kafka benchmark " + Instant.now()));
        MatchSubmission def = MatchSubmission.of(GauntletOptions.parse(args, w -> { }, true), Instant.now());
        String prefix = def.matchId() + "/";
        long start = System.nanoTime();
        Submitter.submit(clients, def, partitions);
        Set<String> seen = new HashSet<>();
        long[] latency = new long[def.totalGames()];
        long bytes = 0;
        int duplicates = 0;
        long deadline = start + Duration.ofMinutes(10).toNanos();
        while (seen.size() < def.totalGames()) {
            for (ConsumerRecord<String, String> r : reader.poll(Duration.ofMillis(100))) {
                if (r.key() == null || !r.key().startsWith(prefix)) continue;
                if (!seen.add(r.key())) { duplicates++; continue; }
                long now = System.currentTimeMillis();
                JsonNode g = Json.parseObject(r.value());
                latency[seen.size() - 1] = now - Instant.parse(g.get("finished_at").asText()).toEpochMilli();
                bytes += r.serializedValueSize() + r.serializedKeySize();
            }
            if (System.nanoTime() > deadline) throw new IllegalStateException("only " + seen.size() + " of " + def.totalGames() + " games arrived in 10 minutes");
        }
        double secs = (System.nanoTime() - start) / 1e9;
        // Exactly-once check: a replayed pair (after a rebalance or a restart) must never show up twice.
        long drainUntil = System.nanoTime() + Duration.ofSeconds(1).toNanos();
        while (System.nanoTime() < drainUntil) {
            for (ConsumerRecord<String, String> r : reader.poll(Duration.ofMillis(100))) {
                if (r.key() != null && r.key().startsWith(prefix) && !seen.add(r.key())) duplicates++;
            }
        }
        if (duplicates > 0) throw new IllegalStateException("exactly-once broken: " + duplicates + " game record(s) arrived twice");
        Arrays.sort(latency);
        int n = latency.length;
        return new Result(n, secs, n / secs, latency[n / 2], latency[(int) (n * 0.95)], latency[Math.min(n - 1, (int) (n * 0.99))],
            latency[n - 1], (double) bytes / n);
    }

    public static String format(Result r) {
        return String.format(Locale.ROOT, "%d games in %.2f s: %.0f games/s end-to-end; finished->readable latency p50 %d ms, "
            + "p95 %d ms, p99 %d ms, max %d ms; %.0f bytes per game record", r.games(), r.seconds(), r.gamesPerSecond(), r.p50Ms(),
            r.p95Ms(), r.p99Ms(), r.maxMs(), r.meanRecordBytes());
    }

}
