package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Shared helpers: read PGN text fully and describe games for comparison. */
final class PgnTestSupport {

    private PgnTestSupport() {
    }

    /** Games and problems from reading one input. */
    record Outcome(List<PgnGame> games, List<PgnError> problems) {

        List<PgnError> errors() {
            return problems.stream().filter(p -> !p.isWarning()).toList();
        }

        List<PgnError> warnings() {
            return problems.stream().filter(PgnError::isWarning).toList();
        }

        PgnGame game(int i) {
            return games.get(i);
        }
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static Outcome read(String text) {
        return read(utf8(text));
    }

    static Outcome read(byte[] data) {
        return read(data, PgnReader.Options.DEFAULT);
    }

    /**
     * Reads {@code data} twice, once normally and once one byte per read() call so every buffer
     * refill path is taken, and checks both readings agree exactly.
     */
    static Outcome read(byte[] data, PgnReader.Options options) {
        Outcome whole = readFrom(new ByteArrayInputStream(data), options);
        Outcome trickle = readFrom(new TrickleInputStream(new ByteArrayInputStream(data)), options);
        assertEquals(describeAll(whole), describeAll(trickle),
                "byte-at-a-time reading must give the same result");
        return whole;
    }

    static Outcome readFrom(InputStream in, PgnReader.Options options) {
        List<PgnError> problems = new ArrayList<>();
        List<PgnGame> games = new ArrayList<>();
        try (PgnReader r = new PgnReader(in, "test.pgn", problems::add, options)) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                games.add(g.copy());
            }
            assertEquals(games.size(), r.gamesRead());
            assertEquals(problems.stream().filter(p -> !p.isWarning()).count(), r.errorCount());
            assertEquals(problems.stream().filter(PgnError::isWarning).count(), r.warningCount());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Outcome(games, problems);
    }

    static String describeAll(Outcome o) {
        StringBuilder sb = new StringBuilder();
        for (PgnGame g : o.games()) {
            sb.append(describe(g)).append("\n---\n");
        }
        for (PgnError e : o.problems()) {
            sb.append(e).append(" raw=").append(e.rawText() == null ? -1 : e.rawText().hashCode())
                    .append('\n');
        }
        return sb.toString();
    }

    /** Everything a game holds, as text. */
    static String describe(PgnGame g) {
        StringBuilder sb = new StringBuilder();
        sb.append("#").append(g.gameNumber()).append(" line ").append(g.firstLine())
                .append(" result ").append(g.result()).append('\n');
        for (int i = 0; i < g.tagCount(); i++) {
            sb.append('[').append(g.tagName(i)).append('=').append(g.tagValue(i)).append("]\n");
        }
        for (int ply = -1; ply < g.plyCount(); ply++) {
            sb.append(ply < 0 ? "^" : g.san(ply));
            for (int k = 0; k < g.nagCount(ply); k++) {
                sb.append(" $").append(g.nag(ply, k));
            }
            if (g.comment(ply) != null) {
                sb.append(" {").append(g.comment(ply)).append('}');
            }
            sb.append(" clk=").append(g.clockMillis(ply)).append(" cp=").append(g.evalCp(ply))
                    .append(" mate=").append(g.evalMate(ply));
            for (String v : g.variations(ply)) {
                sb.append(" (").append(v).append(')');
            }
            sb.append('\n');
        }
        sb.append("raw=").append(g.rawText().hashCode()).append(g.rawTextTruncated() ? "T" : "");
        return sb.toString();
    }

    /** Hands out one byte per read call, like a slow pipe. */
    static final class TrickleInputStream extends FilterInputStream {

        TrickleInputStream(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, 1));
        }
    }
}
