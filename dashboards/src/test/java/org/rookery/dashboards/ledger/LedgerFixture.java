package org.rookery.dashboards.ledger;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.rookery.contract.schema.Column;
import org.rookery.contract.schema.EngineStats;
import org.rookery.contract.schema.OpeningStats;
import org.rookery.contract.schema.TableSchema;
import org.rookery.dashboards.Dashboard;
import org.rookery.dashboards.DashboardConfig;
import org.rookery.dashboards.fixture.CorpusTables;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.dashboards.fixture.GameRows;
import org.rookery.dashboards.fixture.TableWriter;

/**
 * A data root of its own for the ledger's endpoints and page: match {@code lm} (40 pairs, live SPRT
 * [0, 5] normalized, pairs finishing out of order, a book ply and per-move statistics in every game),
 * match {@code lm2} without a definition, and an {@code opening_stats} table; {@code engine_stats}
 * is written on demand, so both of its sources are seen.
 */
final class LedgerFixture {
    static final String MATCH = "lm";
    static final String UNDEFINED = "lm2";
    static final int PAIRS = 40;

    private static Path data;
    private static Dashboard dashboard;
    /** Every generated gauntlet game, in the order they finished. */
    static final List<Map<String, Object>> GAMES = new ArrayList<>();

    private LedgerFixture() {
    }

