package org.rookery.dashboards.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.dashboards.chess.PositionInput;
import org.rookery.dashboards.data.OpeningsTable;
import org.rookery.dashboards.data.Filters;
import org.rookery.dashboards.explorer.ExplorerJson;
import org.rookery.dashboards.explorer.Performance;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;

/**
 * {@code GET /api/explorer}, {@code /api/explorer/lichess} and {@code /api/explorer/masters}: the
 * moves played from a position with their results, in the shape of the lichess opening explorer
 * ({@code white}, {@code draws}, {@code black}, {@code moves[]}, {@code topGames},
 * {@code recentGames}, {@code opening}, and {@code history} when asked), plus {@code fen}, the
 * position that was looked up. {@code /masters} keeps the games of collections ingested with
 * {@code --collection-kind masters} and games of two players rated 2200 or more.
 */
public final class ExplorerApi implements Endpoint {
    private final OpeningsTable table;
    private final boolean masters;

    /** The explorer over every game ({@code masters} false) or over masters' games. */
    public ExplorerApi(OpeningsTable table, boolean masters) {
        this.table = table;
        this.masters = masters;
    }

    /** The parameters of lichess's /lichess and /masters explorers that Rookery takes (modes is a 400 of its own). */
    static final List<String> PARAMETERS = List.of("fen", "play", "moves", "topGames", "recentGames", "history", "ratings", "speeds",
            "since", "until", "sources", "variant", "modes");

    @Override
    public Object handle(Params p) throws Exception {
        p.only(PARAMETERS, masters ? "/api/explorer/masters" : "/api/explorer");
        Position pos = PositionInput.parse(p.get("fen"), p.get("play"));
        Filters filters = Filters.explorer(p, masters);
        int limit = p.intValue("moves", 12, 0, 256);
        int top = p.intValue("topGames", masters ? OpeningsBreakdown.SAMPLE_GAMES : 4, 0, OpeningsBreakdown.SAMPLE_GAMES);
        int recent = p.intValue("recentGames", masters ? 0 : 4, 0, OpeningsBreakdown.SAMPLE_GAMES);
        boolean history = ExplorerJson.flag(p, "history");
        long key = pos.key();
        OpeningsTable.Lookup found = table.lookup(key, filters, top, recent, history);
        List<OpeningsTable.MoveRow> rows = found.moves();
        Uci uci = new Uci();
        San san = new San();
        boolean whiteMoves = pos.sideToMove() == Piece.WHITE;
        long white = 0, draws = 0, black = 0;
        List<String> legal = new ArrayList<>();
        List<Map<String, Object>> moves = new ArrayList<>();
        for (OpeningsTable.MoveRow r : rows) {
            int move;
            try {
                move = uci.parse(pos, r.uci());
            } catch (NotationException e) {
                // A 64-bit key collision with another position: its moves are not legal here.
                continue;
            }
            legal.add(r.uci());
            white += r.white();
            draws += r.draws();
            black += r.black();
            if (moves.size() >= limit) continue;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("uci", r.uci());
            m.put("san", san.toSan(pos, move));
            Integer average = ExplorerJson.average(r.moverRatingSum(), r.moverRated());
            Integer opponents = ExplorerJson.average(r.opponentRatingSum(), r.opponentRated());
            m.put("averageRating", average);
            m.put("averageOpponentRating", opponents);
            long wins = whiteMoves ? r.white() : r.black(), losses = whiteMoves ? r.black() : r.white();
            m.put("performance", Performance.of(r.opponentRatingSum(), r.opponentRated(), wins, r.draws(), losses));
            m.put("white", r.white());
            m.put("draws", r.draws());
            m.put("black", r.black());
            m.put("game", r.game() == null ? null : ExplorerJson.game(r.game(), false));
            pos.makeMove(move);
            m.put("opening", ExplorerJson.opening(ExplorerJson.OPENINGS.at(pos.key())));
            pos.unmakeMove();
            moves.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("fen", pos.toFen());
        out.put("white", white);
        out.put("draws", draws);
        out.put("black", black);
        out.put("moves", moves);
        out.put("recentGames", ExplorerJson.games(found.recentGames(), legal));
        out.put("topGames", ExplorerJson.games(found.topGames(), legal));
        out.put("opening", ExplorerJson.classify(pos));
        if (history) out.put("history", ExplorerJson.history(found.history()));
        return out;
    }
}
