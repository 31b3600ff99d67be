package org.rookery.dashboards.matches;

import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;

import com.fasterxml.jackson.core.type.TypeReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.rookery.contract.control.ControlMessage;
import org.rookery.contract.control.Quarantine;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.contract.schema.Topics;
import org.rookery.dashboards.http.Json;
import org.rookery.dashboards.tune.LiveTuning;

/**
 * Reads {@code rookery.games}, {@code rookery.matches} and {@code rookery.control} from the
 * beginning into {@link LiveGames} (and {@code rookery.spsa} into {@link LiveTuning}), on one thread. It assigns partitions itself instead of joining
 * a consumer group, so it commits no offsets and disturbs nothing (the dashboard is read-only),
 * and reads only committed records, since workers write games in transactions. Topics that appear
 * later are picked up by a periodic partition refresh.
 */
public final class LiveFeed implements AutoCloseable {
    static final long PARTITION_REFRESH_MILLIS = 3000;

    private final KafkaConsumer<String, String> consumer;
    private final LiveGames sink;
    private final LiveTuning tuning;
    private final Thread thread;
    private volatile boolean running = true;

    public LiveFeed(String bootstrap, LiveGames sink) {
        this(bootstrap, sink, new LiveTuning());
    }

    /** A feed that also gives the tuning runs' counted pairs ({@code rookery.spsa}) to {@code tuning}. */
    public LiveFeed(String bootstrap, LiveGames sink, LiveTuning tuning) {
        this.sink = sink;
        this.tuning = tuning;
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "rookery-dashboard");
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "5000");
        consumer = new KafkaConsumer<>(p);
        thread = new Thread(this::run, "rookery-dashboard-live");
        thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    private void run() {
        Set<TopicPartition> assigned = new HashSet<>();
        long refreshedAt = 0;
        try {
            while (running) {
                long now = System.currentTimeMillis();
                if (now - refreshedAt >= PARTITION_REFRESH_MILLIS) {
                    refreshedAt = now;
                    try {
                        assigned = refresh(assigned);
                        sink.setConnected(true);
                    } catch (WakeupException e) {
                        throw e;
                    } catch (RuntimeException e) {
                        // Broker not reachable yet: keep trying, report "not connected" meanwhile.
                        sink.setConnected(false);
                    }
                }
                if (assigned.isEmpty()) {
                    Thread.sleep(200);
                    continue;
                }
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(250))) dispatch(r);
            }
        } catch (WakeupException | InterruptedException e) {
            // closing
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private Set<TopicPartition> refresh(Set<TopicPartition> assigned) {
        Set<TopicPartition> all = new HashSet<>();
        for (String topic : List.of(Topics.GAMES, Topics.MATCHES, Topics.CONTROL, Topics.SPSA)) {
            List<PartitionInfo> parts = consumer.partitionsFor(topic, Duration.ofSeconds(2));
            if (parts == null) continue;
            for (PartitionInfo pi : parts) all.add(new TopicPartition(pi.topic(), pi.partition()));
        }
        if (all.equals(assigned)) return assigned;
        List<TopicPartition> added = new ArrayList<>(all);
        added.removeAll(assigned);
        consumer.assign(all);
        consumer.seekToBeginning(added);
        return all;
    }

    private void dispatch(ConsumerRecord<String, String> r) {
        if (r.value() == null) return;
        try {
            switch (r.topic()) {
                case Topics.GAMES -> sink.addGame(Json.MAPPER.readValue(r.value(), new TypeReference<Map<String, Object>>() { }));
                case Topics.MATCHES -> {
                    var tree = Json.MAPPER.readTree(r.value());
                    MatchDefinition d = MatchDefinitionCodec.read(r.key(), tree);
                    sink.addRule(d.matchId(), d.quarantineRule());
                    sink.addDefinition(d);
                }
                case Topics.CONTROL -> {
                    if (Quarantine.is(r.value())) {
                        sink.addQuarantine(Quarantine.parse(r.value()));
                        return;
                    }
                    ControlMessage stop = ControlMessage.parse(r.value(), r.key());
                    sink.addStop(stop.matchId(), stop.reason());
                }
                case Topics.SPSA -> tuning.add(Json.MAPPER.readTree(r.value()));
                default -> { }
            }
        } catch (Exception e) {
            // A malformed record is the workers' bug, reported in rookery.rejected; the dashboard skips it.
            System.err.println("rookery dashboard: skipping " + r.topic() + "@" + r.partition() + ":" + r.offset() + ": "
                    + e.getMessage());
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        thread.join(5000);
    }
}
