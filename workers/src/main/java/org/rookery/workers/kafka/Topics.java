package org.rookery.workers.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

/** The Kafka topics of distributed gauntlets (names from the contract), and their creation. */
public final class Topics {
    private Topics() {}

    /** Match definitions, keyed by match id; compacted to the latest definition. */
    public static final String MATCHES = org.rookery.contract.schema.Topics.MATCHES;
    /** One record per game pair to play, keyed by match id. */
    public static final String TASKS = org.rookery.contract.schema.Topics.TASKS;
    /** Finished games, keyed by game id, a match's all in one partition ({@code GamePartition}), written in the transaction that commits the task. */
    public static final String GAMES = org.rookery.contract.schema.Topics.GAMES;
    /** Stop requests (SPRT decisions, user stops), keyed by match id; compacted. */
    public static final String CONTROL = org.rookery.contract.schema.Topics.CONTROL;
    /** Records a worker could not use, with the reason. */
    public static final String REJECTED = org.rookery.contract.schema.Topics.REJECTED;

    /** The tune driver's log: SPSA pairs handed out and counted, keyed by run id. */
    public static final String SPSA = org.rookery.contract.schema.Topics.SPSA;

    /** Default partitions of rookery.tasks: the most workers slots of one consumer group that get work. */
    public static final int DEFAULT_TASK_PARTITIONS = 12;

    /**
     * Creates the topics that do not exist yet, with the cluster's default replication factor
     * ({@code default.replication.factor}); existing topics are left as they are.
     */
    public static void ensure(Admin admin, int taskPartitions) throws InterruptedException {
        Map<String, String> compacted = Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
        Optional<Short> replication = Optional.empty();
        List<NewTopic> wanted = new ArrayList<>();
        wanted.add(new NewTopic(MATCHES, Optional.of(1), replication).configs(compacted));
        wanted.add(new NewTopic(TASKS, Optional.of(taskPartitions), replication));
        wanted.add(new NewTopic(GAMES, Optional.of(taskPartitions), replication));
        wanted.add(new NewTopic(CONTROL, Optional.of(1), replication).configs(compacted));
        wanted.add(new NewTopic(REJECTED, Optional.of(1), replication));
        wanted.add(new NewTopic(SPSA, Optional.of(1), replication));
        try {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            List<NewTopic> missing = wanted.stream().filter(t -> !existing.contains(t.name())).toList();
            if (missing.isEmpty()) return;
            try {
                admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                // Another worker or submitter created them at the same moment: that is fine.
                if (!(e.getCause() instanceof TopicExistsException)) throw e;
            }
        } catch (ExecutionException e) {
            throw new KafkaUnavailableException("cannot create the Rookery topics: " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new KafkaUnavailableException("cannot create the Rookery topics: no answer from the Kafka cluster within 30 s");
        }
    }
}
