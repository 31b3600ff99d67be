package org.rookery.jobs.tablebase;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rookery.jobs.Layouts.assertLayout;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.TablebaseSummary;
import org.rookery.core.board.Position;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.Tablebase;
import org.rookery.jobs.TestSpark;

/**
 * The Parquet export read back with Spark, against the table files' own headers (counts per side
 * to move and category, longest DTM and DTZ), the published longest mates, and probes of the
 * exported FENs through {@link Tablebase}.
 */
class TablebaseExportTest {
    @TempDir
    static Path tmp;
    static Path tb;
    static String data;
    static List<Row> summary;
    static final List<Material> EXPORTED = List.of(Material.parse("KQvK"), Material.parse("KRvK"), Material.parse("KPvK"),
        Material.parse("KNvK"));

    @BeforeAll
    static void export() throws IOException {
        tb = tmp.resolve("tb");
        data = tmp.resolve("data").toString();
        try (Generator g = new Generator(tb, 2, null)) {
            g.generate(EXPORTED);
        }
        summary = TablebaseExport.run(TestSpark.get(), tb, data, EXPORTED);
    }

    @Test
    void theSummaryHasTheContractsColumns() {
        assertLayout(TablebaseSummary.SCHEMA, TablebaseExport.summarize(
                TestSpark.get().createDataFrame(List.<Row>of(), TablebaseExport.POSITIONS)).schema());
    }

    @Test
    void countsMatchTheTableHeaders() throws IOException {
        SparkSession spark = TestSpark.get();
        Dataset<Row> rows = spark.read().parquet(data + "/tablebase");
        assertEquals(EXPORTED.size(), summary.size());
        for (Row s : summary) {
            Material m = Material.parse(s.getAs("material"));
            try (Table t = TableFile.open(TableFile.path(tb, m))) {
                TableFile.Header h = t.header();
                Map<String, Long> byGroup = new HashMap<>();
                for (Row r : rows.where(col("material").equalTo(m.name())).groupBy("stm", "wdl").count().collectAsList()) {
                    byGroup.put(r.getString(0) + " " + r.getString(1), r.getLong(2));
                }
                long total = 0;
                for (int stm = 0; stm < 2; stm++) {
                    for (Category c : Category.values()) {
                        long expected = h.counts[stm][c.ordinal()];
                        total += expected;
                        assertEquals(expected, byGroup.getOrDefault((stm == 0 ? "w" : "b") + " " + c.api(), 0L), m + " " + stm + " " + c);
                    }
                }
                assertEquals(total, s.<Long>getAs("positions"), m + " positions");
                assertEquals(h.counts[0][4] + h.counts[1][4], s.<Long>getAs("wins"), m + " wins");
                assertEquals(h.counts[0][2] + h.counts[1][2], s.<Long>getAs("draws"), m + " draws");
                assertEquals(h.counts[0][0] + h.counts[1][0], s.<Long>getAs("losses"), m + " losses");
                int maxDtm = Math.max(h.longestDtm[0], h.longestDtm[1]), maxDtz = Math.max(h.longestDtz[0], h.longestDtz[1]);
                if (maxDtm == 0) {
                    assertNull(s.getAs("longest_dtm_fen"), m.name());
                } else {
                    assertEquals(maxDtm, s.<Integer>getAs("max_dtm"), m + " max dtm");
                }
                assertEquals(maxDtz, s.<Integer>getAs("max_dtz"), m + " max dtz");
            }
        }
    }

    /** DuckDB, a Parquet reader independent of Spark, sees the header's counts too. */
    @Test
    void duckDbReadsTheHeaderCounts() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            ResultSet r = st.executeQuery("SELECT material, stm, wdl, count(*) FROM read_parquet('" + data
                + "/tablebase/*/*.parquet', hive_partitioning = true) GROUP BY ALL");
            Map<String, Long> got = new HashMap<>();
            while (r.next()) got.put(r.getString(1) + " " + r.getString(2) + " " + r.getString(3), r.getLong(4));
            Map<String, Long> expected = new HashMap<>();
            for (Material m : EXPORTED) {
                try (Table t = TableFile.open(TableFile.path(tb, m))) {
                    for (int stm = 0; stm < 2; stm++) {
                        for (Category cat : Category.values()) {
                            long n = t.header().counts[stm][cat.ordinal()];
                            if (n > 0) expected.put(m + " " + (stm == 0 ? "w" : "b") + " " + cat.api(), n);
                        }
                    }
                }
            }
            assertEquals(expected, got);
        }
    }

    @Test
    void longestMatesAreThePublishedOnes() throws IOException {
        Map<String, Row> by = new HashMap<>();
        for (Row r : summary) by.put(r.getAs("material"), r);
        assertEquals(19, by.get("KQvK").<Integer>getAs("max_dtm"), "KQK: mate in 10");
        assertEquals(31, by.get("KRvK").<Integer>getAs("max_dtm"), "KRK: mate in 16");
        assertEquals(55, by.get("KPvK").<Integer>getAs("max_dtm"), "KPK: mate in 28");
        assertNull(by.get("KNvK").getAs("max_dtm"), "KNK has no wins");
        assertEquals(by.get("KNvK").<Long>getAs("positions"), by.get("KNvK").<Long>getAs("draws"));
        try (Tablebase base = Tablebase.open(tb)) {
            for (String m : List.of("KQvK", "KRvK", "KPvK")) {
                String fen = by.get(m).getAs("longest_dtm_fen");
                assertNotNull(fen, m);
                assertEquals(by.get(m).<Integer>getAs("max_dtm"), Probe.dtm(base.probe(Position.fromFen(fen))), m + " " + fen);
            }
        }
    }

    @Test
    void exportedValuesAreWhatProbingTheirFenGives() throws IOException {
        List<Row> sample = TestSpark.get().read().parquet(data + "/tablebase")
            .where("idx % 41 = 0").orderBy("material", "idx").collectAsList();
        assertTrue(sample.size() > 500, "sample of " + sample.size());
        int wins = 0;
        try (Tablebase base = Tablebase.open(tb)) {
            for (Row r : sample) {
                String fen = r.getAs("fen");
                Position p = Position.fromFen(fen);
                assertEquals(r.getAs("stm"), p.sideToMove() == 0 ? "w" : "b", fen);
                long probe = base.probe(p);
                assertTrue(Probe.found(probe), fen);
                Category c = Probe.category(probe, 0);
                assertEquals(c.api(), r.getAs("wdl"), fen);
                assertEquals(c.ordinal() - 2, (int) r.<Byte>getAs("wdl_score"), fen);
                assertEquals(Probe.dtz(probe), (int) r.<Integer>getAs("dtz"), fen);
                Integer dtm = r.getAs("dtm");
                if (c == Category.DRAW) {
                    assertNull(dtm, fen);
                } else {
                    assertEquals(Probe.dtm(probe), (int) dtm, fen);
                    wins += c == Category.WIN ? 1 : 0;
                }
            }
        }
        assertTrue(wins > 100, "the sample holds wins: " + wins);
    }

    @Test
    void reExportingOneMaterialKeepsTheOthers() throws IOException {
        long before = TestSpark.get().read().parquet(data + "/tablebase").count();
        List<Row> again = TablebaseExport.run(TestSpark.get(), tb, data, List.of(Material.parse("KvKR")));
        assertEquals(1, again.size());
        assertEquals("KRvK", again.get(0).getAs("material"));
        assertEquals(before, TestSpark.get().read().parquet(data + "/tablebase").count());
        assertEquals(EXPORTED.size(), TestSpark.get().read().parquet(data + "/tablebase_summary").count());
    }
}
