package org.rookery.endgame.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.TableFile;
import picocli.CommandLine.Option;

/** The {@code --tb DIR} option shared by the probing commands; defaults to rookery-data/tb under the Rookery home. */
final class TbOptions {
    @Option(names = "--tb", paramLabel = "DIR", description = "Directory of tables (default: rookery-data/tb); probe and mainline take several separated by ':', holding Rookery and/or Syzygy tables.")
    Path dir;

    Path dir() {
        if (dir != null) return dir;
        String home = System.getProperty("rookery.home");
        return (home == null ? Paths.get("") : Paths.get(home)).resolve("rookery-data").resolve("tb");
    }

    /**
     * The tables a command works on: the named materials (each of which must have its table in
     * the directory), or every table in the directory, sorted; never empty.
     */
    List<Material> tables(List<String> materials) throws IOException {
        Path d = dir();
        if (!Files.isDirectory(d)) throw new IllegalArgumentException("tablebase directory " + d + " does not exist");
        List<Material> todo = new ArrayList<>();
        for (String s : materials) {
            Material m = Material.parse(s).canonical();
            if (!Files.exists(TableFile.path(d, m))) throw new IllegalArgumentException("missing table " + m + " in " + d);
            todo.add(m);
        }
        if (todo.isEmpty()) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(d, "*" + TableFile.SUFFIX)) {
                for (Path f : files) {
                    String name = f.getFileName().toString();
                    todo.add(Material.parse(name.substring(0, name.length() - TableFile.SUFFIX.length())));
                }
            }
            todo.sort(null);
        }
        if (todo.isEmpty()) throw new IllegalArgumentException("no tables in " + d);
        return todo;
    }
}
