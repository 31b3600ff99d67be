package org.rookery.jobs.tablebase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.syzygy.DtzUnit;
import org.rookery.endgame.syzygy.SyzygyExport;
import org.rookery.jobs.TestSpark;

/** {@code tb generate --master --format syzygy [--dtz moves]} on local[2]: the same .rtbw/.rtbz bytes as the local writer. */
class SparkSyzygyWriteTest {
    @Test
    void sparkWritesTheSameSyzygyFilesAsTheLocalBuild(@TempDir Path tmp) throws IOException {
        List<Material> targets = List.of(Material.parse("KPvK"), Material.parse("KRvK"));
        Path local = tmp.resolve("local"), spark = tmp.resolve("spark");
        try (Generator g = new Generator(local, 2, null)) {
            g.generate(targets);
        }
        List<Material> write = SyzygyExport.materials(targets);
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(TestSpark.get().sparkContext());
        new SparkTableBuild(sc, spark, 1, 0, 2, null).build(targets);
        for (DtzUnit unit : DtzUnit.values()) {
            SyzygyExport.writeAll(local, write, unit, null);
            List<String> lines = SparkSyzygyWrite.write(sc, spark, write, unit);
            assertEquals(write.size(), lines.size(), "one line per material: " + lines);
            for (Material m : write) {
                for (String ext : List.of(".rtbw", ".rtbz")) {
                    String name = org.rookery.endgame.syzygy.SyzygyWriter.name(m) + ext;
                    assertArrayEquals(Files.readAllBytes(local.resolve(name)), Files.readAllBytes(spark.resolve(name)), unit + " " + name);
                }
            }
        }
    }
}
