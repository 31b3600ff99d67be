package org.rookery.workers.cli;

import java.util.concurrent.Callable;
import org.rookery.contract.control.ControlMessage;
import org.rookery.workers.kafka.KafkaClients;
import org.rookery.workers.kafka.MatchSubmission;
import org.rookery.workers.kafka.MatchWatcher;
import org.rookery.workers.kafka.Submitter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rookery stop MATCH}: workers skip the match's remaining pairs. */
@Command(name = "stop", mixinStandardHelpOptions = true,
    description = {"Stop a distributed match: workers skip its pairs not yet started (games in progress finish)."})
public final class StopCommand implements Callable<Integer> {
    @Mixin
    KafkaOptions kafka = new KafkaOptions();

    @Parameters(index = "0", paramLabel = "MATCH", description = "the match id")
    String matchId;

    @Option(names = "--reason", paramLabel = "TEXT", description = "why (shown by status; default: ${DEFAULT-VALUE})")
    String reason = "stopped by user";

    @Override
    public Integer call() throws Exception {
        if (!MatchSubmission.isValidId(matchId)) throw new IllegalArgumentException("\"" + matchId + "\" is not a match id (m- and 16 hex digits)");
        KafkaClients clients = kafka.clients();
        if (Submitter.find(clients, matchId, java.time.Duration.ofSeconds(5)) == null) throw new IllegalArgumentException("unknown match " + matchId + " at " + clients.bootstrap());
        MatchWatcher.publishStop(clients, ControlMessage.stop(matchId, reason), System.out);
        return 0;
    }
}
