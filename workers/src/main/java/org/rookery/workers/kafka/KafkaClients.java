package org.rookery.workers.kafka;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Client settings shared by every Rookery command: the bootstrap address plus whatever a
 * {@code --kafka-config} properties file adds (security.protocol, sasl.*, ssl.*, timeouts), so
 * SASL and TLS clusters work without Rookery knowing about them. The settings Rookery's
 * guarantees depend on (idempotence, transactions, read_committed) are set after the file and
 * cannot be turned off by it.
 */
public final class KafkaClients {
    private final Properties base;

    private KafkaClients(Properties base) {
        this.base = base;
    }

    /** @param configFile a Java properties file of client settings, or null */
    public static KafkaClients of(String bootstrap, Path configFile) throws IOException {
        Properties p = new Properties();
        if (configFile != null) {
            if (!Files.isReadable(configFile)) throw new IllegalArgumentException("--kafka-config: cannot read " + configFile);
            try (Reader r = Files.newBufferedReader(configFile, StandardCharsets.UTF_8)) {
                p.load(r);
            }
        }
        if (bootstrap != null && !bootstrap.isBlank()) p.setProperty(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        String b = p.getProperty(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        if (b == null || b.isBlank()) throw new IllegalArgumentException("--bootstrap HOST:PORT is required (or bootstrap.servers in --kafka-config)");
        for (String server : b.split(",")) {
            if (!server.trim().matches("[^:\\s]+:\\d{1,5}")) {
                throw new IllegalArgumentException("--bootstrap: expected HOST:PORT[,HOST:PORT...], got \"" + b + "\"");
            }
        }
        return new KafkaClients(p);
    }

    public static KafkaClients of(String bootstrap) {
        try {
            return of(bootstrap, null);
        } catch (IOException e) {
            throw new IllegalStateException("unreachable: no file was read", e);
        }
    }

    public String bootstrap() { return base.getProperty(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG); }

    /** A copy of the settings, for callers that add their own. */
    public Properties properties() {
        Properties p = new Properties();
        p.putAll(base);
        return p;
    }

    public Admin admin() {
        Properties p = properties();
        p.putIfAbsent(CommonClientConfigs.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
        return Admin.create(p);
    }

    /**
     * Waits until a broker of the cluster answers, for at most {@code wait}.
     * @throws KafkaUnavailableException naming the bootstrap servers if none answers in time
     */
    public void awaitCluster(Duration wait) {
        Properties p = properties();
        String ms = String.valueOf(Math.max(1, wait.toMillis()));
        p.put(CommonClientConfigs.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
        p.put(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, ms);
        String failure = "no Kafka broker answered at " + bootstrap() + " within " + wait.toSeconds() + " s";
        Admin admin;
        try {
            admin = Admin.create(p);
        } catch (KafkaException e) {
            throw new KafkaUnavailableException("cannot connect to " + bootstrap() + ": " + e.getMessage());
        }
        try {
            admin.describeCluster().nodes().get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new KafkaUnavailableException(failure);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnavailableException(failure + " (interrupted)");
        } finally {
            admin.close(Duration.ofSeconds(1));
        }
    }

    /** An idempotent producer: retries never duplicate or reorder a record. */
    public KafkaProducer<String, String> producer(String clientId) {
        Properties p = properties();
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    /**
     * A transactional producer. A stable {@code transactionalId} per worker slot means a restarted
     * slot fences its own zombie and aborts whatever that one left open.
     */
    public KafkaProducer<String, String> transactionalProducer(String transactionalId) {
        Properties p = properties();
        p.put(ProducerConfig.CLIENT_ID_CONFIG, transactionalId);
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, "5");
        // Transactions span only the publishing of finished games (milliseconds), so a short timeout
        // costs nothing and bounds how long a killed worker's open transaction holds back
        // read_committed consumers of the partitions it wrote to.
        p.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, "10000");
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, "15000");
        // No compression unless --kafka-config asks: on a worker the CPU belongs to the engines, and
        // lz4 halved end-to-end throughput on a 2-core machine (broker and clients both pay).
        p.putIfAbsent(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
        // A game record is ~10 KB: the default 16 KB batch would send them one by one.
        p.putIfAbsent(ProducerConfig.BATCH_SIZE_CONFIG, String.valueOf(512 * 1024));
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    /**
     * A consumer that sees only committed transactions. With a group id, offsets are never
     * auto-committed (workers commit them inside their transactions) and partitions move between
     * members cooperatively, so a rebalance does not interrupt the games of partitions that stay.
     */
    public KafkaConsumer<String, String> consumer(String groupId, String clientId) {
        Properties p = properties();
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, IsolationLevel.READ_COMMITTED.toString().toLowerCase(java.util.Locale.ROOT));
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        if (groupId != null) {
            p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
            // A killed worker's pairs move to the others after this long without heartbeats.
            p.putIfAbsent(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
            p.putIfAbsent(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "2000");
            p.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName());
        }
        return new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer());
    }
}
