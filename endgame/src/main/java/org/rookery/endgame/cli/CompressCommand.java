package org.rookery.endgame.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.TableFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tb compress [MATERIAL...]}: rewrites raw (format version 1) tables in the compressed format 2. */
@Command(name = "compress", mixinStandardHelpOptions = true,
    description = "Rewrite tables of format version 1 (raw, 4 bytes per position) in the compressed format 2, in place. "
        + "Compressed tables are left as they are.")
final class CompressCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableWork work;

    @Parameters(paramLabel = "MATERIAL", arity = "0..*", description = "Tables to compress (default: all in the directory).")
    List<String> materials = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = work.dir();
        List<Path> files = new ArrayList<>();
        for (Material m : work.tables(materials)) files.add(TableFile.path(dir, m));
        long before = 0, after = 0;
        int done = 0;
        for (Path f : files) {
            long size = Files.size(f), start = System.nanoTime();
            if (!TableFile.compress(f, work.threads)) continue;
            long now = Files.size(f);
            before += size;
            after += now;
            done++;
            out.printf("%-10s %,15d -> %,13d bytes (%.2f%%), %.1f s%n", f.getFileName(), size, now, 100.0 * now / size, (System.nanoTime() - start) / 1e9);
            out.flush();
        }
        out.printf("compress: %d table(s), %,d -> %,d bytes%n", done, before, after);
        return 0;
    }
}
