package org.rookery.workers.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * fastchess's {@code -log file=NAME level=LEVEL compress= realtime= append= engine=}: the run's own messages
 * in a file, each line with its level and time, as fastchess writes them
 * ({@code [INFO  ] [18:01:41.206907] <fastchess> text}). What the console prints is classed as fastchess
 * classes its messages: "Warning:" lines are warn, a failed slot is err, everything else info
 * (game starts are trace); a line is written when its class is at least {@code level}
 * (trace &lt; info &lt; warn &lt; err &lt; fatal). {@code engine=true} adds every line sent to an engine
 * ({@code [Engine] [time] <thread> NAME <--- line}) and read from it ({@code NAME ---> line}), whatever the level.
 * {@code realtime=true} flushes every line, {@code compress=true} gzips the file, {@code append=false} starts it empty.
 */
public final class RunLog extends OutputStream {
    /** fastchess's levels, least severe first. */
    public enum Level { TRACE, INFO, WARN, ERR, FATAL }

    /** The parsed {@code -log} keys. */
    public record Options(Path file, Level level, boolean compress, boolean realtime, boolean append, boolean engine) {
        /** The keys without {@code engine=}. */
        public Options(Path file, Level level, boolean compress, boolean realtime, boolean append) {
            this(file, level, compress, realtime, append, false);
        }
    }

    /** The console stream {@link #tee} returns; it also hands out the engine-line transcript. */
    public static final class Tee extends PrintStream {
        private final RunLog log;

        private Tee(RunLog log) {
            super(log, true, StandardCharsets.UTF_8);
            this.log = log;
        }

        /** The transcript that writes every engine line into the log, or null without {@code engine=true}. */
        public org.rookery.workers.uci.EngineTranscript engineTranscript() {
            return log.options.engine() ? log::channel : null;
        }
    }

    private final OutputStream console;
    private final OutputStream file;
    private final Options options;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private boolean closed, failed;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS", Locale.ROOT);

    private RunLog(OutputStream console, OutputStream file, Options options) {
        this.console = console;
        this.file = file;
        this.options = options;
    }

    /** A console stream that also writes the log file; close it at the end of the run. */
    public static Tee tee(PrintStream console, Options o) throws IOException {
        Path parent = o.file().toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        OutputStream f = Files.newOutputStream(o.file(), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            o.append() ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        if (o.compress()) f = new GZIPOutputStream(f, true);
        return new Tee(new RunLog(console, new java.io.BufferedOutputStream(f), o));
    }

    /** The class of one console line. */
    static Level levelOf(String text) {
        if (text.startsWith("Warning")) return Level.WARN;
        if (text.startsWith("rookery gauntlet: ")) return Level.ERR;
        if (text.startsWith("Started game ")) return Level.TRACE;
        return Level.INFO;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        console.write(b);
        if (b == '\n') flushLine();
        else line.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        console.write(b, off, len);
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') flushLine();
            else line.write(b[i]);
        }
    }

    private void flushLine() throws IOException {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        if (text.isEmpty()) return;
        Level level = levelOf(text);
        if (level.ordinal() < options.level().ordinal()) return;
        entry(String.format(Locale.ROOT, "%-6s", level.name()), "fastchess", text);
    }

    /** One line of the file: {@code [LABEL ] [time] <who> text}. */
    private synchronized void entry(String label, String who, String text) {
        // Engine lines may come from a reader thread after the run closed the file: those are dropped.
        if (closed || failed) return;
        String entry = "[" + label + "] [" + LocalDateTime.now().format(TIME) + "] <" + who + "> " + text + "\n";
        try {
            file.write(entry.getBytes(StandardCharsets.UTF_8));
            if (options.realtime()) file.flush();
        } catch (IOException e) {
            // A full disk must not stop the games: say so once on the console and stop logging.
            failed = true;
            String warning = "Warning: -log: writing " + options.file() + " failed (" + e.getMessage() + "); logging stops\n";
            try {
                console.write(warning.getBytes(StandardCharsets.UTF_8));
            } catch (IOException ignored) {
                // the console is gone too
            }
        }
    }

    /** fastchess's engine lines for one process: {@code NAME <--- sent}, {@code NAME ---> received}, by thread. */
    private org.rookery.workers.uci.EngineTranscript.Channel channel(String engine) {
        return new org.rookery.workers.uci.EngineTranscript.Channel() {
            @Override
            public void sent(String line) {
                entry("Engine", String.valueOf(Thread.currentThread().getId()), engine + " <--- " + line);
            }

            @Override
            public void received(String line) {
                entry("Engine", String.valueOf(Thread.currentThread().getId()), engine + " ---> " + line);
            }
        };
    }

    @Override
    public synchronized void flush() throws IOException {
        console.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) return;
        if (line.size() > 0) flushLine();
        closed = true;
        console.flush();
        try {
            file.close();
        } catch (IOException e) {
            throw new UncheckedIOException("-log: writing " + options.file() + ": " + e.getMessage(), e);
        }
    }
}
