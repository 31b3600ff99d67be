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
 * fastchess's {@code -log file=NAME level=LEVEL compress= realtime= append=}: the run's own messages
 * in a file, each line with its time and level. What the console prints is classed as fastchess
 * classes its messages: "Warning:" lines are warn, a failed slot is err, everything else info
 * (game starts are trace); a line is written when its class is at least {@code level}
 * (trace &lt; info &lt; warn &lt; err &lt; fatal). {@code realtime=true} flushes every line,
 * {@code compress=true} gzips the file, {@code append=false} starts it empty.
 */
public final class RunLog extends OutputStream {
    /** fastchess's levels, least severe first. */
    public enum Level { TRACE, INFO, WARN, ERR, FATAL }

    /** The parsed {@code -log} keys. */
    public record Options(Path file, Level level, boolean compress, boolean realtime, boolean append) {}

    private final OutputStream console;
    private final OutputStream file;
    private final Options options;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS", Locale.ROOT);

    private RunLog(OutputStream console, OutputStream file, Options options) {
        this.console = console;
        this.file = file;
        this.options = options;
    }

    /** A console stream that also writes the log file; close it at the end of the run. */
    public static PrintStream tee(PrintStream console, Options o) throws IOException {
        Path parent = o.file().toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        OutputStream f = Files.newOutputStream(o.file(), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            o.append() ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        if (o.compress()) f = new GZIPOutputStream(f, true);
        return new PrintStream(new RunLog(console, new java.io.BufferedOutputStream(f), o), true, StandardCharsets.UTF_8);
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
        String entry = "[" + level.name().toLowerCase(Locale.ROOT) + "] [" + LocalDateTime.now().format(TIME) + "] " + text + "\n";
        file.write(entry.getBytes(StandardCharsets.UTF_8));
        if (options.realtime()) file.flush();
    }

    @Override
    public synchronized void flush() throws IOException {
        console.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        if (line.size() > 0) flushLine();
        console.flush();
        try {
            file.close();
        } catch (IOException e) {
            throw new UncheckedIOException("-log: writing " + options.file() + ": " + e.getMessage(), e);
        }
    }
}
