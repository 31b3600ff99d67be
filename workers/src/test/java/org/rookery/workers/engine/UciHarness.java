package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/** Runs a {@link UciLoop} on its own thread behind piped streams, as a GUI would talk to it. */
final class UciHarness implements AutoCloseable {
    /** Safety net only: no assertion depends on how fast the engine answers. */
    static final long TIMEOUT_SECONDS = 30;

    private final PipedOutputStream toEngine = new PipedOutputStream();
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile Throwable failure;

    UciHarness(EngineSettings settings) {
        PipedInputStream engineIn;
        try {
            engineIn = new PipedInputStream(toEngine, 1 << 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        UciLoop loop = new UciLoop(engineIn, new LineSink(lines), settings);
        thread = new Thread(() -> {
            try {
                loop.run();
            } catch (Throwable t) {
                failure = t;
            }
        }, "uci-loop-under-test");
        thread.setDaemon(true);
        thread.start();
    }

    UciHarness() {
        this(EngineSettings.defaults());
    }

    void send(String... commands) {
        try {
            for (String c : commands) toEngine.write((c + "\n").getBytes(StandardCharsets.UTF_8));
            toEngine.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lines up to and including the first matching {@code regex}; fails after the safety timeout. */
    List<String> until(String regex) {
        Pattern p = Pattern.compile(regex);
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        while (true) {
            String line;
            try {
                line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            if (line == null) fail("no line matching '" + regex + "' within " + TIMEOUT_SECONDS + " s; saw " + seen);
            seen.add(line);
            if (p.matcher(line).matches()) return seen;
        }
    }

    String last(List<String> seen) {
        return seen.get(seen.size() - 1);
    }

    /** Lines already printed and not yet consumed. */
    List<String> drain() {
        List<String> out = new ArrayList<>();
        lines.drainTo(out);
        return out;
    }

    /** Closes the engine's input (end of file) and waits for the loop to return. */
    boolean endInputAndJoin() {
        try {
            toEngine.close();
            thread.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
        return !thread.isAlive();
    }

    boolean joined(long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        return !thread.isAlive();
    }

    Throwable failure() {
        return failure;
    }

    @Override
    public void close() {
        if (thread.isAlive()) {
            try {
                send("quit");
            } catch (UncheckedIOException ignored) {
                // The loop already stopped reading.
            }
            joined(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        }
    }

    /** Splits the engine's UTF-8 output into lines. */
    private static final class LineSink extends OutputStream {
        private final BlockingQueue<String> lines;
        private final java.io.ByteArrayOutputStream current = new java.io.ByteArrayOutputStream();

        LineSink(BlockingQueue<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(current.toString(StandardCharsets.UTF_8));
                current.reset();
            } else {
                current.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) write(b[i]);
        }
    }
}
