package org.rookery.dashboards;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rookery.contract.schema.Tables;
import org.rookery.dashboards.api.DrawRulesApi;
import org.rookery.dashboards.api.EndgamesApi;
import org.rookery.dashboards.api.ExplorerApi;
import org.rookery.dashboards.api.PlayerExplorerApi;
import org.rookery.dashboards.api.GamesApi;
import org.rookery.dashboards.api.MatchLedgerApi;
import org.rookery.dashboards.api.MatchesApi;
import org.rookery.dashboards.api.PositionApi;
import org.rookery.dashboards.api.TablebaseApi;
import org.rookery.dashboards.api.TablebaseMainlineApi;
import org.rookery.dashboards.api.WorkersApi;
import org.rookery.dashboards.api.TuneApi;
import org.rookery.dashboards.data.DrawRulesTable;
import org.rookery.dashboards.data.DuckDb;
import org.rookery.dashboards.data.EndgamesTable;
import org.rookery.dashboards.data.GamesTable;
import org.rookery.dashboards.data.LedgerTables;
import org.rookery.dashboards.data.MatchesTable;
import org.rookery.dashboards.data.OpeningsTable;
import org.rookery.dashboards.data.SpsaTable;
import org.rookery.dashboards.data.TableLocation;
import org.rookery.dashboards.http.HostCheck;
import org.rookery.dashboards.http.Json;
import org.rookery.dashboards.http.Routes;
import org.rookery.dashboards.http.SseHub;
import org.rookery.dashboards.http.WebServer;
import org.rookery.dashboards.matches.LiveFeed;
import org.rookery.dashboards.matches.LiveGames;
import org.rookery.dashboards.matches.MatchStore;
import org.rookery.dashboards.tune.LiveTuning;
import org.rookery.dashboards.tune.TuneRuns;
import org.rookery.endgame.source.TableSources;

/**
 * A running dashboard: the web server with its JSON API over the data root's Parquet tables, the
 * endgame tables and, when a broker is given, the live games of {@code rookery.games} and the
 * counted pairs of tuning runs on {@code rookery.spsa}.
 *
 * <pre>{@code
 * try (Dashboard d = Dashboard.start(DashboardConfig.of(Path.of("rookery-data")))) {
 *     System.out.println(d.url());   // http://127.0.0.1:PORT/
 * }
 * }</pre>
 */
public final class Dashboard implements AutoCloseable {
    private final DashboardConfig config;
    private final DuckDb db;
    private final TableSources tablebase;
    private final LiveFeed feed;
    private final SseHub hub;
    private final WebServer server;
    private final OpeningsTable openings;

    private Dashboard(DashboardConfig config, DuckDb db, TableSources tablebase, LiveFeed feed, SseHub hub, WebServer server,
            OpeningsTable openings) {
        this.config = config;
        this.db = db;
        this.tablebase = tablebase;
        this.feed = feed;
        this.hub = hub;
        this.server = server;
        this.openings = openings;
    }

