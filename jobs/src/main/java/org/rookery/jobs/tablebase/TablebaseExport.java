package org.rookery.jobs.tablebase;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.rookery.core.cli.UsageError;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.jobs.spark.Tables;

/**
 * Exports generated endgame tables to Parquet: {@code DATA/tablebase/material=NAME/}, one row per
 * stored position, and {@code DATA/tablebase_summary/material=NAME/}, one row per material with
 * the category counts, the longest DTM and DTZ and a position reaching each (docs/schema.md).
 * Executors read the table files themselves, so on a cluster the table directory must be on a
 * filesystem they share. Re-exporting a material replaces only its partitions.
 */
public final class TablebaseExport {
    private TablebaseExport() {
    }

    public static final String TABLE = "tablebase";
    public static final String SUMMARY = "tablebase_summary";
    /** Slots per export task: a few seconds of decoding, small enough to spread a 5-piece table. */
    static final long RANGE = 1L << 21;

    /** Schema of {@code tablebase}; {@code material} is the partition column. */
    public static final StructType POSITIONS = new StructType()
        .add("idx", DataTypes.LongType, false)
        .add("fen", DataTypes.StringType, false)
        .add("stm", DataTypes.StringType, false)
        .add("wdl", DataTypes.StringType, false)
        .add("wdl_score", DataTypes.ByteType, false)
        .add("dtm", DataTypes.IntegerType, true)
        .add("dtz", DataTypes.IntegerType, false)
        .add("material", DataTypes.StringType, false);

    /** The materials of every table file in {@code tbDir}, in dependency order. */
    public static List<Material> all(Path tbDir) throws IOException {
        if (!Files.isDirectory(tbDir)) throw new UsageError("table directory " + tbDir + " does not exist (generate tables with: tb generate --out " + tbDir + ")");
        List<Material> list = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(tbDir, "*" + TableFile.SUFFIX)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                list.add(Material.parse(name.substring(0, name.length() - TableFile.SUFFIX.length())));
            }
        } catch (IllegalArgumentException e) {
            throw new UsageError(tbDir + ": " + e.getMessage());
        }
        if (list.isEmpty()) throw new UsageError("no tables (*" + TableFile.SUFFIX + ") in " + tbDir);
        list.sort(null);
        return list;
    }

    /**
     * Writes both tables for {@code materials} (canonical or not) from the files in {@code tbDir};
     * returns the summary rows written, in material order.
     */
    public static List<Row> run(SparkSession spark, Path tbDir, String data, List<Material> materials) throws IOException {
        List<SlotRange> ranges = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Material given : materials) {
            Material m = given.canonical();
            Path file = TableFile.path(tbDir, m).toAbsolutePath();
            if (!Files.exists(file)) throw new UsageError("missing table " + m + " (expected " + file + "; generate it with: tb generate " + m + " --out " + tbDir + ")");
            long slots;
            try (Table t = TableFile.open(file)) { // checks the header before any executor starts
                slots = t.index().size();
            }
            if (names.contains(m.name())) continue;
            names.add(m.name());
            for (long a = 0; a < slots; a += RANGE) ranges.add(new SlotRange(m.name(), file.toString(), a, Math.min(slots, a + RANGE)));
        }
        JavaRDD<Row> rows = JavaSparkContext.fromSparkContext(spark.sparkContext())
            .parallelize(ranges, ranges.size())
            .flatMap(PositionRows::new);
        spark.createDataFrame(rows, POSITIONS)
            .write().mode(SaveMode.Overwrite).partitionBy("material")
            .parquet(Tables.path(data, TABLE));

        Dataset<Row> written = spark.read().parquet(Tables.path(data, TABLE))
            .where(col("material").isin(names.toArray()));
        Dataset<Row> summary = written.groupBy("material").agg(
                count(lit(1)).as("positions"),
                category("win").as("wins"),
                category("cursed-win").as("cursed_wins"),
                category("draw").as("draws"),
                category("blessed-loss").as("blessed_losses"),
                category("loss").as("losses"),
                max("dtm").as("max_dtm"),
                max("dtz").as("max_dtz"),
                // the first position by index among the longest, so re-exports agree
                expr("max_by(fen, if(dtm > 0, struct(dtm, -idx), null))").as("longest_dtm_fen"),
                expr("max_by(fen, if(dtz > 0, struct(dtz, -idx), null))").as("longest_dtz_fen"))
            .select("positions", "wins", "cursed_wins", "draws", "blessed_losses", "losses",
                "max_dtm", "max_dtz", "longest_dtm_fen", "longest_dtz_fen", "material");
        summary.coalesce(1).write().mode(SaveMode.Overwrite).partitionBy("material")
            .parquet(Tables.path(data, SUMMARY));
        return spark.read().parquet(Tables.path(data, SUMMARY))
            .where(col("material").isin(names.toArray())).orderBy("material").collectAsList();
    }

    private static Column category(String wdl) {
        return sum(when(col("wdl").equalTo(wdl), 1L).otherwise(0L));
    }
}
