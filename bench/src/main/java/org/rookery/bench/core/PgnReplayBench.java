package org.rookery.bench.core;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;

/**
 * PGN parse + legal replay + repetition tracking, single-threaded, from memory (so disk speed does
 * not enter), against {@code pgn-extract --repetition} on the same games in the same run.
 */
public final class PgnReplayBench {
    private PgnReplayBench() {}

    /** The corpus shipped in the source tree, used when no --pgn is given. */
    static final String DEFAULT_CORPUS = "core/src/test/resources/pgn/selfplay-corpus.pgn.gz";

    public static void run(PrintWriter out, Path corpus, int repeat) throws IOException {
        if (corpus == null) {
            corpus = Path.of(System.getProperty("rookery.home", "."), DEFAULT_CORPUS);
        }
        if (!Files.isReadable(corpus)) {
            out.println("pgn replay: corpus " + corpus + " not found; pass --pgn FILE");
            return;
        }
        byte[] data = readAll(corpus);
        long[] warm = replayAll(data); // JIT warm-up, and the game/ply counts
        long games = 0, plies = 0, rejected = 0;
        long start = System.nanoTime();
        for (int r = 0; r < repeat; r++) {
            long[] c = replayAll(data);
            games += c[0];
            plies += c[1];
            rejected += c[2];
        }
        long ns = System.nanoTime() - start;
        double gps = games * 1e9 / ns, pps = plies * 1e9 / ns;
        out.println(String.format(Locale.ROOT,
            "pgn replay: %s, %d games (%d plies, %d rejected) x %d: rookery %.0f games/s, %.2f M plies/s on 1 thread",
            corpus.getFileName(), warm[0], warm[1], warm[2], repeat, gps, pps / 1e6));

        Path peer = locatePgnExtract();
        if (peer == null) {
            out.println("pgn replay ratio skipped: " + org.rookery.core.tools.ExternalTools.installHint("pgn-extract"));
            return;
        }
        Path plain = Files.createTempFile("rookery-bench", ".pgn");
        try {
            Files.write(plain, data);
            long peerNs = 0;
            for (int r = 0; r < repeat; r++) peerNs += timePgnExtract(peer, plain);
            double peerGps = warm[0] * (double) repeat * 1e9 / peerNs;
            out.println(String.format(Locale.ROOT,
                "pgn replay: pgn-extract --repetition %.0f games/s; ratio rookery/pgn-extract %.2f", peerGps, gps / peerGps));
        } finally {
            Files.deleteIfExists(plain);
        }
    }

    private static long[] replayAll(byte[] data) throws IOException {
        long games = 0, plies = 0, rejected = 0;
        GameReplay replay = new GameReplay();
        PgnGame game = new PgnGame();
        try (PgnReader reader = new PgnReader(new ByteArrayInputStream(data), "bench", e -> { })) {
            while (reader.next(game)) {
                games++;
                if (replay.replay(game)) plies += replay.plies();
                else rejected++;
            }
        }
        return new long[] {games, plies, rejected};
    }

    static byte[] readAll(Path p) throws IOException {
        try (InputStream raw = Files.newInputStream(p);
             InputStream in = p.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw) {
            ByteArrayOutputStream bos = new ByteArrayOutputStream(1 << 20);
            in.transferTo(bos);
            return bos.toByteArray();
        }
    }

    static Path locatePgnExtract() {
        return org.rookery.core.tools.ExternalTools.locate("pgn-extract");
    }

    private static long timePgnExtract(Path peer, Path file) throws IOException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(peer.toString(), "-s", "--repetition", "-o", "/dev/null", file.toString())
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("pgn-extract did not finish in 10 minutes");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while timing pgn-extract");
        }
        return System.nanoTime() - start;
    }
}