    /** Starts a dashboard and returns once it accepts connections (see {@link #url()}). */
    public static Dashboard start(DashboardConfig config) throws Exception {
        // One thread per query: lookups touch one segment, and on a busy 2-core machine a second
        // worker thread only adds scheduling delay (measured: p50 2.5 ms against 3.9 ms).
        DuckDb db = new DuckDb(4, 1);
        TableSources tb = null;
        LiveFeed feed = null;
        SseHub hub = new SseHub();
        OpeningsTable openingsTable = null;
        try {
            // Rookery and/or Syzygy tables, directories separated by ':'; the default location may hold none
            if (TableSources.anyTables(config.tablebases().toString())) {
                try {
                    tb = TableSources.open(config.tablebases());
                } catch (IOException e) {
                    // unchecked, so that callers tell a bad table from a port they cannot listen on
                    throw new UncheckedIOException(new IOException("endgame tables: " + e.getMessage(), e));
                }
            }
            LiveGames live = new LiveGames();
            live.onGame(g -> hub.broadcast("game", Json.string(Map.of("match_id", g.matchId(), "game_id", g.gameId())),
                    g.matchId()));
            live.onMatch(id -> hub.broadcast("match", Json.string(Map.of("match_id", id)), id));
            LiveTuning tuning = new LiveTuning();
            tuning.onPoint(run -> hub.broadcast("spsa", Json.string(Map.of("run_id", run)), run));
            TuneApi tune = new TuneApi(new TuneRuns(new SpsaTable(db, new TableLocation(config.data(), Tables.SPSA)), tuning), live,
                    config.bootstrap() != null);
            GamesTable games = new GamesTable(db, new TableLocation(config.data(), Tables.GAMES));
            MatchStore store = new MatchStore(games, new MatchesTable(db, new TableLocation(config.data(), Tables.MATCHES)), live);
            MatchesApi matches = new MatchesApi(store, live, config.bootstrap() != null);
            MatchLedgerApi ledger = new MatchLedgerApi(new LedgerTables(db, games.location(),
                    new TableLocation(config.data(), Tables.MATCHES), new TableLocation(config.data(), Tables.ENGINE_STATS),
                    new TableLocation(config.data(), Tables.OPENING_STATS)));
            TablebaseApi probe = new TablebaseApi(tb);
            TableLocation openings = new TableLocation(config.data(), Tables.OPENINGS);
            TableLocation breakdown = new TableLocation(config.data(), Tables.OPENINGS_BREAKDOWN);
            OpeningsTable explorer = new OpeningsTable(db, breakdown);
            openingsTable = explorer;
            TableLocation drawRules = new TableLocation(config.data(), Tables.DRAW_RULES);
            TableLocation endgames = new TableLocation(config.data(), Tables.ENDGAMES);
            TableSources tbFinal = tb;
            Routes routes = new Routes()
                    .exact("/api/status", p -> status(config, tbFinal, live, explorer, games.location(), openings, breakdown,
                            drawRules, endgames))
                    .exact("/api/matches", matches.list())
                    .prefix("/api/matches/", matches.one())
                    .exact("/api/match-ledger", ledger.ledger())
                    .exact("/api/match-sprt", ledger.sprt())
                    .prefix("/api/workers/", new WorkersApi(live))
                    .prefix("/api/games/", new GamesApi(games, live))
                    .exact("/api/tune/runs", tune.list())
                    .prefix("/api/tune/", tune.one())
                    .exact("/api/explorer", new ExplorerApi(explorer, false))
                    .exact("/api/explorer/lichess", new ExplorerApi(explorer, false))
                    .exact("/api/explorer/masters", new ExplorerApi(explorer, true))
                    .exact("/api/explorer/player", new PlayerExplorerApi(db, games.location()))
                    .exact("/api/position", new PositionApi())
                    .exact("/api/tablebase", probe)
                    .exact("/api/tablebase/mainline", new TablebaseMainlineApi(tb, probe))
                    .exact("/api/draw-rules/summary", new DrawRulesApi(new DrawRulesTable(db, drawRules)))
                    .exact("/api/endgames", new EndgamesApi(new EndgamesTable(db, endgames, tb)));
            WebServer server = new WebServer(config.bind(), config.port(), new HostCheck(config.bind(), config.allowedHosts()), routes, hub);
            server.start();
            if (config.bootstrap() != null) {
                feed = new LiveFeed(config.bootstrap(), live, tuning);
                feed.start();
            }
            return new Dashboard(config, db, tb, feed, hub, server, explorer);
        } catch (Exception | Error e) {
            if (openingsTable != null) openingsTable.close();
            if (feed != null) feed.close();
            if (tb != null) tb.close();
            hub.close();
            db.close();
            throw e;
        }
    }

    private static Map<String, Object> status(DashboardConfig config, TableSources tb, LiveGames live, OpeningsTable explorer,
            TableLocation... tables) {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> t = new LinkedHashMap<>();
        for (TableLocation l : tables) t.put(l.name(), l.exists());
        out.put("tables", t);
        out.put("explorer_cache", explorer.cacheState());
        out.put("tablebase_max_pieces", tb == null ? 0 : tb.maxPieces());
        out.put("tablebase_tables", tb == null ? 0 : tb.tableCount());
        out.put("live_configured", config.bootstrap() != null);
        out.put("live_connected", live.connected());
        return out;
    }

    /** {@code http://HOST:PORT/}, the address to open in a browser. */
    public URI url() {
        return server.url();
    }

    public DashboardConfig config() {
        return config;
    }

    /** Stops the server and the live feed and releases the database and the table maps. */
    @Override
    public void close() throws Exception {
        try {
            server.close();
            if (feed != null) feed.close();
        } finally {
            openings.close();
            hub.close();
            if (tablebase != null) {
                try {
                    tablebase.close();
                } catch (IOException e) {
                    System.err.println("rookery dashboard: closing the tables: " + e.getMessage());
                }
            }
            db.close();
        }
    }
}
