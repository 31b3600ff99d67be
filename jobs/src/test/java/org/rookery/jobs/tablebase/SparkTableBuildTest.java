package org.rookery.jobs.tablebase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.generate.Verifier;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.jobs.TestSpark;

/**
 * The Spark build on local[2] against the single-machine build: the same files byte for byte
 * (the header included), with pawnful tables split into slice-range tasks and pawnless ones into
 * index ranges solved ply by ply.
 */
class SparkTableBuildTest {
    @Test
    void pawnfulTableSplitAcrossTasksIsByteIdentical(@TempDir Path tmp) throws IOException {
        compare(tmp, List.of(Material.parse("KPvK"), Material.parse("KRvK")), 2, 0);
    }

    /**
     * KBNvK (mates up to 33 moves, so DTM runs over some 65 plies) and its children cut into index ranges on
     * local[2]; tb verify passes on it.
     */
    @Test
    void pawnlessTableSplitByIndexRangeIsByteIdentical(@TempDir Path tmp) throws IOException {
        compareAndVerify(tmp, List.of(Material.parse("KBNvK")));
    }

    /** KRvKN (wins for both sides, captures by both) and KQvKR, split the same way. */
    @Test
    @Tag("slow")
    void fourPiecePawnlessTablesSplitByIndexRangeAreByteIdentical(@TempDir Path tmp) throws IOException {
        compareAndVerify(tmp, List.of(Material.parse("KRvKN"), Material.parse("KQvKR")));
    }

    private static void compareAndVerify(Path tmp, List<Material> targets) throws IOException {
        compare(tmp, targets, 3, 0);
        Verifier v = new Verifier(tmp.resolve("spark"), 2);
        for (Material m : targets) {
            Verifier.Report r = v.verify(m);
            assertTrue(r.ok(), m + ": " + r.mismatches + " mismatches " + r.examples);
        }
    }

    /**
     * Retries: odd plies run twice (the second run finds the executors' state at the ply and its
     * files already written, as a retried task does) and executors that lose their state before
     * every job (new or restarted executors rebuilding it from the build directory) give the same table.
     */
    @Test
    void pawnlessPliesRunTwiceOrOnFreshExecutorsGiveTheSameTable(@TempDir Path tmp) throws IOException {
        Material krk = Material.parse("KRvK");
        List<Material> targets = List.of(krk);
        Path single = tmp.resolve("single");
        try (Generator g = new Generator(single, 2, null)) {
            g.generate(targets);
        }
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(TestSpark.get().sparkContext());
        Path spark = tmp.resolve("spark");
        // the children first, built the usual way
        new SparkTableBuild(sc, spark, 1, Long.MAX_VALUE, 2, null).build(krk.children());
        List<String> log = new ArrayList<>();
        SparkTableBuild twice = new SparkTableBuild(sc, spark, 1, 0, 3, log::add);
        twice.repeatPly = k -> k % 2 == 1;
        twice.build(targets);
        assertNull(TableBytes.difference(single.resolve("KRvK.rtb"), spark.resolve("KRvK.rtb")), String.join("\n", log));
        assertTrue(log.stream().anyMatch(l -> l.startsWith("KRvK ply 31:")), String.join("\n", log));

        Files.delete(spark.resolve("KRvK.rtb"));
        SparkTableBuild fresh = new SparkTableBuild(sc, spark, 1, 0, 3, null);
        fresh.forgetStates = true;
        fresh.build(targets);
        assertNull(TableBytes.difference(single.resolve("KRvK.rtb"), spark.resolve("KRvK.rtb")));
    }

    @Test
    @Tag("slow")
    void fourPiecePawnfulTablesAreByteIdentical(@TempDir Path tmp) throws IOException {
        // the 4-piece pawnless tables they depend on are not split (every pawnful one is)
        compare(tmp, List.of(Material.parse("KRvKP"), Material.parse("KPvKP")), 2, 4_000_000);
    }

    /** A driver killed between pawn waves: the next build continues after the last merged wave. */
    @Test
    void anInterruptedSplitBuildContinuesAfterItsLastMergedWave(@TempDir Path tmp) throws IOException {
        List<Material> targets = List.of(Material.parse("KPvK"));
        Path single = tmp.resolve("single"), spark = tmp.resolve("spark");
        try (Generator g = new Generator(single, 2, null)) {
            g.generate(targets);
        }
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(TestSpark.get().sparkContext());
        RuntimeException killed = new RuntimeException("driver killed");
        // 100,000 slots: KPvK (173,376) is split, its pawnless children are not
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> new SparkTableBuild(sc, spark, 1, 100_000, 2, line -> {
            if (line.startsWith("KPvK: pawn wave 3 of")) throw killed;
        }).build(targets));
        assertEquals(killed, thrown);
        assertTrue(Files.exists(spark.resolve(".spark-build").resolve("KPvK").resolve("KPvK.rtb.resume")),
            "the build left its mark");

