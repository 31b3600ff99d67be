package org.rookery.core.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.DoubleFunction;

/**
 * A progress line on stderr from a helper thread while a long step runs: the first after a delay (a
 * short run prints nothing), then one per interval. On a terminal each line overwrites the last
 * (carriage return) and is erased at the end; elsewhere, e.g. a log file, each is its own line.
 */
public final class ProgressTicker implements AutoCloseable {
    private static final ProgressTicker SILENT = new ProgressTicker(null, false, null);

    private final PrintWriter out;
    private final boolean terminal;
    private final DoubleFunction<String> line;
    private final long startNs = System.nanoTime();
    private final Object lock = new Object();
    private Thread thread;
    private boolean closed;
    private int shown;

    private ProgressTicker(PrintWriter out, boolean terminal, DoubleFunction<String> line) {
        this.out = out;
        this.terminal = terminal;
        this.line = line;
    }

    /**
     * Starts ticking to {@code out} (null: never, as a command's --quiet gives). {@code line} gets the
     * seconds since the start and returns the line to show, or null to show nothing this time; it runs on
     * the ticker's thread, so what it reads must be safe to read from there.
     */
    public static ProgressTicker start(PrintWriter out, boolean terminal, long afterMillis, long everyMillis,
            DoubleFunction<String> line) {
        if (out == null) return SILENT;
        ProgressTicker t = new ProgressTicker(out, terminal, line);
        t.thread = new Thread(() -> t.run(afterMillis, everyMillis), "rookery-progress");
        t.thread.setDaemon(true);
        t.thread.start();
        return t;
    }

    /** As {@link #start(PrintWriter, boolean, long, long, DoubleFunction)}, to a stream. */
    public static ProgressTicker start(PrintStream out, boolean terminal, long afterMillis, long everyMillis,
            DoubleFunction<String> line) {
        return start(out == null ? null : new PrintWriter(out, true), terminal, afterMillis, everyMillis, line);
    }

    private void run(long afterMillis, long everyMillis) {
        long wait = afterMillis;
        while (true) {
            try {
                Thread.sleep(wait);
            } catch (InterruptedException e) {
                return;
            }
            wait = everyMillis;
            String text = line.apply((System.nanoTime() - startNs) / 1e9);
            synchronized (lock) {
                if (closed) return;
                if (text != null) show(text.replace('\n', ' ').replace('\r', ' '));
            }
        }
    }

    private void show(String text) {
        if (terminal) {
            // Spaces over whatever the longer previous line left behind.
            out.print("\r" + text + " ".repeat(Math.max(0, shown - text.length())));
            shown = text.length();
        } else {
            out.println(text);
        }
        out.flush();
    }

    /**
     * Stops ticking, and on a terminal erases the current line, so that what the command prints next
     * (on stdout or stderr) starts at the left margin of a clean line. Returns once the thread has
     * ended, so that the caller may close what {@code line} reads. Idempotent.
     */
    @Override
    public void close() {
        if (thread == null) return;
        synchronized (lock) {
            if (closed) return;
            // The thread checks this under the lock before it prints, so nothing follows the erasure.
            closed = true;
            if (terminal && shown > 0) {
                out.print("\r" + " ".repeat(shown) + "\r");
                out.flush();
            }
        }
        thread.interrupt();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /**
     * Whether this process's stderr is a terminal. Java 17 has no call for it (System.console() asks
     * about stdin and stdout), so this reads where Linux's /proc says file descriptor 2 goes; elsewhere
     * it answers false, which costs only the plain-lines form.
     */
    public static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
