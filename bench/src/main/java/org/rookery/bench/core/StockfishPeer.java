package org.rookery.bench.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs Stockfish's {@code go perft} as the peer in benchmarks, timing it in the same run as ours. */
public final class StockfishPeer implements AutoCloseable {
    private final Process process;
    private final BufferedReader in;
    private final Writer out;
    private final String name;

    private StockfishPeer(Path binary) throws IOException {
        process = new ProcessBuilder(binary.toString()).redirectErrorStream(true).start();
        in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        out = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        send("uci");
        String id = "Stockfish";
        String line;
        while ((line = in.readLine()) != null && !line.equals("uciok")) {
            if (line.startsWith("id name ")) id = line.substring(8);
        }
        if (line == null) throw new IOException(binary + " exited during the UCI handshake");
        name = id;
    }

    /** Finds Stockfish on PATH or in Debian's /usr/games; null when it is not installed. */
    public static Path locate() {
        return org.rookery.core.tools.ExternalTools.locate("stockfish");
    }

    public static StockfishPeer start(Path binary) throws IOException {
        return new StockfishPeer(binary);
    }

    public String name() { return name; }

    private void send(String cmd) throws IOException {
        out.write(cmd);
        out.write('\n');
        out.flush();
    }

    /** Runs {@code go perft depth}; returns {nodes, elapsed nanoseconds}. */
    public long[] perft(String fen, int depth) throws IOException {
        send("position fen " + fen);
        send("isready");
        String line;
        while ((line = in.readLine()) != null && !line.equals("readyok")) { /* drain */ }
        long start = System.nanoTime();
        send("go perft " + depth);
        while ((line = in.readLine()) != null) {
            if (line.startsWith("Nodes searched:")) {
                long ns = System.nanoTime() - start;
                return new long[] {Long.parseLong(line.substring(15).trim()), ns};
            }
        }
        throw new IOException("stockfish exited during perft");
    }

    @Override
    public void close() {
        try {
            send("quit");
        } catch (IOException ignored) {
            // already gone
        }
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
