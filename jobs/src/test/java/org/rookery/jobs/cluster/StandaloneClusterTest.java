package org.rookery.jobs.cluster;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.ingest.IngestJob;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;
import org.rookery.jobs.stats.DrawRulesJob;

/**
 * Spark jobs on a standalone cluster (master, two workers, executor JVMs that load Rookery from the
 * shipped application jar) give what local runs give: {@code analyze ingest} and {@code analyze
 * draw-rules} the same rows in every table, {@code tb generate --master} the same table files, byte
 * for byte, as the single-machine build.
 */
@Tag("slow")
@Tag("cluster")
class StandaloneClusterTest {
    @TempDir
    Path dir;

    @Test
    void clusterRunsWriteWhatLocalRunsWrite() throws Exception {
        Path input = Files.createDirectories(dir.resolve("in"));
        Corpora.synthetic(input.resolve("a.pgn"), 51, 1500);
        Corpora.synthetic(input.resolve("b.pgn.zst"), 52, 500);
        Corpora.write(input.resolve("bad.pgn"), Corpora.GOOD + Corpora.ILLEGAL + Corpora.UNTERMINATED + Corpora.GOOD);
        String clusterData = dir.resolve("cluster").toString();
        String localData = dir.resolve("local").toString();

        StandaloneCluster cluster = StandaloneCluster.prepare(dir.resolve("spark"));
        String ingest = cluster.run(dir.resolve("ingest.log"), "analyze", "ingest", "--input", input.toString(),
                "--out", clusterData, "--collection", "c", "--split-mb", "1");
        assertTrue(ingest.contains("2,002 games written"), ingest);
        String drawRules = cluster.run(dir.resolve("draw-rules.log"), "analyze", "draw-rules", "--data", clusterData);
        assertTrue(drawRules.contains("draw-rules: 2,002 games"), drawRules);
        assertTrue(cluster.executorLogs() >= 2, "executors ran as JVMs of their own under the workers");

        SparkSession spark = TestSpark.get();
        IngestJob.run(spark, new IngestJob.Options(List.of(input.toString()), localData, "c", 1 << 20, 0), null);
        DrawRulesJob.run(spark, localData, null);

        for (String table : new String[] {Schemas.GAMES, Schemas.REJECTED, Schemas.DRAW_RULES, Schemas.DRAW_RULES_SUMMARY}) {
            Dataset<Row> a = spark.read().parquet(Tables.path(clusterData, table));
            Dataset<Row> b = spark.read().parquet(Tables.path(localData, table));
            assertEquals(b.count(), a.count(), table + " rows");
            assertEquals(0, a.exceptAll(b).count(), table + ": rows only the cluster wrote");
            assertEquals(0, b.exceptAll(a).count(), table + ": rows only the local run wrote");
        }
        assertEquals(2, spark.read().parquet(Tables.path(clusterData, Schemas.REJECTED))
                .where(col("source_file").equalTo("bad.pgn")).count());
    }

    /**
     * With {@code --split-slots 1} every table is split: KPvK by pawn-slice ranges, the pawnless
     * ones (KRvK, KBNvK with its 65 plies of DTM, and their children) by index ranges solved ply
     * by ply, each executor JVM keeping its own copy of the table's working values.
     */
    @Test
    void clusterTableBuildIsByteIdenticalToTheSingleMachineBuild() throws Exception {
        List<Material> targets = List.of(Material.parse("KPvK"), Material.parse("KRvK"), Material.parse("KBNvK"));
        Path single = dir.resolve("single");
        try (Generator g = new Generator(single, 2, null)) {
            g.generate(targets);
        }
        StandaloneCluster cluster = StandaloneCluster.prepare(dir.resolve("spark"));
        Path built = dir.resolve("cluster-tb");
        String out = cluster.runMain("org.rookery.jobs.cli.TbJobsMain", dir.resolve("tb.log"), "generate", "KPvK",
                "KRvK", "KBNvK", "--out", built.toString(), "--split-slots", "1");
        assertTrue(cluster.executorLogs() >= 2, "executors ran as JVMs of their own under the workers:\n" + out);
        assertTrue(out.contains("KBNvK: 3784704 slots in 8 ranges") && out.contains("KBNvK ply 64:"), out);
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(single)) {
            s.map(p -> p.getFileName().toString()).sorted().forEach(names::add);
        }
        List<String> clusterNames = new ArrayList<>();
        try (Stream<Path> s = Files.list(built)) {
            s.map(p -> p.getFileName().toString()).sorted().forEach(clusterNames::add);
        }
        assertEquals(names, clusterNames, "tables built");
        for (String name : names) {
            assertEquals(-1L, Files.mismatch(single.resolve(name), built.resolve(name)), name + " differs");
        }
    }
}
