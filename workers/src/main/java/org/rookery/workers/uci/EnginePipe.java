package org.rookery.workers.uci;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * An engine process's pipes, for protocols other than {@link UciEngine}'s own: the process under a
 * {@link ProcessTree}, stderr to a log file, stdin written a line at a time, and a reader thread
 * that timestamps each stdout line as it arrives. Lines the protocol's {@code absorb} filter takes
 * on the reader thread (thinking output, many per move) never wake the game thread.
 */
public final class EnginePipe {
    /** One stdout line and when it arrived ({@link System#nanoTime}). */
    public record Line(String text, long nanos) {
        /** Whether this marks the end of the engine's output (the process ended). */
        public boolean eof() { return text == EOF; }
    }

    private static final String EOF = "\u0000eof";

    private final ProcessTree tree;
    private final Process process;
    private final BufferedWriter stdin;
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    private volatile boolean dead;

    private EnginePipe(ProcessTree tree) {
        this.tree = tree;
        this.process = tree.process();
        this.stdin = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Starts {@code config}'s process.
     *
     * @param absorb takes the lines it returns true for on the reader thread; the others are queued
     */
    public static EnginePipe start(EngineConfig config, Path stderrLog, Predicate<String> absorb) throws EngineException {
        ProcessBuilder pb = new ProcessBuilder(config.commandLine());
        if (config.workingDir() != null) pb.directory(config.workingDir().toFile());
        pb.environment().putAll(config.env());
        pb.redirectError(stderrLog != null ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.DISCARD);
        ProcessTree tree;
        try {
            tree = ProcessTree.start(pb);
        } catch (IOException e) {
            throw new EngineException("engine " + config.name() + ": cannot start \"" + config.command() + "\": " + e.getMessage());
        }
        EnginePipe pipe = new EnginePipe(tree);
        pipe.process.onExit().thenRunAsync(tree::kill);
        if (stderrLog != null) StderrLog.follow(pipe.process.getErrorStream(), stderrLog, config.name());
        Thread reader = new Thread(() -> pipe.pump(absorb), "engine-" + config.name() + "-stdout");
        reader.setDaemon(true);
        reader.start();
        return pipe;
    }

    private void pump(Predicate<String> absorb) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String s;
            while ((s = r.readLine()) != null) {
                if (!absorb.test(s)) lines.add(new Line(s, System.nanoTime()));
            }
        } catch (IOException e) {
            // the process went away; signalled below
        } finally {
            dead = true;
            lines.add(new Line(EOF, System.nanoTime()));
        }
    }

    /** Writes one line; a broken pipe marks the engine dead. */
    public void send(String command) {
        if (dead) return;
        try {
            stdin.write(command);
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            dead = true;
        }
    }

    /** The next line within {@code timeoutNanos}, null on timeout; the end-of-output line stays visible to later calls. */
    public Line poll(long timeoutNanos) {
        if (timeoutNanos <= 0) return null;
        Line l;
        try {
            l = lines.poll(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        if (l != null && l.eof()) lines.add(l);
        return l;
    }

    /** Drops queued output (an earlier search's), keeping the end-of-output mark. */
    public void clearStale() {
        lines.removeIf(l -> !l.eof());
    }

    public boolean isAlive() { return !dead && process.isAlive(); }

    /** Waits up to a second for the process to leave (after the protocol's quit), then ends it and everything it started. */
    public void close() {
        try {
            process.waitFor(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tree.kill();
        dead = true;
        try {
            stdin.close();
        } catch (IOException ignored) {
            // the pipe is already broken
        }
    }

    /** Kills the process and everything it started at once. */
    public void kill() {
        tree.kill();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        dead = true;
    }

    public long pid() { return process.pid(); }
}
