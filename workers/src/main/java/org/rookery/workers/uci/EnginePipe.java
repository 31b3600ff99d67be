package org.rookery.workers.uci;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * An engine process's pipes, for every protocol (UCI and CECP): the process under a
 * {@link ProcessTree}, stderr to a log file, stdin written a line at a time, and a reader thread
 * that timestamps each stdout line as it arrives. Lines the protocol's filter takes on the reader
 * thread (thinking output, many per move) never wake the game thread; the filter sees the raw
 * bytes in a reused buffer, so such lines cost no String and no allocation.
 */
public final class EnginePipe {
    /** Takes a stdout line on the reader thread; the bytes are valid only during the call. */
    @FunctionalInterface
    public interface Filter {
        /** True when the protocol keeps the line itself (it is then not queued for the game thread). */
        boolean absorb(byte[] line, int length);
    }

    /** Whether {@code line[0, length)} starts with the ASCII {@code prefix}. */
    public static boolean startsWith(byte[] line, int length, String prefix) {
        int n = prefix.length();
        if (length < n) return false;
        for (int i = 0; i < n; i++) if (line[i] != prefix.charAt(i)) return false;
        return true;
    }

    /** Whether {@code line[0, length)} contains the ASCII {@code needle}. */
    public static boolean contains(byte[] line, int length, String needle) {
        int n = needle.length();
        outer:
        for (int i = 0; i + n <= length; i++) {
            for (int j = 0; j < n; j++) if (line[i + j] != needle.charAt(j)) continue outer;
            return true;
        }
        return false;
    }

    /** The line's text, decoded as UTF-8 (malformed bytes become U+FFFD, as BufferedReader did). */
    public static String text(byte[] line, int length) {
        return new String(line, 0, length, StandardCharsets.UTF_8);
    }

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
    /** Every line sent and received ({@code -debug}, {@code -log engine=true}), or null. */
    private final EngineTranscript.Channel transcript;
    /** The {@code -pgnout match_line=} regexes' last lines of the current move, or null. */
    private final OutputWatch watch;

    private EnginePipe(ProcessTree tree, EngineTranscript.Channel transcript, OutputWatch watch) {
        this.tree = tree;
        this.transcript = transcript;
        this.watch = watch;
        this.process = tree.process();
        this.stdin = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Starts {@code config}'s process.
     *
     * @param absorb takes the lines it returns true for on the reader thread; the others are queued
     */
    public static EnginePipe start(EngineConfig config, Path stderrLog, Predicate<String> absorb) throws EngineException {
        return start(config, stderrLog, absorb, EngineIo.NONE);
    }

    /** Starts {@code config}'s process with a String filter, showing its lines to {@code io}. */
    public static EnginePipe start(EngineConfig config, Path stderrLog, Predicate<String> absorb, EngineIo io) throws EngineException {
        return start(config, stderrLog, (Filter) (b, n) -> absorb.test(text(b, n)), io);
    }

    /**
     * Starts {@code config}'s process.
     *
     * @param filter takes the lines it returns true for on the reader thread, from the raw bytes; the others are queued
     */
    public static EnginePipe start(EngineConfig config, Path stderrLog, Filter filter) throws EngineException {
        return start(config, stderrLog, filter, EngineIo.NONE);
    }

    /**
     * Starts {@code config}'s process, showing its lines to {@code io}'s transcript and match-line regexes.
     *
     * @param filter takes the lines it returns true for on the reader thread, from the raw bytes; the others are queued
     */
    public static EnginePipe start(EngineConfig config, Path stderrLog, Filter filter, EngineIo io) throws EngineException {
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
        EnginePipe pipe = new EnginePipe(tree, io.transcript() == null ? null : io.transcript().open(config.name()),
            io.matchLines().isEmpty() ? null : new OutputWatch(io.matchLines()));
        pipe.process.onExit().thenRunAsync(tree::kill);
        if (stderrLog != null) StderrLog.follow(pipe.process.getErrorStream(), stderrLog, config.name());
        Thread reader = new Thread(() -> pipe.pump(filter), "engine-" + config.name() + "-stdout");
        reader.setDaemon(true);
        reader.start();
        return pipe;
    }

    private void pump(Filter filter) {
        // A byte-level line splitter over two reused buffers: BufferedReader.readLine made a String
        // (and its char[] copy) for each of the dozen info lines an engine prints per move.
        byte[] chunk = new byte[8192];
        byte[] line = new byte[512];
        int len = 0;
        boolean afterCr = false;
        try (InputStream in = process.getInputStream()) {
            int n;
            while ((n = in.read(chunk)) > 0) {
                for (int i = 0; i < n; i++) {
                    byte c = chunk[i];
                    if (c == '\n' || c == '\r') {
                        // \n, \r and \r\n each end a line, as in BufferedReader.readLine.
                        if (!(c == '\n' && afterCr)) deliver(filter, line, len);
                        afterCr = c == '\r';
                        len = 0;
                        continue;
                    }
                    afterCr = false;
                    if (len == line.length) line = java.util.Arrays.copyOf(line, len * 2);
                    line[len++] = c;
                }
            }
            if (len > 0) deliver(filter, line, len); // a last line without its newline, as readLine returns it
        } catch (IOException e) {
            // the process went away; signalled below
        } finally {
            dead = true;
            lines.add(new Line(EOF, System.nanoTime()));
        }
    }

    private void deliver(Filter filter, byte[] line, int len) {
        if (transcript != null || watch != null) {
            // Only with -debug, -log engine=true or match_line=: then each line costs its String.
            String t = text(line, len);
            if (transcript != null) transcript.received(t);
            if (watch != null) watch.offer(t);
        }
        if (!filter.absorb(line, len)) lines.add(new Line(text(line, len), System.nanoTime()));
    }

    /** Writes one line; a broken pipe marks the engine dead. */
    public void send(String command) {
        if (dead) return;
        if (transcript != null) transcript.sent(command);
        if (watch != null && (command.equals("go") || command.startsWith("go "))) watch.reset();
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

    /** The {@code -pgnout match_line=} lines of the move just played (see {@link OutputWatch#take}); empty without regexes. */
    public java.util.List<String> takeMatchedLines() {
        return watch == null ? java.util.List.of() : watch.take();
    }

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
