package org.rookery.jobs.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code rookery analyze}: the Spark analysis jobs. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Bulk game analysis with Apache Spark (local[*] by default, or a cluster with --master).",
        subcommands = {IngestCommand.class, DrawRulesCommand.class, OpeningsCommand.class, EndgamesCommand.class,
            DuplicatesCommand.class, SprtCommand.class, MatchesCommand.class, BooksCommand.class})
final class AnalyzeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "Missing required subcommand (ingest, draw-rules, openings, endgames, duplicates, sprt, matches, books)");
    }
}
