package org.rookery.endgame.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.rookery.endgame.index.Material;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What {@code tb compress} and {@code tb verify} share: the {@code --tb} directory of existing
 * tables and {@code --threads}; each command keeps its own MATERIAL parameter, whose help differs.
 */
final class TableWork {
    @Mixin TbOptions tb;

    @Option(names = "--threads", paramLabel = "T")
    int threads = Runtime.getRuntime().availableProcessors();

    Path dir() {
        return tb.dir();
    }

    /** The named materials' tables, or every table in the directory (see {@link TbOptions#tables}). */
    List<Material> tables(List<String> materials) throws IOException {
        return tb.tables(materials);
    }
}
