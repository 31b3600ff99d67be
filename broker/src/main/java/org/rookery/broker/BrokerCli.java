package org.rookery.broker;

import org.rookery.core.cli.Cli;
import picocli.CommandLine.Command;

/** Entry point for the broker module's command ({@code kafka}). */
@Command(name = "rookery-broker", mixinStandardHelpOptions = true, subcommands = {KafkaCommand.class})
public final class BrokerCli {
    public static void main(String[] args) {
        System.exit(Cli.run(new BrokerCli(), args));
    }
}
