package org.rookery.workers.uci;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Copies an engine's stderr to its log file, creating the file (and its directory) only when the
 * first byte arrives: most engines write nothing there, and a run should not leave a directory of
 * empty logs behind.
 */
final class StderrLog implements Runnable {
    private final InputStream in;
    private final Path file;
    private final String engine;

    StderrLog(InputStream in, Path file, String engine) {
        this.in = in;
        this.file = file;
        this.engine = engine;
    }

    /** Starts copying on a daemon thread. */
    static void follow(InputStream in, Path file, String engine) {
        Thread t = new Thread(new StderrLog(in, file, engine), "uci-" + engine + "-stderr");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        byte[] buf = new byte[8192];
        OutputStream out = null;
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                if (out == null) out = open();
                if (out != null) {
                    out.write(buf, 0, n);
                    out.flush();
                }
            }
        } catch (IOException e) {
            // the engine went away mid-write; what arrived is in the file
        } finally {
            if (out != null) {
                try {
                    out.close();
                } catch (IOException ignored) {
                    // nothing more to keep
                }
            }
        }
    }

    /** The log opened for appending, or null (after one warning) if it cannot be written: stderr is then drained unlogged. */
    private OutputStream open() {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            return Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("Warning: engine " + engine + ": cannot write its stderr log " + file + ": " + e.getMessage());
            return OutputStream.nullOutputStream();
        }
    }
}
