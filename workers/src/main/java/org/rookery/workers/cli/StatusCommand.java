package org.rookery.workers.cli;

import java.util.concurrent.Callable;
import org.rookery.workers.kafka.MatchWatcher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rookery status MATCH}: standings of a distributed match. */
@Command(name = "status", mixinStandardHelpOptions = true,
    description = {"Print a distributed match's standings from its committed game records, in the local gauntlet's format,",
        "with its rejected tasks and whether it was stopped. When the match has an SPRT and the test decides,",
        "status publishes the stop that makes the workers skip the remaining pairs."})
public final class StatusCommand implements Callable<Integer> {
    @Mixin
    KafkaOptions kafka = new KafkaOptions();

    @Parameters(index = "0", paramLabel = "MATCH", description = "the match id 'rookery submit' printed")
    String matchId;

    @Option(names = "--follow", description = {"keep printing games as they arrive until the match completes, or until it stopped",
        "and the pairs in flight at the stop are in (they count)"})
    boolean follow;

    @Option(names = "--group", paramLabel = "NAME", description = "the workers' consumer group, whose offsets say which pairs are done (default ${DEFAULT-VALUE})")
    String group = MatchWatcher.DEFAULT_GROUP;

    @Override
    public Integer call() throws Exception {
        MatchWatcher.watch(kafka.clients(), matchId, group, System.out, follow, null);
        return 0;
    }
}
