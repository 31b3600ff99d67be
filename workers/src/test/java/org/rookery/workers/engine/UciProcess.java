package org.rookery.workers.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A UCI engine in a child process, for the slow cross-checks against Stockfish. */
final class UciProcess implements AutoCloseable {
    private final Process process;
    private final BufferedReader in;
    private final Writer out;

    UciProcess(List<String> command) throws IOException {
        process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        out = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        send("uci");
        readUntil("uciok");
    }

    /** Our own engine, started the way {@code ./rookery engine} starts it, on this JVM's classpath. */
    static UciProcess rookery(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
            java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), EngineMain.class.getName()));
        cmd.addAll(List.of(args));
        return new UciProcess(cmd);
    }

    void send(String line) throws IOException {
        out.write(line);
        out.write('\n');
        out.flush();
    }

    /** Lines up to and including the first that starts with {@code prefix}. */
    List<String> readUntil(String prefix) throws IOException {
        List<String> lines = new ArrayList<>();
        String line;
        while ((line = in.readLine()) != null) {
            lines.add(line);
            if (line.startsWith(prefix)) return lines;
        }
        throw new IOException("engine exited before '" + prefix + "'; output: " + lines);
    }

    /** Waits until the engine has processed everything sent so far. */
    void sync() throws IOException {
        send("isready");
        readUntil("readyok");
    }

    /** The mate distance ("score mate N") of the last info line before bestmove, or null. */
    static Integer lastMate(List<String> lines) {
        Integer mate = null;
        for (String l : lines) {
            int at = l.indexOf(" score mate ");
            if (l.startsWith("info") && at >= 0) mate = Integer.parseInt(l.substring(at + 12).split(" ")[0]);
            else if (l.startsWith("info") && l.contains(" score cp ")) mate = null;
        }
        return mate;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            send("quit");
        } catch (IOException ignored) {
            // Already gone.
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
    }
}
