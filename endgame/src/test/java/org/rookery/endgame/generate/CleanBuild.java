package org.rookery.endgame.generate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.rookery.endgame.index.Material;

/** A table built in one go by a fresh generator: the reference that sliced and resumed builds must equal. */
final class CleanBuild {
    private CleanBuild() {}

    /** Builds {@code m} and the tables it depends on in {@code dir}, with two threads. */
    static void of(Path dir, Material m) throws IOException {
        try (Generator g = new Generator(dir, 2, null)) {
            g.generate(List.of(m));
        }
    }
}
