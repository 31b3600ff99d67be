package org.rookery.jobs.ingest;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.board.Square;
import org.rookery.core.notation.Uci;
import org.rookery.core.tools.ExternalTools;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * {@code analyze ingest} on lichess's Chess960 dump format: rows with {@code variant = chess960},
 * the ply counts of the file, a Shredder-FEN {@code start_fen} and king-takes-rook {@code moves_uci}
 * that Stockfish, under UCI_Chess960, plays to the same final position; standard games stay
 * standard and other variants are rejected with the reason.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Chess960IngestTest {
    @TempDir
    static Path dir;

    private SparkSession spark;
    private String data;
    /** Site → {plies, final FEN}, from lichess-960.expected.tsv. */
    private final Map<String, String[]> expected = new HashMap<>();

    @BeforeAll
    void ingest() throws Exception {
        spark = TestSpark.get();
        Path input = Files.createDirectories(dir.resolve("in"));
        Files.copy(Path.of(getClass().getResource("/chess960/lichess-960.pgn").toURI()), input.resolve("lichess-960.pgn"));
        Files.writeString(input.resolve("others.pgn"), "[Site \"zh\"]\n[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
            + "[Site \"std\"]\n[Variant \"Standard\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"
            + "[Site \"pos\"]\n[Variant \"From Position\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n[Result \"*\"]\n\n1. O-O *\n\n");
        for (String line : Files.readAllLines(Path.of(getClass().getResource("/chess960/lichess-960.expected.tsv").toURI()))) {
            if (line.startsWith("#")) continue;
            String[] f = line.split("\t");
            expected.put(f[0], new String[] {f[1], f[2]});
        }
        data = dir.resolve("data").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(input.toString()), data, "c960", 1 << 20, 256 << 10), null);
    }

    private List<Row> games(String file) {
        return spark.read().parquet(Tables.path(data, Schemas.GAMES)).where(col("source_file").equalTo(file))
            .select("site", "variant", "ply_count", "start_fen", "moves_uci", "opening").collectAsList();
    }

    @Test
    void lichessChess960GamesAreRowsOfVariantChess960WithTheirPlyCounts() {
        List<Row> rows = games("lichess-960.pgn");
        assertEquals(expected.size(), rows.size());
        Uci uci = new Uci();
        int castles = 0;
        for (Row r : rows) {
            String[] e = expected.get(r.getString(0));
            assertEquals("chess960", r.getString(1));
            assertEquals(Integer.parseInt(e[0]), r.getInt(2), r.getString(0));
            assertNull(r.getString(5), "standard chess's opening names are not given to Chess960 games");
            // The row alone, read by the core's fromFen without the variant column, replays to the end.
            Position pos = Position.fromFen(r.getString(3));
            assertTrue(pos.isChess960(), r.getString(3));
            List<String> moves = r.getList(4);
            for (String m : moves) {
                int move = uci.parse(pos, m);
                if (Move.isCastle(move)) {
                    castles++;
                    int right = pos.sideToMove() * 2 + (Move.flags(move) == Move.KING_CASTLE ? 0 : 1);
                    assertEquals(Square.name(pos.castlingRookSquare(right)), m.substring(2), "king takes rook: " + m);
                }
                pos.makeMove(move);
            }
            assertEquals(e[1], pos.toFen(), r.getString(0));
        }
        assertEquals(11, castles, "the fixture's castlings, each written king-takes-rook");
    }

    @Test
    void stockfishPlaysTheIngestedMovesToTheSameFinalPosition() throws Exception {
        Path sf = ExternalTools.locate("stockfish");
        Assumptions.assumeTrue(sf != null, ExternalTools.installHint("stockfish") + "; test skipped");
        for (Row r : games("lichess-960.pgn")) {
            List<String> moves = r.getList(4);
            assertEquals(expected.get(r.getString(0))[1], stockfishFen(sf, r.getString(3), moves), r.getString(0));
        }
    }

    @Test
    void standardStaysStandardAndOtherVariantsAreRejectedWithTheReason() {
        Map<String, Row> bySite = new HashMap<>();
        for (Row r : games("others.pgn")) bySite.put(r.getString(0), r);
        assertEquals(2, bySite.size(), bySite.keySet().toString());
        assertEquals("standard", bySite.get("std").getString(1));
        assertEquals(3, bySite.get("std").getInt(2));
        assertEquals("standard", bySite.get("pos").getString(1));
        assertEquals(List.of("e1g1"), bySite.get("pos").getList(4));
        List<Row> bad = spark.read().parquet(Tables.path(data, Schemas.REJECTED)).where(col("source_file").equalTo("others.pgn"))
            .select("reason").collectAsList();
        assertEquals(1, bad.size());
        assertEquals("Variant \"Crazyhouse\": analyze ingest reads standard chess and Chess960 only", bad.get(0).getString(0));
    }

    static String stockfishFen(Path sf, String fen, List<String> moves) throws Exception {
        Process p = new ProcessBuilder(sf.toString()).redirectErrorStream(true).start();
        try (Writer w = new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
             BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            w.write("setoption name UCI_Chess960 value true\nposition fen " + fen + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves))
                + "\nd\nquit\n");
            w.flush();
            String line;
            while ((line = r.readLine()) != null) if (line.startsWith("Fen: ")) return line.substring(5).trim();
        } finally {
            p.destroy();
        }
        throw new AssertionError("Stockfish printed no Fen line");
    }
}
