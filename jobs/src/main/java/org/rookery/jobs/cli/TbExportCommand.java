package org.rookery.jobs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.rookery.contract.schema.Tablebase;
import org.rookery.contract.schema.TablebaseSummary;
import org.rookery.core.cli.UsageError;
import org.rookery.endgame.index.Material;
import org.rookery.jobs.tablebase.TablebaseExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rookery tb export --tb DIR --data DATA [MATERIAL...]}. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Export endgame tables to Parquet: DATA/tablebase/material=NAME/, one row",
            "per stored position, and DATA/tablebase_summary/, one row per material.",
            "Re-exporting a material replaces only its rows. Columns: docs/schema.md."})
final class TbExportCommand extends SparkCommand {
    @Parameters(paramLabel = "MATERIAL", arity = "0..*", description = "Materials such as KQvKR (default: every table in --tb).")
    List<String> materials = new ArrayList<>();

    @Option(names = "--tb", paramLabel = "DIR", description = "Directory of tables (default: rookery-data/tb).")
    Path tb;

    @Option(names = "--data", required = true, paramLabel = "DATA", description = "Data root to write the Parquet tables under.")
    String data;

    private final List<Material> parsed = new ArrayList<>();

    @Override
    void validate() {
        for (String s : materials) {
            try {
                parsed.add(Material.parse(s));
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
        }
        OutputDir.prepare("--data", data);
    }

    @Override
    int run(SparkSession spark) throws IOException {
        Path dir = TbDirs.orDefault(tb);
        List<Material> list = parsed.isEmpty() ? TablebaseExport.all(dir) : parsed;
        long start = System.nanoTime();
        List<Row> summary = TablebaseExport.run(spark, dir, data, list);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%-10s %12s %12s %10s %12s %10s %12s %7s %7s  %s%n", "material", "positions", "wins", "cursed", "draws",
            "blessed", "losses", "maxdtm", "maxdtz", "longest mate");
        for (Row r : summary) {
            out.printf("%-10s %12d %12d %10d %12d %10d %12d %7s %7s  %s%n", r.getAs(Tablebase.MATERIAL), r.<Long>getAs(TablebaseSummary.POSITIONS),
                r.<Long>getAs(TablebaseSummary.WINS), r.<Long>getAs(TablebaseSummary.CURSED_WINS),
                r.<Long>getAs(TablebaseSummary.DRAWS), r.<Long>getAs(TablebaseSummary.BLESSED_LOSSES),
                r.<Long>getAs(TablebaseSummary.LOSSES), r.getAs(TablebaseSummary.MAX_DTM), r.getAs(TablebaseSummary.MAX_DTZ),
                r.getAs(TablebaseSummary.LONGEST_DTM_FEN));
        }
        out.printf("tb export: %d table(s) into %s/%s and %s/%s in %.1f s%n", summary.size(), data, TablebaseExport.TABLE,
            data, TablebaseExport.SUMMARY, (System.nanoTime() - start) / 1e9);
        out.flush();
        return 0;
    }
}
