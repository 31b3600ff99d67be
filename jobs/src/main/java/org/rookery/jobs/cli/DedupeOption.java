package org.rookery.jobs.cli;

import picocli.CommandLine.Option;

/** The statistics jobs' {@code --dedupe}: leave out the games {@code analyze duplicates} listed. */
final class DedupeOption {
    @Option(names = "--dedupe",
            description = {"Count each game once: leave out the games DATA/duplicates/ lists (exact and same-moves",
                "copies, and unfinished prefixes of a longer game). Run 'analyze duplicates' first."})
    boolean dedupe;
}
