package org.rookery.endgame;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.Tablebase;

/**
 * Tables generated once per test JVM and shared by the test classes: every table up to 3 pieces
 * and the 4-piece KQvKR, KBNvK, KBBvK and KRvKN (about half a minute on 2 cores).
 */
public final class Fixture {
    private Fixture() {}

    public static final List<String> FOUR = List.of("KQvKR", "KBNvK", "KBBvK", "KRvKN");

    private static Path dir;
    private static Tablebase tablebase;

    public static synchronized Path dir() {
        if (dir == null) {
            try {
                Path d = Files.createTempDirectory("rookery-tb-test");
                List<Material> targets = new ArrayList<>(Material.upTo(3));
                for (String s : FOUR) targets.add(Material.parse(s));
                try (Generator g = new Generator(d, 2, null)) {
                    g.generate(targets);
                }
                dir = d;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    public static synchronized Tablebase tablebase() {
        if (tablebase == null) {
            try {
                tablebase = Tablebase.open(dir());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return tablebase;
    }
}
