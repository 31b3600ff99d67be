package org.rookery.workers.local;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.rookery.workers.kafka.Json;

/**
 * A local run's records as the Kafka records a distributed run would produce: one JSON line each
 * ({@code topic}, {@code partition} 0, {@code offset}, {@code key}, {@code value}, the value being
 * the record's text), in {@code DATA/_records/RUN.jsonl}. Each line is flushed as it is written, so
 * a run that dies leaves every finished game. Thread-safe.
 */
public final class RecordSpool implements AutoCloseable {
    /** The directory under the data root that holds the spools. */
    public static final String DIR = "_records";

    private final Path data;
    private final Path file;
    private final BufferedWriter out;
    private long offset;

    private RecordSpool(Path data, Path file, BufferedWriter out, long offset) {
        this.data = data;
        this.file = file;
        this.out = out;
        this.offset = offset;
    }

    /**
     * Opens the spool of run {@code runId} under {@code data}: a new run starts it afresh (the same
     * run id is the same definition and seed: its tables are replaced), a resumed one appends.
     */
    public static RecordSpool open(Path data, String runId, boolean append) throws IOException {
        if (Files.exists(data) && !Files.isDirectory(data)) throw new IllegalArgumentException("--data: " + data + " is not a directory");
        Path dir = data.resolve(DIR);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalArgumentException("--data: cannot create " + dir + " (" + e.getMessage() + ")");
        }
        Path file = dir.resolve(runId + ".jsonl");
        long lines = append && Files.exists(file) ? Files.lines(file).count() : 0;
        BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        return new RecordSpool(data, file, w, lines);
    }

    /** The spool file. */
    public Path file() { return file; }

    /** Appends one record of {@code topic}. */
    public synchronized void add(String topic, String key, ObjectNode value) {
        ObjectNode line = Json.object();
        line.put("topic", topic);
        line.put("partition", 0);
        line.put("offset", offset++);
        line.put("key", key);
        line.put("value", Json.write(value));
        try {
            out.write(Json.write(line));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("--data: cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    /** The command that writes the spool's tables: the sink's batch writer over the file. */
    public List<String> sinkCommand() {
        return List.of("sink", "--records", file.toString(), "--data", data.toString());
    }

    /**
     * Writes the tables: {@code rookery sink --records FILE --data DATA} through the launcher that
     * started this JVM ({@code rookery.home}). Without a launcher (a JVM started otherwise) it says
     * which command to run.
     *
     * @return false when the sink failed (its own lines say why)
     */
    public boolean writeTables(PrintStream log) throws IOException, InterruptedException {
        close();
        String home = System.getProperty("rookery.home");
        Path launcher = home == null ? null : Path.of(home, "rookery");
        if (launcher == null || !Files.isExecutable(launcher)) {
            log.println("Warning: --data: not started by ./rookery, so the tables are not written; write them with: rookery "
                + String.join(" ", sinkCommand()));
            return true;
        }
        log.println("Writing the tables under " + data + " (rookery " + String.join(" ", sinkCommand()) + ")");
        log.flush();
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(launcher.toString());
        cmd.addAll(sinkCommand());
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        return p.waitFor() == 0;
    }
}
