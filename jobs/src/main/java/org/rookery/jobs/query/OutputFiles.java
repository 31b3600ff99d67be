package org.rookery.jobs.query;

import java.nio.file.Files;
import java.nio.file.Path;
import org.rookery.core.cli.UsageError;

/** Checks on an output file made before any work, so a typo costs no scan of the tables. */
final class OutputFiles {
    private OutputFiles() {
    }

    /** A usage error unless {@code out}'s directory exists and {@code out} is not a directory. */
    static void checkParent(Path out) {
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) throw new UsageError("--out: " + parent + " is not a directory");
        if (Files.isDirectory(out)) throw new UsageError("--out: " + out + " is a directory");
    }
}
