package org.rookery.jobs.cli;

import java.nio.file.Path;
import java.nio.file.Paths;

/** The default table directory, the same as the endgame commands': rookery-data/tb under the Rookery home. */
final class TbDirs {
    private TbDirs() {
    }

    static Path orDefault(Path dir) {
        if (dir != null) {
            return dir;
        }
        String home = System.getProperty("rookery.home");
        return (home == null ? Paths.get("") : Paths.get(home)).resolve("rookery-data").resolve("tb");
    }
}