    static synchronized Dashboard dashboard() throws Exception {
        if (dashboard == null) {
            data = Files.createTempDirectory("rookery-ledger-test");
            write(data);
            dashboard = Dashboard.start(DashboardConfig.of(data));
            Dashboard d = dashboard;
            Path dir = data;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    d.close();
                    Fixture.deleteTree(dir);
                } catch (Exception e) {
                    System.err.println("closing the ledger test dashboard: " + e);
                }
            }));
        }
        return dashboard;
    }

    static Path data() throws Exception {
        dashboard();
        return data;
    }

    private static void write(Path data) throws Exception {
        SplittableRandom rnd = new SplittableRandom(21);
        List<Map<String, Object>> rows = new ArrayList<>();
        int second = 0;
        for (String match : List.of(MATCH, UNDEFINED)) {
            int pairs = match.equals(MATCH) ? PAIRS : 4;
            for (int p = 0; p < pairs; p++) {
                for (int g = 0; g < 2; g++) {
                    String white = g == 0 ? "dev" : "base", black = g == 0 ? "base" : "dev";
                    double r = rnd.nextDouble();
                    String result = r < 0.40 ? (white.equals("dev") ? "1-0" : "0-1") : r < 0.65 ? (white.equals("dev") ? "0-1" : "1-0")
                            : "1/2-1/2";
                    Map<String, Object> row = GameRows.gauntlet(match, p, g, white, black, result, "checkmate", 1000L * p + g);
                    @SuppressWarnings("unchecked")
                    int plies = ((List<String>) row.get("moves_uci")).size();
                    List<Long> nps = new ArrayList<>(), time = new ArrayList<>(), latency = new ArrayList<>();
                    List<Integer> seldepth = new ArrayList<>();
                    for (int i = 0; i < plies; i++) {
                        boolean book = i == 0; // one book ply: no statistics
                        nps.add(book ? null : 100_000L + rnd.nextInt(900_000));
                        time.add(book ? null : 20L + rnd.nextInt(200));
                        latency.add(book ? null : (long) rnd.nextInt(5));
                        seldepth.add(book ? null : 10 + rnd.nextInt(10));
                    }
                    row.put("nps", nps);
                    row.put("time_ms", time);
                    row.put("latency_ms", latency);
                    row.put("seldepth", seldepth);
                    // pairs finish out of order: the second game of a pair sometimes first
                    rows.add(row);
                }
            }
        }
        // arrival order: shuffle neighbouring games, then number the finish times in that order
        for (int i = 0; i + 1 < rows.size(); i += 2) if (rnd.nextInt(3) == 0) java.util.Collections.swap(rows, i, i + 1);
        for (int i = 0; i + 2 < rows.size(); i += 4) if (rnd.nextBoolean()) java.util.Collections.swap(rows, i + 1, i + 2);
        for (Map<String, Object> row : rows) {
            row.put("finished_at", java.time.Instant.parse("2026-12-01T00:00:00Z").plusSeconds(second++).toString());
        }
        GAMES.addAll(rows);
        String columns = CorpusTables.GAMES_COLUMNS.substring(0, CorpusTables.GAMES_COLUMNS.length() - 1)
                + ", nps: 'BIGINT[]', time_ms: 'BIGINT[]', latency_ms: 'BIGINT[]', seldepth: 'INTEGER[]'}";
        TableWriter.write(data.resolve("games"), rows, columns, "collection", null);
        Map<String, Object> def = new LinkedHashMap<>();
        def.put("match_id", MATCH);
        def.put("definition", "{\"match_id\":\"lm\",\"engines\":[{\"name\":\"dev\",\"tc\":\"10+0.1\"},{\"name\":\"base\"}],"
                + "\"pairs\":40,\"sprt\":{\"elo0\":0,\"elo1\":5,\"alpha\":0.05,\"beta\":0.05,\"model\":\"normalized\"}}");
        def.put("collection", MATCH);
        TableWriter.write(data.resolve("matches"), List.of(def), "{match_id: 'VARCHAR', definition: 'VARCHAR', collection: 'VARCHAR'}",
                "collection", null);
        List<Map<String, Object>> openings = new ArrayList<>();
        openings.add(opening("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5", 30, 15, new long[] {1, 3, 6, 3, 2}));
        openings.add(opening("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2", "", 50, 25, new long[] {0, 2, 21, 2, 0}));
        TableWriter.write(data.resolve("opening_stats"), openings, columns(OpeningStats.SCHEMA), null, null);
    }

    private static Map<String, Object> opening(String fen, String book, long games, long pairs, long[] p) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("match_id", MATCH);
        r.put("start_fen", fen);
        r.put("book_moves", book);
        r.put("tested", "dev");
        r.put("games", games);
        r.put("pairs", pairs);
        String[] names = {"ll", "ld", "dd_wl", "wd", "ww"};
        for (int i = 0; i < 5; i++) r.put(names[i], p[i]);
        r.put("white_wins", games / 2);
        r.put("draws", games / 3);
        r.put("black_wins", games - games / 2 - games / 3);
        r.put("draw_rate", (double) (games / 3) / games);
        r.put("decisiveness", (double) (p[0] + p[4]) / pairs);
        r.put("white_score", (games / 2 + 0.5 * (games / 3)) / games);
        return r;
    }

    /** DuckDB's read_json columns of a contract table. */
    static String columns(TableSchema schema) {
        StringBuilder b = new StringBuilder("{");
        for (Column c : schema.columns()) {
            if (b.length() > 1) b.append(", ");
            b.append(c.name()).append(": '").append(c.type().sql()).append('\'');
        }
        return b.append('}').toString();
    }

    /** Writes an engine_stats table with one row, so the page's source switches to it. */
    static void writeEngineStats() throws Exception {
        Map<String, Object> r = new LinkedHashMap<>();
        for (Column c : EngineStats.SCHEMA.columns()) r.put(c.name(), null);
        r.put("match_id", MATCH);
        r.put("engine", "dev");
        r.put("phase", "middlegame");
        r.put("moves", 123L);
        r.put("games", 7L);
        r.put("time_losses", 1L);
        r.put("crashes", 0L);
        r.put("stalls", 0L);
        r.put("illegal_moves", 0L);
        r.put("nps_mean", 4242.0);
        TableWriter.write(data.resolve("engine_stats"), List.of(r), columns(EngineStats.SCHEMA), null, null);
    }
}
