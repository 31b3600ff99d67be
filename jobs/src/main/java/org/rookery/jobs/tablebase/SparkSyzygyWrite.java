package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.syzygy.DtzUnit;
import org.rookery.endgame.syzygy.SyzygyExport;

/**
 * {@code tb generate --master ... --format syzygy}: once every {@code .rtb} table is built, one
 * Spark task per material writes its Syzygy files into the shared directory with the same
 * {@link SyzygyExport#write} the local build uses (so the bytes are the same).
 */
public final class SparkSyzygyWrite {
    private SparkSyzygyWrite() {}

    /** Writes the materials' Syzygy files, DTZ in {@code unit}; returns one progress line per material, in order. */
    public static List<String> write(JavaSparkContext sc, Path dir, List<Material> materials, DtzUnit unit) {
        if (materials.isEmpty()) return List.of();
        List<String> names = new ArrayList<>();
        for (Material m : materials) names.add(m.name());
        String out = dir.toAbsolutePath().toString();
        return sc.parallelize(names, names.size()).map(name -> {
            try {
                return SyzygyExport.line(SyzygyExport.write(Path.of(out), Material.parse(name), unit));
            } catch (IOException e) {
                throw new UncheckedIOException(name + ": " + e.getMessage(), e);
            }
        }).collect();
    }
}
