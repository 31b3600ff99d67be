package org.rookery.jobs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.rookery.core.cli.UsageError;
import org.rookery.endgame.cli.GenerateTargets;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.syzygy.DtzUnit;
import org.rookery.endgame.syzygy.SyzygyExport;
import org.rookery.jobs.tablebase.SparkSyzygyWrite;
import org.rookery.jobs.tablebase.SparkTableBuild;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rookery tb generate MATERIAL...|--pieces N --master URL}: the build on Spark. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Generate tables on Spark (and any missing tables they depend on): the",
            "tables of one dependency wave in parallel; tables of at least --split-slots",
            "slots split: pawnful ones into pawn-slice ranges, wave by pawn wave,",
            "pawnless ones into index ranges, ply by ply.",
            "--out must be a directory every executor shares (docs/cluster.md)."})
final class TbGenerateCommand extends SparkCommand {
    @Mixin
    GenerateTargets generate = new GenerateTargets();

    @Option(names = "--threads", paramLabel = "T",
            description = "Generator threads per Spark task (default: ${DEFAULT-VALUE}; match spark.task.cpus).")
    int threads = 1;

    @Option(names = "--split-slots", paramLabel = "N",
            description = "Split tables of at least N index slots across tasks (default: ${DEFAULT-VALUE}; 0 splits all).")
    long splitSlots = 4_000_000L;

    @Option(names = "--parallelism", paramLabel = "N",
            description = "Tasks per pawn wave of a split pawnful table; a split pawnless table has 4N index ranges (default: Spark's default parallelism).")
    Integer parallelism;

    private final List<Material> targets = new ArrayList<>();
    private boolean syzygy;
    private DtzUnit unit;

    @Override
    void validate() {
        try {
            targets.addAll(generate.targets());
            syzygy = generate.syzygy();
            unit = generate.dtzUnit();
        } catch (IllegalArgumentException e) {
            // An unreadable MATERIAL is a usage error here, as the other Spark commands report bad arguments.
            throw new UsageError(e.getMessage());
        }
        if (threads < 1) {
            throw new UsageError("--threads must be at least 1");
        }
        if (splitSlots < 0) {
            throw new UsageError("--split-slots must not be negative");
        }
        if (parallelism != null && parallelism < 1) {
            throw new UsageError("--parallelism must be at least 1");
        }
        // A speculative copy of a whole-table task would write the same OUT/NAME.rtb.part as the original.
        conf.put("spark.speculation", "false");
    }

    @Override
    int run(SparkSession spark) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        int par = parallelism != null ? parallelism : sc.defaultParallelism();
        Path dir = TbDirs.orDefault(generate.out());
        SparkTableBuild build = new SparkTableBuild(sc, dir, threads, splitSlots, par, generate.progress(err));
        List<Material> plan = build.plan(targets);
        err.println("tb generate: " + plan.size() + " table(s) to build in " + dir + " on " + spark.sparkContext().master()
            + (plan.isEmpty() ? " (all present)" : ": " + plan));
        err.flush();
        long start = System.nanoTime();
        List<SparkTableBuild.Built> done = build.build(targets);
        err.printf("tb generate: %d table(s) in %.1f s%n", done.size(), (System.nanoTime() - start) / 1e9);
        err.flush();
        if (syzygy) {
            long t0 = System.nanoTime();
            List<String> lines = SparkSyzygyWrite.write(sc, dir, SyzygyExport.materials(targets), unit);
            for (String line : lines) err.println("tb generate: " + line);
            err.printf("tb generate: %d Syzygy table(s) written on Spark in %.1f s%n", lines.size(), (System.nanoTime() - t0) / 1e9);
            err.flush();
        }
        return 0;
    }
}
