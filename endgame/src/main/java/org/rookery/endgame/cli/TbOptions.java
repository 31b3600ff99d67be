package org.rookery.endgame.cli;

import java.nio.file.Path;
import java.nio.file.Paths;
import picocli.CommandLine.Option;

/** The {@code --tb DIR} option shared by the probing commands; defaults to rookery-data/tb under the Rookery home. */
final class TbOptions {
    @Option(names = "--tb", paramLabel = "DIR", description = "Directory of tables (default: rookery-data/tb).")
    Path dir;

    Path dir() {
        if (dir != null) return dir;
        String home = System.getProperty("rookery.home");
        return (home == null ? Paths.get("") : Paths.get(home)).resolve("rookery-data").resolve("tb");
    }
}