        List<String> log = new ArrayList<>();
        new SparkTableBuild(sc, spark, 1, 100_000, 2, log::add).build(targets);
        assertTrue(log.contains("KPvK: continuing an interrupted build at pawn wave 3 of "
            + SparkTableBuild.pawnWaves(new TableIndex(Material.parse("KPvK"))).size() + " (slice "
            + SparkTableBuild.pawnWaves(new TableIndex(Material.parse("KPvK"))).get(2)[0] + ")"), String.join("\n", log));
        assertTrue(log.stream().noneMatch(l -> l.startsWith("KPvK: pawn wave 1 of") || l.startsWith("KPvK: pawn wave 2 of")),
            "finished waves are not built again: " + log);
        assertEquals(names(single), names(spark));
        for (String name : names(single)) assertNull(TableBytes.difference(single.resolve(name), spark.resolve(name)), name);
        assertTrue(!Files.exists(spark.resolve(".spark-build")), "build directories are removed");
    }

    private static void compare(Path tmp, List<Material> targets, int parallelism, long splitSlots) throws IOException {
        Path single = tmp.resolve("single"), spark = tmp.resolve("spark");
        try (Generator g = new Generator(single, 2, null)) {
            g.generate(targets);
        }
        List<String> log = new ArrayList<>();
        SparkTableBuild build = new SparkTableBuild(JavaSparkContext.fromSparkContext(TestSpark.get().sparkContext()),
            spark, 1, splitSlots, parallelism, log::add);
        List<SparkTableBuild.Built> built = build.build(targets);

        TreeSet<String> expected = names(single), got = names(spark);
        assertEquals(expected, got, "tables built");
        assertEquals(expected.size(), built.size());
        for (String name : expected) assertNull(TableBytes.difference(single.resolve(name), spark.resolve(name)), String.join("\n", log));
        assertTrue(!Files.exists(spark.resolve(".spark-build")), "build directories are removed");

        // every table of at least splitSlots slots really went through a split path: pawnful ones with some wave cut in two,
        // pawnless ones in ranges for the forward pass, the plies (none for KvK) and the store
        for (SparkTableBuild.Built b : built) {
            if (new TableIndex(b.material).size() < splitSlots) {
                assertEquals(1, b.tasks, b.material.name());
                continue;
            }
            if (!b.material.hasPawns()) {
                int ranges = (int) Math.max(1, Math.min(PawnlessSplit.RANGES_PER_TASK * parallelism, new TableIndex(b.material).size() / 64));
                assertTrue(b.tasks >= 2 * ranges && b.tasks % ranges == 0, b.material + ": " + b.tasks + " tasks");
                continue;
            }
            int waves = SparkTableBuild.pawnWaves(new TableIndex(b.material)).size();
            assertTrue(b.tasks > waves, b.material + ": " + b.tasks + " tasks for " + waves + " pawn waves");
        }
        // the tables of the first dependency wave ran as one Spark job
        assertTrue(log.get(0).startsWith("dependency wave 1 of "), log.get(0));
    }

    private static TreeSet<String> names(Path dir) throws IOException {
        TreeSet<String> out = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) out.add(p.getFileName().toString());
        }
        return out;
    }

    @Test
    void dependencyWavesPutChildrenFirst() {
        List<List<Material>> waves = DependencyWaves.of(Material.withDependencies(List.of(Material.parse("KRvKP"))));
        List<Material> seen = new ArrayList<>();
        for (List<Material> w : waves) {
            for (Material m : w) for (Material c : m.children()) assertTrue(seen.contains(c), c + " before " + m);
            seen.addAll(w);
        }
        // KvK; then KQvK, KRvK, KBvK, KNvK; then KPvK and the 4-piece pawnless tables its promotion leads to; then KRvKP
        assertEquals(List.of(Material.parse("KvK")), waves.get(0));
        assertEquals(4, waves.size());
        assertEquals(List.of(Material.parse("KRvKP")), waves.get(3));
        assertTrue(waves.get(2).contains(Material.parse("KQvKR")) && waves.get(2).contains(Material.parse("KPvK")), waves.toString());
    }
}
