package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Table file comparison for tests: every byte except the header's generation time. */
final class TableBytes {
    private TableBytes() {
    }

    /** Header bytes [168, 176) hold the generation time in ms, which two builds never share. */
    static final int MILLIS_AT = 168, MILLIS_END = 176;

    /** Null when the two files agree on every byte but the generation time, else where they first differ. */
    static String difference(Path a, Path b) throws IOException {
        byte[] x = Files.readAllBytes(a), y = Files.readAllBytes(b);
        if (x.length != y.length) return a.getFileName() + ": " + x.length + " vs " + y.length + " bytes";
        Arrays.fill(x, MILLIS_AT, MILLIS_END, (byte) 0);
        Arrays.fill(y, MILLIS_AT, MILLIS_END, (byte) 0);
        int i = Arrays.mismatch(x, y);
        return i < 0 ? null : a.getFileName() + ": first difference at byte " + i;
    }
}
