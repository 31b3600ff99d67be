package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.luben.zstd.ZstdInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.rookery.contract.dimensions.GameMonth;
import org.rookery.contract.dimensions.TimeControlClass;
import org.rookery.core.board.Position;
import org.rookery.core.openings.Classification;
import org.rookery.core.openings.OpeningList;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.dashboards.fixture.BreakdownSql;
import org.rookery.dashboards.fixture.CorpusTables;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.dashboards.fixture.TableWriter;

/**
 * Every field of {@code /api/explorer} (and {@code /masters}) for random positions along real games
 * equals a count made straight from the PGN: totals, per move results, averageRating,
 * averageOpponentRating, performance, game, opening; topGames, recentGames, history and the opening
 * of the position, unfiltered and under each kind of filter. The games are the first 400 of the
 * bundled real sample ({@code data/pgnmentor-sample.pgn.zst}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExplorerBruteForceTest {
    static final Path SAMPLE = Path.of("..", "data", "pgnmentor-sample.pgn.zst");
    static final int GAMES = 400;
    static final int PLIES = 30;

    /** One game as the brute force sees it: tags and moves from the PGN. */
    record Game(String id, String result, Integer we, Integer be, String date, String timeControl, List<String> uci,
            List<Long> keys, boolean blackFirst, boolean markedMasters, String white, String black) {
        Integer mean() {
            return we == null || be == null ? null : (we + be) / 2;
        }

        Integer month() {
            return GameMonth.of(date);
        }
    }

    private Path data;
    private Dashboard dashboard;
    /** The same table answered from the Parquet files in place (no index), as a fresh dashboard does at first. */
    private Dashboard inPlace;
    private final List<Game> games = new ArrayList<>();

    @BeforeAll
    void load() throws Exception {
        assumeTrue(Files.exists(SAMPLE), "skipped: the bundled sample " + SAMPLE + " is not there");
        List<Map<String, Object>> rows = new ArrayList<>();
        GameReplay replay = new GameReplay();
        PgnGame g = new PgnGame();
        try (InputStream in = new ZstdInputStream(Files.newInputStream(SAMPLE));
                PgnReader reader = new PgnReader(in, "sample.pgn")) {
            while (rows.size() < GAMES && reader.next(g)) {
                if (!replay.replay(g)) continue;
                Map<String, Object> row = new LinkedHashMap<>(CorpusTables.importRow(g, replay));
                row.put("game_id", "sample#" + g.gameNumber());
                // Every fifth game as if ingested with --collection-kind masters: /masters keeps it whatever its ratings.
                boolean marked = g.gameNumber() % 5 == 0;
                row.put("collection_kind", marked ? "masters" : "other");
                rows.add(row);
                @SuppressWarnings("unchecked")
                List<String> uci = (List<String>) row.get("moves_uci");
                @SuppressWarnings("unchecked")
                List<Long> keys = (List<Long>) row.get("zobrist");
                Integer we = (Integer) row.get("white_elo"), be = (Integer) row.get("black_elo");
                games.add(new Game("sample#" + g.gameNumber(), (String) row.get("result"), we != null && we > 0 ? we : null,
                        be != null && be > 0 ? be : null, (String) row.get("date"), (String) row.get("time_control"), uci, keys,
                        ((String) row.get("start_fen")).split(" ")[1].equals("b"), marked, (String) row.get("white"),
                        (String) row.get("black")));
            }
        }
        long byKindOnly = games.stream().filter(x -> x.markedMasters() && !(x.we() != null && x.be() != null && x.we() >= 2200
                && x.be() >= 2200)).count();
        assertTrue(byKindOnly >= 10, "games masters by their collection's kind only: " + byKindOnly);
        data = Files.createTempDirectory("rookery-explorer-brute");
        TableWriter.write(data.resolve("games"), rows, CorpusTables.GAMES_COLUMNS, "collection", null);
        // Two files, so cells split over both have two rows; the index rolls up every key of more
        // than 20 rows (the first plies here), so both of its ways of summing are checked.
        BreakdownSql.write(data, PLIES, 2);
        System.setProperty("rookery.explorer.index.heavy", "20");
        try {
            dashboard = Dashboard.start(DashboardConfig.of(data));
        } finally {
            System.clearProperty("rookery.explorer.index.heavy");
        }
        Fixture.awaitExplorerCopies(dashboard.url());
        System.setProperty("rookery.explorer.index", "off");
        try {
            inPlace = Dashboard.start(DashboardConfig.of(data));
        } finally {
            System.clearProperty("rookery.explorer.index");
        }
    }

    @AfterAll
    void close() throws Exception {
        if (dashboard != null) dashboard.close();
        if (inPlace != null) inPlace.close();
        if (data != null) Fixture.deleteTree(data);
    }

    /** A filter as query parameters and as a test of a game. */
    record Filter(String query, Predicate<Game> keeps, boolean masters) {
    }

    static boolean band(Game g, int low, int high) {
        Integer m = g.mean();
        return m != null && m / 100 * 100 >= low && m / 100 * 100 < high;
    }

    static final List<Filter> FILTERS = List.of(
            new Filter("", g -> true, false),
            new Filter("ratings=2500", g -> band(g, 2500, Integer.MAX_VALUE), false),
            new Filter("ratings=2200,unrated", g -> band(g, 2200, 2500) || g.mean() == null, false),
            new Filter("ratings=0,1000,1200,1400,1600,1800,2000", g -> band(g, Integer.MIN_VALUE, 2200), false),
            new Filter("speeds=classical,unknown", g -> List.of("classical", "unknown").contains(TimeControlClass.of(g.timeControl(), null)), false),
            new Filter("since=1990&until=2010-06", g -> g.month() != null && g.month() >= 199000 && g.month() <= 201006, false),
            new Filter("since=2005-03", g -> g.month() != null && g.month() >= 200503, false),
            new Filter("", g -> g.markedMasters() || g.we() != null && g.be() != null && g.we() >= 2200 && g.be() >= 2200, true));

    @Test
    void everyFieldEqualsACountFromThePgn() throws Exception {
        Random random = new Random(20);
        OpeningList openings = OpeningList.shipped();
        int checked = 0, withMoves = 0;
        for (int round = 0; round < 40; round++) {
            Game along = games.get(random.nextInt(games.size()));
            if (along.blackFirst()) continue;
            int ply = random.nextInt(Math.min(PLIES, along.uci().size()));
            List<String> play = along.uci().subList(0, ply);
            long key = along.keys().get(ply);
            Position pos = new Position();
            for (String m : play) pos.makeMove(new org.rookery.core.notation.Uci().parse(pos, m));
            Classification c = openings.classify(pos);
            for (Filter f : FILTERS) for (Dashboard d : List.of(dashboard, inPlace)) {
                String path = (f.masters() ? "/api/explorer/masters?" : "/api/explorer?") + "moves=256&topGames=15&recentGames=15"
                        + "&history=true&play=" + String.join(",", play) + (f.query().isEmpty() ? "" : "&" + f.query());
                JsonNode r = Fixture.json(Fixture.get(d.url(), path));
                assertTrue(r.has("moves"), path + " -> " + r);
                Expected want = count(key, f.keeps(), pos.sideToMove() == 0);
                String at = (d == dashboard ? "[index] " : "[in place] ") + path;
                assertEquals(want.total[0], r.get("white").asLong(), at);
                assertEquals(want.total[1], r.get("draws").asLong(), at);
                assertEquals(want.total[2], r.get("black").asLong(), at);
                assertEquals(want.moves.size(), r.get("moves").size(), at);
                for (JsonNode m : r.get("moves")) {
                    String uci = m.get("uci").asText();
                    MoveCount mc = want.moves.get(uci);
                    String atMove = at + " " + uci;
                    assertEquals(mc.wdb[0], m.get("white").asLong(), atMove);
                    assertEquals(mc.wdb[1], m.get("draws").asLong(), atMove);
                    assertEquals(mc.wdb[2], m.get("black").asLong(), atMove);
                    assertEquals(mc.moverN == 0 ? null : (int) Math.round((double) mc.moverSum / mc.moverN), intOrNull(m.get("averageRating")),
                            atMove);
                    Integer opp = mc.oppN == 0 ? null : (int) Math.round((double) mc.oppSum / mc.oppN);
                    assertEquals(opp, intOrNull(m.get("averageOpponentRating")), atMove);
                    long games = mc.wdb[0] + mc.wdb[1] + mc.wdb[2];
                    long wins = want.whiteMoves ? mc.wdb[0] : mc.wdb[2];
                    Integer perf = mc.oppN == 0 ? null : lichessPerformance((double) mc.oppSum / mc.oppN, wins, mc.wdb[1], games);
                    assertEquals(perf, intOrNull(m.get("performance")), atMove);
                    assertEquals(games == 1 ? mc.games.get(0).id() : null, m.get("game").isNull() ? null : m.get("game").get("id").asText(), atMove);
                    Position after = pos.copy();
                    after.makeMove(new org.rookery.core.notation.Uci().parse(after, uci));
                    var named = openings.at(after.key());
                    assertEquals(named == null ? null : named.name(), m.get("opening").isNull() ? null : m.get("opening").get("name").asText(), atMove);
                }
                List<Game> reached = new ArrayList<>();
                want.moves.values().forEach(mc -> reached.addAll(mc.games));
                assertEquals(ids(reached, TOP, 15), ids(r.get("topGames")), at + " topGames");
                assertEquals(ids(reached, RECENT, 15), ids(r.get("recentGames")), at + " recentGames");
                for (String list : List.of("topGames", "recentGames")) for (JsonNode tg : r.get(list)) {
                    Game g = byId(tg.get("id").asText());
                    String entry = at + " " + list + " " + g.id();
                    assertEquals(g.white(), tg.get("white").get("name").asText(), entry);
                    assertEquals(g.black(), tg.get("black").get("name").asText(), entry);
                    assertEquals(g.we(), intOrNull(tg.get("white").get("rating")), entry);
                    assertEquals(g.be(), intOrNull(tg.get("black").get("rating")), entry);
                    assertEquals("1-0".equals(g.result()) ? "white" : "0-1".equals(g.result()) ? "black" : null,
                            tg.get("winner").isNull() ? null : tg.get("winner").asText(), entry);
                    assertEquals(g.uci().get(g.keys().indexOf(key)), tg.get("uci").asText(), "the move the game played here");
                    Integer month = g.month();
                    assertEquals(month == null ? null : month / 100, intOrNull(tg.get("year")), entry + " year");
                    assertEquals(month == null || month % 100 == 0 ? null : String.format("%04d-%02d", month / 100, month % 100),
                            tg.get("month").isNull() ? null : tg.get("month").asText(), entry + " month");
                }
                Map<String, long[]> history = new TreeMap<>();
                for (Game g : reached) {
                    Integer month = g.month();
                    if (month == null || month % 100 == 0) continue;
                    long[] h = history.computeIfAbsent(String.format("%04d-%02d", month / 100, month % 100), k -> new long[3]);
                    h["1-0".equals(g.result()) ? 0 : "0-1".equals(g.result()) ? 2 : 1]++;
                }
                assertEquals(history.size(), r.get("history").size(), at + " history");
                int i = 0;
                for (Map.Entry<String, long[]> e : history.entrySet()) {
                    JsonNode h = r.get("history").get(i++);
                    assertEquals(e.getKey(), h.get("month").asText(), at);
                    assertEquals(e.getValue()[0], h.get("white").asLong(), at);
                    assertEquals(e.getValue()[1], h.get("draws").asLong(), at);
                    assertEquals(e.getValue()[2], h.get("black").asLong(), at);
                }
                assertEquals(c == null ? null : c.opening().name(), r.get("opening").isNull() ? null : r.get("opening").get("name").asText(), at);
                assertEquals(c == null ? null : c.opening().eco(), r.get("opening").isNull() ? null : r.get("opening").get("eco").asText(), at);
                checked++;
                if (!want.moves.isEmpty()) withMoves++;
            }
        }
        assertTrue(checked >= 200 && withMoves >= 100, checked + " lookups, " + withMoves + " with moves");
    }

    /**
     * {@code /api/explorer/player} for the players with the most games of the sample, at positions
     * along their games: totals, per move results, averageOpponentRating, performance (the player's),
     * game and recentGames equal a count of the player's decided games in the PGN.
     */
    @Test
    void thePlayerExplorerEqualsACountFromThePgn() throws Exception {
        Map<String, Long> byName = new HashMap<>();
        for (Game g : games) for (String name : new String[] {g.white(), g.black()}) if (name != null) byName.merge(name, 1L, Long::sum);
        List<String> players = byName.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).limit(4).map(Map.Entry::getKey).toList();
        assertTrue(byName.get(players.get(0)) >= 5, "the busiest player of the sample has " + byName.get(players.get(0)) + " games");
        Random random = new Random(21);
        int checked = 0, withMoves = 0;
        for (String player : players) {
            List<Game> theirs = games.stream().filter(g -> player.equals(g.white()) || player.equals(g.black())).toList();
            for (int round = 0; round < 6; round++) {
                Game along = theirs.get(random.nextInt(theirs.size()));
                if (along.blackFirst()) continue;
                boolean white = player.equals(along.white());
                int ply = random.nextInt(Math.min(PLIES, along.uci().size()));
                List<String> play = along.uci().subList(0, ply);
                long key = along.keys().get(ply);
                for (Filter f : FILTERS.subList(0, FILTERS.size() - 1)) {
                    String path = "/api/explorer/player?player=" + java.net.URLEncoder.encode(player, java.nio.charset.StandardCharsets.UTF_8)
                            + "&color=" + (white ? "white" : "black") + "&moves=256&recentGames=15&play=" + String.join(",", play)
                            + (f.query().isEmpty() ? "" : "&" + f.query());
                    JsonNode r = Fixture.json(Fixture.get(dashboard.url(), path));
                    assertTrue(r.has("moves"), path + " -> " + r);
                    long[] total = new long[3];
                    Map<String, MoveCount> moves = new LinkedHashMap<>();
                    for (Game g : games) {
                        if (!player.equals(white ? g.white() : g.black()) || !f.keeps().test(g)) continue;
                        int o = "1-0".equals(g.result()) ? 0 : "0-1".equals(g.result()) ? 2 : "1/2-1/2".equals(g.result()) ? 1 : -1;
                        if (o < 0) continue;
                        Set<String> seen = new HashSet<>();
                        for (int i = 0; i < Math.min(PLIES, g.uci().size()); i++) {
                            if (g.keys().get(i) != key || !seen.add(g.uci().get(i))) continue;
                            MoveCount mc = moves.computeIfAbsent(g.uci().get(i), k -> new MoveCount());
                            mc.wdb[o]++;
                            total[o]++;
                            Integer opp = white ? g.be() : g.we();
                            if (opp != null) {
                                mc.oppSum += opp;
                                mc.oppN++;
                            }
                            mc.games.add(g);
                        }
                    }
                    assertEquals(total[0], r.get("white").asLong(), path);
                    assertEquals(total[1], r.get("draws").asLong(), path);
                    assertEquals(total[2], r.get("black").asLong(), path);
                    assertEquals(moves.size(), r.get("moves").size(), path);
                    List<Game> reached = new ArrayList<>();
                    for (JsonNode m : r.get("moves")) {
                        MoveCount mc = moves.get(m.get("uci").asText());
                        String at = path + " " + m.get("uci").asText();
                        assertEquals(mc.wdb[0], m.get("white").asLong(), at);
                        assertEquals(mc.wdb[1], m.get("draws").asLong(), at);
                        assertEquals(mc.wdb[2], m.get("black").asLong(), at);
                        assertEquals(mc.oppN == 0 ? null : (int) Math.round((double) mc.oppSum / mc.oppN), intOrNull(m.get("averageOpponentRating")), at);
                        long games = mc.wdb[0] + mc.wdb[1] + mc.wdb[2];
                        long wins = white ? mc.wdb[0] : mc.wdb[2];
                        assertEquals(mc.oppN == 0 ? null : lichessPerformance((double) mc.oppSum / mc.oppN, wins, mc.wdb[1], games),
                                intOrNull(m.get("performance")), at + " performance (the player's)");
                        assertEquals(games == 1 ? mc.games.get(0).id() : null, m.get("game").isNull() ? null : m.get("game").get("id").asText(), at);
                        reached.addAll(mc.games);
                    }
                    assertEquals(ids(reached, RECENT, 15), ids(r.get("recentGames")), path + " recentGames");
                    checked++;
                    if (!moves.isEmpty()) withMoves++;
                }
            }
        }
        assertTrue(checked >= 60 && withMoves >= 30, checked + " lookups, " + withMoves + " with moves");
    }

    static final Comparator<Game> TOP = Comparator.<Game>comparingInt(g -> g.mean() == null ? -1 : g.mean())
            .thenComparing(g -> g.date() == null ? "" : g.date()).thenComparing(Game::id).reversed();
    static final Comparator<Game> RECENT = Comparator.<Game>comparingInt(g -> g.month() == null ? -1 : g.month())
            .thenComparing(g -> g.date() == null ? "" : g.date()).thenComparing(Game::id).reversed();

    static List<String> ids(List<Game> games, Comparator<Game> order, int n) {
        return games.stream().sorted(order).limit(n).map(Game::id).toList();
    }

    static List<String> ids(JsonNode list) {
        List<String> out = new ArrayList<>();
        for (JsonNode g : list) out.add(g.get("id").asText());
        return out;
    }

    Game byId(String id) {
        return games.stream().filter(g -> g.id().equals(id)).findFirst().orElseThrow();
    }

    static Integer intOrNull(JsonNode n) {
        return n == null || n.isNull() ? null : n.asInt();
    }

    /**
     * lichess's explorer performance, from its rule: the exact average opponent rating plus dp at the
     * score percentage p, interpolated between whole percentages, rounded half away from zero at the end.
     */
    static int lichessPerformance(double averageOpponent, long wins, long draws, long games) {
        double p = 100.0 * (wins + draws / 2.0) / games;
        int lo = (int) Math.floor(p);
        double dp = lo == 100 ? fideDp(100) : fideDp(lo) + (fideDp(lo + 1) - fideDp(lo)) * (p - lo);
        double x = averageOpponent + dp;
        return (int) (Math.signum(x) * Math.floor(Math.abs(x) + 0.5));
    }

    /** FIDE's table 8.1(a), typed in from the FIDE Handbook independently of the product's copy. */
    static int fideDp(int p) {
        int[] table = {800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273, 262, 251,
            240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110, 102, 95, 87, 80, 72, 65, 57, 50,
            43, 36, 29, 21, 14, 7, 0};
        return p >= 50 ? table[100 - p] : -table[p];
    }

    static final class MoveCount {
        final long[] wdb = new long[3];
        long moverSum, moverN, oppSum, oppN;
        final List<Game> games = new ArrayList<>();
    }

    record Expected(long[] total, Map<String, MoveCount> moves, boolean whiteMoves) {
    }

    /** The moves from {@code key} in the first 30 plies of the kept games, each once per game. */
    Expected count(long key, Predicate<Game> keeps, boolean whiteMoves) {
        long[] total = new long[3];
        Map<String, MoveCount> moves = new LinkedHashMap<>();
        for (Game g : games) {
            if (!keeps.test(g)) continue;
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < Math.min(PLIES, g.uci().size()); i++) {
                if (g.keys().get(i) != key || !seen.add(g.uci().get(i))) continue;
                MoveCount mc = moves.computeIfAbsent(g.uci().get(i), k -> new MoveCount());
                int o = "1-0".equals(g.result()) ? 0 : "0-1".equals(g.result()) ? 2 : "1/2-1/2".equals(g.result()) ? 1 : -1;
                if (o < 0) break;
                mc.wdb[o]++;
                total[o]++;
                boolean white = (i % 2 == 0) != g.blackFirst();
                Integer mover = white ? g.we() : g.be(), opp = white ? g.be() : g.we();
                if (mover != null) { mc.moverSum += mover; mc.moverN++; }
                if (opp != null) { mc.oppSum += opp; mc.oppN++; }
                mc.games.add(g);
            }
        }
        moves.values().removeIf(mc -> mc.wdb[0] + mc.wdb[1] + mc.wdb[2] == 0);
        return new Expected(total, moves, whiteMoves);
    }
}
