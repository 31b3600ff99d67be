package org.rookery.jobs.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What the ledger commands ({@code analyze sprt}, {@code matches}, {@code books}) share: the data root
 * they read through DuckDB (no Spark) and the output they print to.
 */
abstract class LedgerCommand {
    @Option(names = "--data", required = true, paramLabel = "DATA", description = "data root with games (and matches)")
    Path data;

    @Spec
    CommandSpec spec;

    /** The command's standard output (picocli's, so tests can capture it). */
    PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
