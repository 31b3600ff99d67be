package org.rookery.jobs.cli;

import picocli.CommandLine.Option;

/** Options shared by the statistics commands: where the tables are, and which collection. */
abstract class StatsCommand extends SparkCommand {
    @Option(names = "--data", required = true, paramLabel = "DATA",
            description = "Data root holding games/ (written by 'analyze ingest' or the sink).")
    String data;

    @Option(names = "--collection", paramLabel = "NAME",
            description = "Only this collection's games (default: all).")
    String collection;
}
