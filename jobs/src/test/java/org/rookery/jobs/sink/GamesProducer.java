package org.rookery.jobs.sink;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes {@code rookery.games} records as a worker slot does: a transactional producer with a
 * stable transactional id, idempotence and {@code acks=all}, the settings of the workers'
 * {@code KafkaClients.transactionalProducer}, each game keyed by its id. Transactions can also be
 * aborted or left open, as a worker killed mid-transaction leaves one; a new producer with the
 * same id then fences the old one and the broker aborts what it left open.
 */
final class GamesProducer implements AutoCloseable {
    private final KafkaProducer<String, String> producer;

    GamesProducer(String bootstrap, String transactionalId) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, transactionalId);
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, "10000");
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "30000");
        producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
        producer.initTransactions();
    }

    /** Creates the topic with {@code partitions} partitions (the cluster's replication factor). */
    static void createTopic(String bootstrap, String topic, int partitions) throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty())))
                    .all().get(60, TimeUnit.SECONDS);
        }
    }

    /** Sends the games and commits them in one transaction. */
    void commit(List<ObjectNode> games) throws Exception {
        producer.beginTransaction();
        send(games);
        producer.commitTransaction();
    }

    /** Sends the games, flushes them to the broker, then aborts the transaction. */
    void abort(List<ObjectNode> games) throws Exception {
        producer.beginTransaction();
        send(games);
        producer.flush();
        producer.abortTransaction();
    }

    /** Sends the games and flushes them to the broker inside a transaction that is never ended. */
    void leaveOpen(List<ObjectNode> games) throws Exception {
        producer.beginTransaction();
        send(games);
        producer.flush();
    }

    /**
     * Commits one record whose value is not a game, and returns where it landed
     * ({@code partition}, {@code offset}).
     */
    long[] commitRaw(String key, String value) throws Exception {
        producer.beginTransaction();
        Future<RecordMetadata> f = producer.send(new ProducerRecord<>(SinkJob.TOPIC, key, value));
        producer.commitTransaction();
        RecordMetadata m = f.get();
        return new long[] {m.partition(), m.offset()};
    }

    private void send(List<ObjectNode> games) throws Exception {
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (ObjectNode g : games) {
            sent.add(producer.send(new ProducerRecord<>(SinkJob.TOPIC, g.get("game_id").asText(), g.toString())));
        }
        producer.flush();
        for (Future<RecordMetadata> f : sent) {
            f.get();
        }
    }

    /** Closes at once: a transaction left open stays open on the broker, as after a crash. */
    @Override
    public void close() {
        producer.close(java.time.Duration.ZERO);
    }
}
