package org.rookery.jobs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;

/** Debian's {@code pgn-extract}, the jobs tests' independent PGN oracle: where it is, and one run of it. */
public final class PgnExtract {
    private PgnExtract() {
    }

    /** The executable on {@code PATH}, in /usr/bin or /usr/games (Debian's place); null when absent. */
    public static Path locate() {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.add("/usr/bin");
        dirs.add("/usr/games");
        for (String d : dirs) {
            Path p = Path.of(d.isEmpty() ? "." : d, "pgn-extract");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** The executable, or the calling test skipped, saying how to install it. */
    public static Path require(String test) {
        Path p = locate();
        if (p == null) {
            System.err.println(test + " skipped: pgn-extract not installed (apt-get install -y pgn-extract)");
        }
        Assumptions.assumeTrue(p != null, "pgn-extract not installed: skipped (install with: apt-get install -y pgn-extract)");
        return p;
    }

    /** The comment {@link #firstMarks} has pgn-extract write after every move that matches. */
    public static final String MARK = "rookery-match";

    /**
     * Runs pgn-extract quietly with {@code args} and returns the {@code Site} tags of the games in
     * {@code out}, the file those arguments make it write.
     */
    public static Set<String> sites(Path out, String... args) throws IOException {
        run(List.of(args));
        Set<String> sites = new TreeSet<>();
        PgnGame g = new PgnGame();
        try (PgnReader r = new PgnReader(Files.newInputStream(out), "pgn-extract")) {
            while (r.next(g)) {
                sites.add(g.tag("Site"));
            }
        }
        return sites;
    }

    /**
     * As {@link #sites}, with {@code --markmatches}: each matching game's {@code Site} tag and the
     * ply (1 for the first move) after which pgn-extract first marks a match, 0 when it marks none
     * (as where a game's start position matches).
     */
    public static Map<String, Integer> firstMarks(Path out, String... args) throws IOException {
        List<String> marked = new ArrayList<>(List.of("--markmatches", MARK));
        marked.addAll(List.of(args));
        run(marked);
        Map<String, Integer> marks = new TreeMap<>();
        PgnGame g = new PgnGame();
        try (PgnReader r = new PgnReader(Files.newInputStream(out), "pgn-extract")) {
            while (r.next(g)) {
                int ply = 0;
                for (int i = 0; i < g.plyCount() && ply == 0; i++) {
                    String c = g.comment(i);
                    ply = c != null && c.contains(MARK) ? i + 1 : 0;
                }
                marks.put(g.tag("Site"), ply);
            }
        }
        return marks;
    }

    private static void run(List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(require("pgn-extract").toString());
        command.add("-s");
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            assertTrue(p.waitFor(10, TimeUnit.MINUTES), "pgn-extract timed out");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
