package org.rookery.jobs;

import com.github.luben.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.pgn.PgnWriter;

/**
 * The shared real corpus ({@code ../shared/data/corpora/pgnmentor-a.pgn.zst}, 231,683 master games),
 * for tests that compare with pgn-extract game by game. They are skipped, saying so, where the
 * shared material is absent: the product and its default tests must run without it.
 */
public final class RealCorpus {
    private RealCorpus() {
    }

    /** Where the corpus is, seen from a module directory (the tests' working directory). */
    public static final Path FILE = Path.of("../../shared/data/corpora/pgnmentor-a.pgn.zst").toAbsolutePath().normalize();

    /** Skips the calling test, with the reason, when the corpus is absent. */
    public static void assumePresent(String test) {
        if (!Files.isReadable(FILE)) {
            System.err.println(test + " skipped: the real corpus " + FILE + " is absent");
        }
        Assumptions.assumeTrue(Files.isReadable(FILE), "real corpus absent: " + FILE);
    }

    /**
     * Writes the first {@code limit} games of the corpus that Rookery reads (all with a negative
     * limit) to {@code out}, each with the tag {@code Site "r<n>"} (n its 1-based number in the
     * corpus) so pgn-extract's output can be matched to them; returns how many were written.
     */
    public static int numbered(Path out, int limit) throws IOException {
        return numbered(out, 0, limit);
    }

    /** As {@link #numbered(Path, int)}, from the game after the first {@code skip} Rookery reads. */
    public static int numbered(Path out, int skip, int limit) throws IOException {
        int written = 0, skipped = 0;
        PgnGame g = new PgnGame();
        try (InputStream in = new ZstdInputStream(Files.newInputStream(FILE));
                PgnReader reader = new PgnReader(in, FILE.getFileName().toString());
                OutputStream os = Files.newOutputStream(out);
                PgnWriter writer = new PgnWriter(os)) {
            while ((limit < 0 || written < limit) && reader.next(g)) {
                if (skipped < skip) {
                    skipped++;
                    continue;
                }
                g.setTag("Site", "r" + g.gameNumber());
                writer.write(g);
                written++;
            }
        }
        return written;
    }
}
