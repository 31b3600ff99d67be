package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Table file comparison for tests: every byte, the header's included. */
final class TableBytes {
    private TableBytes() {
    }

    /** Null when the two files agree on every byte, else where they first differ. */
    static String difference(Path a, Path b) throws IOException {
        byte[] x = Files.readAllBytes(a), y = Files.readAllBytes(b);
        if (x.length != y.length) return a.getFileName() + ": " + x.length + " vs " + y.length + " bytes";
        int i = Arrays.mismatch(x, y);
        return i < 0 ? null : a.getFileName() + ": first difference at byte " + i;
    }
}
