package org.rookery.jobs.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.games.GameCodec;
import org.rookery.contract.games.GameRow;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * Real gauntlet PGN written by Rookery's runner (resources {@code engine-evals/}, README there),
 * ingested: {@code eval_cp}/{@code eval_mate} equal, move by move, the scores of the PGN text read
 * here with a regular expression and flipped to White's view by hand; and for the run with fastchess
 * keys, what the runner's own records (the Kafka sink's path) hold for the same games.
 */
class EngineEvalOracleTest {
    @TempDir
    Path dir;

    /** A comment's leading score: sign, {@code M} for mates (plies), the number, the depth. */
    private static final Pattern SCORE = Pattern.compile("^([+-]?)(M?)(\\d+(?:\\.\\d+)?)/(\\d+)");
    private static final Pattern TOKEN = Pattern.compile("\\{([^}]*)\\}|\\d+\\.+|1-0|0-1|1/2-1/2|\\*|[^\\s{]+");

    @Test
    void builtinGamesWithCutechessComments() throws Exception {
        checkAgainstText("builtin-plain.pgn");
    }

    @Test
    void builtinGamesWithFastchessKeys() throws Exception {
        checkAgainstText("builtin-nodes.pgn");
    }

    @Test
    void stockfishGamesFromABookWithBlackToMove() throws Exception {
        List<Row> rows = checkAgainstText("sf-book-nodes.pgn");
        Map<List<Object>, Row> byMoves = new HashMap<>();
        for (Row r : rows) byMoves.put(r.getList(0), r);
        ObjectMapper json = new ObjectMapper();
        int games = 0, mates = 0;
        for (String line : Files.readAllLines(resource("sf-book-records.jsonl"))) {
            JsonNode record = json.readTree(line);
            if (!record.get("topic").asText().equals("rookery.games")) continue;
            GameRow sink = GameCodec.read(record.get("value").asText());
            Row ingested = byMoves.get(new ArrayList<Object>(sink.movesUci()));
            assertTrue(ingested != null, "the PGN holds the game " + sink.gameId());
            assertEquals(sink.evalCp(), ingested.getList(1), sink.gameId() + " eval_cp: sink against ingest");
            assertEquals(sink.evalMate(), ingested.getList(2), sink.gameId() + " eval_mate: sink against ingest");
            games++;
            for (Integer m : sink.evalMate()) if (m != null) mates++;
        }
        assertEquals(4, games);
        assertTrue(mates >= 20, "the fixture has mates of many lengths, both signs: " + mates);
    }

    /** Ingests {@code name} and compares each game's evals with the text's; returns moves_uci, eval_cp, eval_mate rows. */
    private List<Row> checkAgainstText(String name) throws Exception {
        String text = Files.readString(resource(name));
        Path in = dir.resolve(name);
        Files.writeString(in, text);
        SparkSession spark = TestSpark.get();
        String data = dir.resolve("data-" + name).toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(in.toString()), data, "o", 0, 0), null);
        List<Row> rows = spark.read().parquet(Tables.path(data, Schemas.GAMES))
                .selectExpr("moves_uci", "eval_cp", "eval_mate", "game_number").orderBy("game_number").collectAsList();
        String[] games = text.split("(?=\\[Event )");
        List<String> pgns = new ArrayList<>();
        for (String g : games) if (!g.isBlank()) pgns.add(g);
        assertEquals(pgns.size(), rows.size(), name + " games");
        int scored = 0;
        for (int i = 0; i < pgns.size(); i++) {
            List<List<Integer>> want = fromText(pgns.get(i));
            assertEquals(want.get(0), rows.get(i).getList(1), name + " game " + (i + 1) + " eval_cp");
            assertEquals(want.get(1), rows.get(i).getList(2), name + " game " + (i + 1) + " eval_mate");
            for (Integer v : want.get(0)) if (v != null) scored++;
        }
        assertTrue(scored > 50, name + ": enough scored plies to mean something (" + scored + ")");
        return rows;
    }

    /** eval_cp and eval_mate of one game's text: each comment's score, White's view, mates in moves. */
    private static List<List<Integer>> fromText(String pgn) {
        Matcher fen = Pattern.compile("\\[FEN \"[^ ]+ ([wb]) ").matcher(pgn);
        boolean white = !fen.find() || fen.group(1).equals("w");
        String movetext = pgn.substring(pgn.indexOf("\n\n") + 2);
        List<Integer> cps = new ArrayList<>(), mates = new ArrayList<>();
        Matcher t = TOKEN.matcher(movetext);
        boolean whiteMoved = !white;
        while (t.find()) {
            String tok = t.group();
            if (t.group(1) != null) {
                Matcher s = SCORE.matcher(t.group(1).replace('\n', ' ').trim());
                int last = cps.size() - 1;
                if (!s.find() || Integer.parseInt(s.group(4)) == 0) continue;
                int sign = whiteMoved ? 1 : -1;
                if (s.group(2).isEmpty()) {
                    int cp = new BigDecimal(s.group(3)).movePointRight(2).setScale(0, RoundingMode.HALF_UP).intValueExact();
                    cps.set(last, sign * (s.group(1).equals("-") ? -cp : cp));
                } else {
                    // Plies from the mover's root: it mates on odd ones, is mated on even ones.
                    int plies = Integer.parseInt(s.group(3));
                    boolean mated = s.group(1).equals("-");
                    assertEquals(mated, plies % 2 == 0, "the runner writes mates in plies: " + t.group(1));
                    int moves = (plies + 1) / 2;
                    mates.set(last, sign * (mated ? -moves : moves));
                }
            } else if (!tok.matches("\\d+\\.+|1-0|0-1|1/2-1/2|\\*")) {
                cps.add(null);
                mates.add(null);
                whiteMoved = !whiteMoved;
            }
        }
        return List.of(cps, mates);
    }

    private Path resource(String name) throws URISyntaxException {
        return Path.of(getClass().getResource("/engine-evals/" + name).toURI());
    }
}
