package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.rookery.workers.cli.GauntletOptions;

/** Shared pieces of the Kafka tests: an engine registry of fake engines, submissions, topic reads. */
final class Fixtures {
    private Fixtures() {}

    /** engines.yaml with FakeEngine variants: rand-a, rand-b, slow (40 ms a move), bad (illegal 3rd move). */
    static Path registry(Path dir) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        StringBuilder sb = new StringBuilder("allow_builtin: false\nengines:\n");
        for (String[] e : new String[][] {{"rand-a", "random", "1"}, {"rand-b", "random", "2"}, {"slow", "slow:40", "3"},
                {"bad", "illegal:3", "4"},
                {"frc-a", "frc", "5"}, {"frc-b", "frc", "6"}}) {
            sb.append("  ").append(e[0]).append(":\n    cmd: '").append(java).append("'\n    args: ['-XX:+UseSerialGC', "
                + "'-XX:TieredStopAtLevel=1', '-Xshare:auto', '-cp', '").append(System.getProperty("java.class.path"))
                .append("', 'org.rookery.workers.testengines.FakeEngine', '").append(e[1]).append("', '").append(e[2]).append("']\n");
        }
        Path f = dir.resolve("engines.yaml");
        Files.writeString(f, sb.toString(), StandardCharsets.UTF_8);
        return f;
    }

    /** client.properties with a short session timeout, so a killed worker is noticed in seconds. */
    static Path shortSessionConfig(Path dir) throws Exception {
        Path config = dir.resolve("client.properties");
        Files.writeString(config, "session.timeout.ms=6000\nheartbeat.interval.ms=1000\n", StandardCharsets.UTF_8);
        return config;
    }

    static MatchSubmission define(String... args) throws Exception {
        return MatchSubmission.of(GauntletOptions.parse(List.of(args), w -> { }, true), Instant.now());
    }

    static MatchSubmission submit(KafkaClients clients, String... args) throws Exception {
        MatchSubmission def = define(args);
        if (Submitter.submit(clients, def, 6) != Submitter.Outcome.PUBLISHED) throw new AssertionError("already submitted: " + def.matchId());
        return def;
    }

    /** Every committed record of a topic now (read_committed, duplicates kept) that passes the filter. */
    static List<ConsumerRecord<String, String>> readAll(KafkaClients clients, String topic, Predicate<ConsumerRecord<String, String>> keep) {
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        try (KafkaConsumer<String, String> c = clients.consumer(null, "test-reader")) {
            List<TopicPartition> parts = c.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts, Duration.ofSeconds(30));
            while (!Submitter.reached(c, end)) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) if (keep.test(r)) out.add(r);
            }
        }
        return out;
    }

    static List<JsonNode> games(KafkaClients clients, String matchId) {
        return readAll(clients, Topics.GAMES, r -> r.key() != null && r.key().startsWith(matchId + "/")).stream()
            .map(r -> (JsonNode) Json.parseObject(r.value())).toList();
    }

    /** Polls until at least {@code n} committed games of the match are readable. */
    static List<JsonNode> awaitGames(KafkaClients clients, String matchId, int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<JsonNode> g = games(clients, matchId);
        while (g.size() < n) {
            if (System.nanoTime() > deadline) throw new AssertionError("only " + g.size() + " of " + n + " games of " + matchId + " after " + timeout);
            Thread.sleep(500);
            g = games(clients, matchId);
        }
        return g;
    }
}
