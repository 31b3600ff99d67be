package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.ingest.IngestJob;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;

/**
 * {@code analyze endgames --tb}: games whose entry positions have textbook values (KQvK and KRvK
 * won, a rook pawn with the defending king in the corner drawn, a win turned cursed by the
 * halfmove clock), probed in tables generated here, and the won-not-won flags against the results.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndgameTruthTest {
    @TempDir
    static Path dir;

    /** Game (by Site tag) to PGN: each starts from a FEN so its entry position is known. */
    private static final String[][] GAMES = {
        // KQvK, White to move wins, and does.
        {"kqk-won", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "1. Qd7+ Kf8", "1-0"},
        // The same win drawn: won, not won.
        {"kqk-drawn", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "1. Qd2 Kf7", "1/2-1/2"},
        // The same win unfinished: no verdict on the result.
        {"kqk-open", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "1. Qd2", "*"},
        // KPvK with the rook pawn and the defending king in the corner: a draw, lost by Black here.
        {"corner", "k7/8/8/8/8/8/P7/K7 w - - 0 1", "1. a4 Kb7", "1-0"},
        // KRvKN: four pieces, then Rxd1 leaves KRvK with Black to move, won for White; drawn here.
        {"rxn", "4k3/8/8/8/8/8/8/R2nK3 w - - 0 1", "1. Rxd1 Kf7", "1/2-1/2"},
        // KRvK with the halfmove clock at 95: no mate within 5 plies, so a cursed win.
        {"cursed", "k7/8/8/8/8/8/8/1R2K3 b - - 95 60", "", "1/2-1/2"},
    };

    private SparkSession spark;
    private String data;
    private String tb;

    @BeforeAll
    void setUp() throws IOException {
        spark = TestSpark.get();
        Path tables = dir.resolve("tb");
        Files.createDirectories(tables);
        try (Generator g = new Generator(tables, 2, null)) {
            g.generate(Material.upTo(3));
        }
        tb = tables.toString();
        StringBuilder pgn = new StringBuilder();
        for (String[] g : GAMES) {
            pgn.append("[Event \"tb\"]\n[Site \"").append(g[0]).append("\"]\n[Result \"").append(g[3])
                    .append("\"]\n[SetUp \"1\"]\n[FEN \"").append(g[1]).append("\"]\n\n")
                    .append(g[2]).append(' ').append(g[3]).append("\n\n");
        }
        Path file = dir.resolve("tb.pgn");
        Files.writeString(file, pgn);
        data = dir.resolve("data").toString();
        IngestJob.Summary s = IngestJob.run(spark, new IngestJob.Options(List.of(file.toString()), data, "tb", 0, 0),
                null);
        assertEquals(GAMES.length, s.games());
    }

    private Map<String, Row> entries(int pieces) throws IOException {
        return entries(pieces, tb);
    }

    private Map<String, Row> entries(int pieces, String tb) throws IOException {
        EndgamesJob.run(spark, data, null, pieces, tb);
        Map<String, Row> bySite = new HashMap<>();
        for (Row r : spark.read().parquet(Tables.path(data, Schemas.ENDGAMES)).collectAsList()) {
            int game = Integer.parseInt(r.<String>getAs("game_id").replaceAll(".*#", ""));
            bySite.put(GAMES[game - 1][0], r);
        }
        return bySite;
    }

    @Test
    void entryPositionsGetTheirTableValueFromTheFirstSidesView() throws IOException {
        Map<String, Row> e = entries(3);
        assertEquals(GAMES.length, e.size());

        Row won = e.get("kqk-won");
        assertEquals("win", won.getAs("tb_category"));
        int dtm = won.getAs("tb_dtm");
        // White to move mates: an odd number of plies, and KQvK takes at most 10 moves.
        assertTrue(dtm > 0 && dtm % 2 == 1 && dtm <= 19, "dtm " + dtm);
        assertTrue((int) won.getAs("tb_dtz") > 0);
        assertEquals(false, won.getAs("won_not_won"));
        assertEquals(false, won.getAs("drawn_not_drawn"));

        assertEquals("win", e.get("kqk-drawn").getAs("tb_category"));
        assertEquals(true, e.get("kqk-drawn").getAs("won_not_won"));
        assertEquals("win", e.get("kqk-open").getAs("tb_category"));
        assertNull(e.get("kqk-open").getAs("won_not_won"));

        Row corner = e.get("corner");
        assertEquals("KPvK", corner.getAs("signature"));
        assertEquals("draw", corner.getAs("tb_category"));
        assertEquals(0, (int) corner.getAs("tb_dtz"));
        assertEquals(0, (int) corner.getAs("tb_dtm"));
        assertEquals(true, corner.getAs("drawn_not_drawn"));
        assertEquals(false, corner.getAs("won_not_won"));

        // Entered after the capture, Black to move: still White's win, DTM now even.
        Row rxn = e.get("rxn");
        assertEquals(1, (int) rxn.getAs("entry_ply"));
        assertEquals("black", rxn.getAs("side_to_move"));
        assertEquals("white", rxn.getAs("first_side"));
        assertEquals("win", rxn.getAs("tb_category"));
        int rxnDtm = rxn.getAs("tb_dtm");
        assertTrue(rxnDtm > 0 && rxnDtm % 2 == 0, "dtm " + rxnDtm);
        assertEquals(true, rxn.getAs("won_not_won"));

        Row cursed = e.get("cursed");
        assertEquals("cursed-win", cursed.getAs("tb_category"));
        assertTrue((int) cursed.getAs("tb_dtz") > 5);
        assertEquals(false, cursed.getAs("won_not_won"));
        assertEquals(false, cursed.getAs("drawn_not_drawn"));

        Row krk = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY))
                .where(col("signature").equalTo("KRvK")).first();
        assertEquals(2L, (long) krk.getAs("tb_games"));
        assertEquals(1L, (long) krk.getAs("tb_wins"));
        assertEquals(1L, (long) krk.getAs("tb_cursed_wins"));
        assertEquals(1L, (long) krk.getAs("won_not_won"));
        assertEquals(1.0, (double) krk.getAs("won_not_won_rate"));
        Row kqk = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY))
                .where(col("signature").equalTo("KQvK")).first();
        assertEquals(3L, (long) kqk.getAs("tb_wins"));
        assertEquals(1L, (long) kqk.getAs("won_not_won"));
        // Of the two finished wins, one was not won; the unfinished game counts in neither.
        assertEquals(0.5, (double) kqk.getAs("won_not_won_rate"));
    }

    /** The endgame module's Syzygy fixtures: the standard KQvK, KRvK, KPvK, KNvK, KBvK tables (values checked against fathom there). */
    static Path syzygy() {
        return Path.of("..", "endgame", "src", "test", "resources", "syzygy").toAbsolutePath().normalize();
    }

    @Test
    void syzygyTablesGiveTheSameVerdictsWithoutDtm() throws IOException {
        Map<String, Row> e = entries(3, syzygy().toString());
        Row won = e.get("kqk-won");
        assertEquals("win", won.getAs("tb_category"));
        assertTrue((int) won.getAs("tb_dtz") > 0);
        assertNull(won.getAs("tb_dtm"), "Syzygy holds no DTM");
        assertEquals(false, won.getAs("won_not_won"));
        assertEquals(true, e.get("kqk-drawn").getAs("won_not_won"));
        Row corner = e.get("corner");
        assertEquals("draw", corner.getAs("tb_category"));
        assertEquals(0, (int) corner.getAs("tb_dtz"));
        assertNull(corner.getAs("tb_dtm"));
        assertEquals(true, corner.getAs("drawn_not_drawn"));
        Row rxn = e.get("rxn");
        assertEquals("win", rxn.getAs("tb_category"));
        assertEquals(true, rxn.getAs("won_not_won"));
        // the clock at 95 turns the win cursed: Syzygy's DTZ says so as Rookery's does
        assertEquals("cursed-win", e.get("cursed").getAs("tb_category"));
        Row krk = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY))
                .where(col("signature").equalTo("KRvK")).first();
        assertEquals(1L, (long) krk.getAs("tb_wins"));
        assertEquals(1L, (long) krk.getAs("tb_cursed_wins"));
        // a ':' path with Rookery's tables first: they answer (with DTM) where they hold the material
        Map<String, Row> mixed = entries(3, tb + ":" + syzygy());
        assertTrue((int) mixed.get("kqk-won").getAs("tb_dtm") > 0);
    }

    @Test
    void aDirectoryWithoutTablesIsAUsageErrorNamingIt() {
        UsageError e = assertThrows(UsageError.class, () -> EndgamesJob.run(spark, data, null, 3, dir.toString() + "/data"));
        assertTrue(e.getMessage().contains("holds neither Rookery (.rtb) nor Syzygy"), e.getMessage());
    }

    @Test
    void positionsWithoutATableHaveNoValue() throws IOException {
        Map<String, Row> e = entries(4);
        Row rxn = e.get("rxn");
        assertEquals("KRvKN", rxn.getAs("signature"));
        assertEquals(0, (int) rxn.getAs("entry_ply"));
        assertNull(rxn.getAs("tb_category"));
        assertNull(rxn.getAs("tb_dtz"));
        assertNull(rxn.getAs("won_not_won"));
        assertEquals("win", e.get("kqk-won").getAs("tb_category"));
    }

    @Test
    void withoutTablesTheColumnsAreNull() throws IOException {
        EndgamesJob.run(spark, data, null, 3);
        for (Row r : spark.read().parquet(Tables.path(data, Schemas.ENDGAMES)).collectAsList()) {
            assertNull(r.getAs("tb_category"));
            assertNull(r.getAs("won_not_won"));
        }
        assertEquals(0L, (long) spark.read().parquet(Tables.path(data, Schemas.ENDGAMES_SUMMARY))
                .agg(org.apache.spark.sql.functions.sum("tb_games")).first().getLong(0));
    }

    @Test
    void aMissingTableDirectoryIsAUsageError() {
        UsageError e = assertThrows(UsageError.class,
                () -> EndgamesJob.run(spark, data, null, 3, dir.resolve("nowhere").toString()));
        assertTrue(e.getMessage().contains("nowhere"), e.getMessage());
    }
}
