package org.rookery.jobs.ledger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.rookery.contract.games.GameRow;
import org.rookery.contract.ledger.MatchGames;
import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningStats;
import org.rookery.contract.schema.Tables;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.query.DataViews;

/**
 * {@code analyze books}: the {@code opening_stats} table, book curation from the games played. A
 * game's opening is its start position and its book moves (the leading plies the runner recorded no
 * wall time for: {@code time_ms} is null exactly for book moves). Two games form a pair when they
 * share a match and {@code pair_index}, are games 0 and 1 of it, start from the same opening and have
 * the colours swapped; the pair's score is the tested engine's (the match's first engine, as
 * {@code analyze sprt} counts), so the pentanomial is fishtest's over the opening's pairs.
 */
public final class OpeningStatsJob {
    private OpeningStatsJob() {
    }

    /** One row of the table, as counted. */
    public record Row(String matchId, String startFen, String bookMoves, String tested, long games, long pairs,
                      long[] pentanomial, long whiteWins, long draws, long blackWins) {
        /** Draws over games. */
        public double drawRate() {
            return games == 0 ? 0 : (double) draws / games;
        }

        /** Share of pairs 2–0 or 0–2, or NaN without a pair. */
        public double decisiveness() {
            return pairs == 0 ? Double.NaN : (double) (pentanomial[0] + pentanomial[4]) / pairs;
        }

        /** White's score over games: the colour balance. */
        public double whiteScore() {
            return games == 0 ? 0 : (whiteWins + 0.5 * draws) / games;
        }

        /** The opening as one text: the FEN, then {@code | moves} when the book gave moves. */
        public String opening() {
            return bookMoves == null ? startFen + " | (book moves unknown)" : bookMoves.isEmpty() ? startFen : startFen + " | " + bookMoves;
        }
    }

    /** What a run counted: gauntlet games read, the rows (in the table's order), and games without a result. */
    public record Summary(long games, long unfinished, List<Row> rows) {
    }

    private record Key(String match, String fen, String book) {
    }

    private record Played(Key opening, String white, String black, String result) {
    }

    /** The game counts of one opening while reading. */
    private static final class Counts {
        long games, whiteWins, draws, blackWins;
    }

    /** Reads the match games through {@code views}, writes {@code data/opening_stats/}. */
    public static Summary run(DataViews views, Path data) throws IOException {
        if (!views.has(Tables.GAMES)) throw new UsageError("--data: no games table under " + data);
        try {
            return write(views, data, count(views));
        } catch (SQLException e) {
            throw new IOException("analyze books: " + DataViews.firstLine(e), e);
        }
    }

