package org.rookery.endgame.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rookery.core.cli.UsageError;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.syzygy.DtzUnit;
import org.rookery.endgame.syzygy.SyzygyExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tb generate MATERIAL...|--pieces N [--out DIR] [--threads T] [--format syzygy]} on one machine ({@code --master} is the jobs module's). */
@Command(name = "generate", mixinStandardHelpOptions = true,
    description = "Generate tables (and any missing tables they depend on) in dependency order.")
final class GenerateCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin GenerateTargets targets;

    @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: available cores).")
    int threads = Runtime.getRuntime().availableProcessors();

    // Listed here for the help; ./rookery runs 'tb generate --master' on the jobs module (Spark), see docs/cluster.md.
    @Option(names = "--master", paramLabel = "URL",
        description = "Build on Spark (local[N], spark://HOST:7077, ...): materials in dependency waves, pawnful tables split by slice ranges.")
    String master;

    @Override
    public Integer call() throws Exception {
        if (master != null) {
            throw new UsageError("--master runs the build on Spark, which this classpath lacks: use './rookery tb generate --master " + master + " ...' (docs/cluster.md)");
        }
        PrintWriter err = spec.commandLine().getErr();
        List<Material> materials = targets.targets();
        boolean syzygy = targets.syzygy();
        DtzUnit unit = targets.dtzUnit();
        TbOptions o = new TbOptions();
        o.dir = targets.out();
        Path dir = o.dir();
        long start = System.nanoTime();
        try (Generator g = new Generator(dir, threads, targets.progress(err))) {
            List<Material> plan = g.plan(materials);
            err.println("tb generate: " + plan.size() + " table(s) to build in " + dir + (plan.isEmpty() ? " (all present)" : ": " + plan));
            err.flush();
            List<Generator.Result> done = g.generate(materials);
            err.printf("tb generate: %d table(s) in %.1f s%n", done.size(), (System.nanoTime() - start) / 1e9);
        }
        if (syzygy) {
            long t0 = System.nanoTime();
            List<Material> write = SyzygyExport.materials(materials);
            SyzygyExport.writeAll(dir, write, unit, line -> {
                err.println("tb generate: " + line);
                err.flush();
            });
            err.printf("tb generate: %d Syzygy table(s) written in %.1f s%n", write.size(), (System.nanoTime() - t0) / 1e9);
        }
        return 0;
    }
}
