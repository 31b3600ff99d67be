package org.rookery.jobs.tablebase;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;
import static org.rookery.contract.schema.Tablebase.DTM;
import static org.rookery.contract.schema.Tablebase.DTZ;
import static org.rookery.contract.schema.Tablebase.FEN;
import static org.rookery.contract.schema.Tablebase.IDX;
import static org.rookery.contract.schema.Tablebase.MATERIAL;
import static org.rookery.contract.schema.Tablebase.WDL;
import static org.rookery.contract.schema.TablebaseSummary.BLESSED_LOSSES;
import static org.rookery.contract.schema.TablebaseSummary.CURSED_WINS;
import static org.rookery.contract.schema.TablebaseSummary.DRAWS;
import static org.rookery.contract.schema.TablebaseSummary.LONGEST_DTM_FEN;
import static org.rookery.contract.schema.TablebaseSummary.LONGEST_DTZ_FEN;
import static org.rookery.contract.schema.TablebaseSummary.LOSSES;
import static org.rookery.contract.schema.TablebaseSummary.MAX_DTM;
import static org.rookery.contract.schema.TablebaseSummary.MAX_DTZ;
import static org.rookery.contract.schema.TablebaseSummary.WINS;

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
import org.apache.spark.sql.types.StructType;
import org.rookery.contract.schema.TablebaseSummary;
import org.rookery.core.cli.UsageError;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.jobs.spark.Schemas;
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

    public static final String TABLE = Schemas.TABLEBASE;
    public static final String SUMMARY = Schemas.TABLEBASE_SUMMARY;
    /** Slots per export task: a few seconds of decoding, small enough to spread a 5-piece table. */
    static final long RANGE = 1L << 21;

    /** Schema of {@code tablebase}; {@code material} is the partition column. */
    public static final StructType POSITIONS = Schemas.TABLEBASE_SCHEMA;

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
            .write().mode(SaveMode.Overwrite).partitionBy(MATERIAL)
            .parquet(Tables.path(data, TABLE));

        Dataset<Row> written = spark.read().parquet(Tables.path(data, TABLE))
            .where(col(MATERIAL).isin(names.toArray()));
        Dataset<Row> summary = summarize(written);
        summary.coalesce(1).write().mode(SaveMode.Overwrite).partitionBy(MATERIAL)
            .parquet(Tables.path(data, SUMMARY));
        return spark.read().parquet(Tables.path(data, SUMMARY))
            .where(col(MATERIAL).isin(names.toArray())).orderBy(MATERIAL).collectAsList();
    }

    /** The summary rows of exported {@code tablebase} rows: one per material, in the contract's column order. */
    static Dataset<Row> summarize(Dataset<Row> written) {
        return written.groupBy(MATERIAL).agg(
            count(lit(1)).as(TablebaseSummary.POSITIONS),
            category(Category.WIN).as(WINS),
            category(Category.CURSED_WIN).as(CURSED_WINS),
            category(Category.DRAW).as(DRAWS),
            category(Category.BLESSED_LOSS).as(BLESSED_LOSSES),
            category(Category.LOSS).as(LOSSES),
            max(DTM).as(MAX_DTM),
            max(DTZ).as(MAX_DTZ),
            // the first position by index among the longest, so re-exports agree
            longest(DTM).as(LONGEST_DTM_FEN),
            longest(DTZ).as(LONGEST_DTZ_FEN))
            .select(cols(TablebaseSummary.SCHEMA.names()));
    }

    /** The first position by index among those with the longest positive {@code distance}. */
    private static Column longest(String distance) {
        return expr("max_by(" + FEN + ", if(" + distance + " > 0, struct(" + distance + ", -" + IDX + "), null))");
    }

    private static Column category(Category wdl) {
        return sum(when(col(WDL).equalTo(wdl.api()), 1L).otherwise(0L));
    }

    private static Column[] cols(List<String> names) {
        Column[] c = new Column[names.size()];
        for (int i = 0; i < c.length; i++) c[i] = col(names.get(i));
        return c;
    }
}