    private static Summary count(DataViews views) throws SQLException {
        Connection c = views.connection();
        Map<Key, Counts> rows = new LinkedHashMap<>();
        Map<String, Map<Integer, Played[]>> pairs = new LinkedHashMap<>();
        Map<String, List<MatchGames.Game>> byMatch = new LinkedHashMap<>();
        long games = 0, unfinished = 0;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(select())) {
            while (r.next()) {
                games++;
                String match = r.getString(1);
                String white = GameRow.engine(r.getString(4), r.getString(2)), black = GameRow.engine(r.getString(5), r.getString(3));
                String result = r.getString(6);
                Integer pair = integer(r, 10), inPair = integer(r, 11);
                byMatch.computeIfAbsent(match, k -> new ArrayList<>()).add(new MatchGames.Game(white, black, result, pair, inPair,
                        r.getObject(12) == null ? null : r.getLong(12)));
                if (!finished(result)) {
                    unfinished++;
                    continue;
                }
                Key key = new Key(match, r.getString(7), bookMoves(array(r, 8), array(r, 9)));
                Counts n = rows.computeIfAbsent(key, k -> new Counts());
                n.games++;
                switch (result) {
                    case "1-0" -> n.whiteWins++;
                    case "0-1" -> n.blackWins++;
                    default -> n.draws++;
                }
                if (pair != null && inPair != null && (inPair == 0 || inPair == 1)) {
                    Played[] two = pairs.computeIfAbsent(match, k -> new HashMap<>()).computeIfAbsent(pair, k -> new Played[3]);
                    if (two[inPair] == null) two[inPair] = new Played(key, white, black, result);
                    else two[2] = two[inPair]; // a pair index seen twice for the same game: not a pair as played
                }
            }
        }
        if (games == 0) {
            throw new UsageError("--data: the games table holds no gauntlet match games (analyze books counts the openings of"
                    + " matches: games with a match_id, from the sink or a gauntlet with --data)");
        }
        Map<String, String> tested = new HashMap<>();
        for (Map.Entry<String, List<MatchGames.Game>> e : byMatch.entrySet()) {
            MatchDefinition def = views.has(Tables.MATCHES) ? MatchGames.definition(c, Tables.MATCHES, e.getKey()) : null;
            tested.put(e.getKey(), MatchGames.tested(def, e.getValue()));
        }
        Map<Key, long[]> pentanomials = new HashMap<>();
        for (Map.Entry<String, Map<Integer, Played[]>> e : pairs.entrySet()) {
            String engine = tested.get(e.getKey());
            for (Played[] two : e.getValue().values()) {
                Played a = two[0], b = two[1];
                if (two[2] != null || a == null || b == null || !a.opening().equals(b.opening())) continue;
                if (!a.white().equals(b.black()) || !a.black().equals(b.white())) continue;
                double sa = score(a, engine), sb = score(b, engine);
                if (sa < 0 || sb < 0) continue;
                pentanomials.computeIfAbsent(a.opening(), k -> new long[5])[(int) Math.round(2 * (sa + sb))]++;
            }
        }
        List<Row> out = new ArrayList<>();
        for (Map.Entry<Key, Counts> e : rows.entrySet()) {
            Key k = e.getKey();
            Counts n = e.getValue();
            long[] p = pentanomials.getOrDefault(k, new long[5]);
            out.add(new Row(k.match(), k.fen(), k.book(), tested.get(k.match()), n.games, p[0] + p[1] + p[2] + p[3] + p[4], p,
                    n.whiteWins, n.draws, n.blackWins));
        }
        out.sort((x, y) -> {
            int m = x.matchId().compareTo(y.matchId());
            if (m != 0) return m;
            if (x.pairs() != y.pairs()) return Long.compare(y.pairs(), x.pairs());
            if (x.games() != y.games()) return Long.compare(y.games(), x.games());
            return x.opening().compareTo(y.opening());
        });
        return new Summary(games, unfinished, List.copyOf(out));
    }

    private static Summary write(DataViews views, Path data, Summary s) throws SQLException, IOException {
        try (DuckDBConnection w = ((DuckDBConnection) views.connection()).duplicate(); Statement ws = w.createStatement()) {
            // The table's own layout (contract), filled by the appender in column order.
            ws.execute(OpeningStats.SCHEMA.createTable("ledger_openings").replaceFirst("CREATE TABLE", "CREATE TEMP TABLE"));
            try (DuckDBAppender a = w.createAppender("temp", "main", "ledger_openings")) {
                for (Row r : s.rows()) {
                    a.beginRow().append(r.matchId()).append(r.startFen());
                    if (r.bookMoves() == null) a.appendNull();
                    else a.append(r.bookMoves());
                    a.append(r.tested()).append(r.games()).append(r.pairs());
                    for (long n : r.pentanomial()) a.append(n);
                    a.append(r.whiteWins()).append(r.draws()).append(r.blackWins()).append(r.drawRate());
                    if (r.pairs() == 0) a.appendNull();
                    else a.append(r.decisiveness());
                    a.append(r.whiteScore()).endRow();
                }
            }
            Path out = data.resolve(Tables.OPENING_STATS);
            EngineStatsJob.deleteTree(out);
            Files.createDirectories(out);
            String file = out.resolve("part-0.parquet").toAbsolutePath().toString().replace("'", "''");
            // The appender keeps the rows' order; insertion order is the table's order.
            ws.execute("COPY (SELECT * FROM ledger_openings) TO '" + file + "' (FORMAT PARQUET)");
        }
        return s;
    }

    /** The book's moves: the UCI of the leading plies without a wall time; null when no ply has one. */
    static String bookMoves(Object[] moves, Object[] timeMs) {
        if (timeMs == null) return null;
        int searched = -1;
        for (int i = 0; i < timeMs.length; i++) {
            if (timeMs[i] != null) {
                searched = i;
                break;
            }
        }
        if (searched < 0) return null;
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < searched && moves != null && i < moves.length; i++) {
            if (b.length() > 0) b.append(' ');
            b.append(moves[i]);
        }
        return b.toString();
    }

    private static boolean finished(String result) {
        return "1-0".equals(result) || "0-1".equals(result) || "1/2-1/2".equals(result);
    }

    private static double score(Played g, String engine) {
        return new MatchGames.Game(g.white(), g.black(), g.result(), null, null, null).scoreOf(engine);
    }

    private static String select() {
        return "SELECT " + String.join(", ", Games.MATCH_ID, Games.WHITE, Games.BLACK, Games.WHITE_ENGINE_ID,
                Games.BLACK_ENGINE_ID, Games.RESULT, "coalesce(" + Games.START_FEN + ", '"
                        + org.rookery.core.board.Position.START_FEN + "')", Games.MOVES_UCI, Games.TIME_MS, Games.PAIR_INDEX,
                Games.GAME_IN_PAIR, Games.GAME_NUMBER) + " FROM " + Tables.GAMES + " WHERE " + Games.MATCH_ID + " IS NOT NULL"
                + " ORDER BY " + Games.MATCH_ID + ", " + Games.GAME_NUMBER + " NULLS LAST, " + Games.GAME_ID;
    }

    private static Object[] array(ResultSet r, int col) throws SQLException {
        Array a = r.getArray(col);
        return a == null ? null : (Object[]) a.getArray();
    }

    private static Integer integer(ResultSet r, int col) throws SQLException {
        Object o = r.getObject(col);
        return o == null ? null : ((Number) o).intValue();
    }
}
