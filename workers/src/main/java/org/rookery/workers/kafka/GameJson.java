package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MoveRecord;
import org.rookery.workers.match.Opening;

/**
 * A finished game as the value of a {@code rookery.games} record: exactly the columns of the
 * {@code games} table in docs/schema.md, timestamps as ISO-8601 strings, arrays as JSON arrays.
 */
public final class GameJson {
    private GameJson() {}

    /** The record value for game {@code gameInPair} of {@code task}, played by {@code workerId}. */
    public static ObjectNode of(PairTask task, int gameInPair, GameRecord g, String workerId) {
        ObjectNode o = Json.object();
        o.put("game_id", task.gameId(gameInPair));
        o.put("source", "gauntlet");
        o.put("collection", task.matchId());
        o.put("match_id", task.matchId());
        o.put("pair_index", task.pairIndex());
        o.put("game_in_pair", gameInPair);
        o.putNull("source_file");
        o.put("game_number", (long) g.gameNumber());
        o.put("event", task.event());
        o.put("site", task.site());
        o.put("date", pgnTag(g.pgn(), "Date", "????.??.??"));
        o.put("round", String.valueOf(g.round()));
        o.put("white", g.white());
        o.put("black", g.black());
        o.put("result", g.result().pgn());
        o.putNull("white_elo");
        o.putNull("black_elo");
        o.putNull("eco");
        String tcw = g.whiteTimeControl().toPgnTag(), tcb = g.blackTimeControl().toPgnTag();
        o.put("time_control", tcw.equals(tcb) ? tcw : tcw + ":" + tcb);
        o.put("termination", g.termination().name().toLowerCase(Locale.ROOT));
        o.put("start_fen", g.startFen());
        o.put("ply_count", g.plyCount());
        ArrayNode uci = o.putArray("moves_uci");
        ArrayNode zobrist = o.putArray("zobrist");
        ArrayNode clock = o.putArray("clock_ms");
        ArrayNode evalCp = o.putArray("eval_cp");
        ArrayNode evalMate = o.putArray("eval_mate");
        ArrayNode depth = o.putArray("depth");
        long[] keys = ZobristTrail.keys(g.startFen(), g.moves());
        for (int i = 0; i <= g.moves().size(); i++) {
            // A move the board refused cannot come from the runner, which checks every move; the
            // array keeps its length with nulls all the same.
            if (i < keys.length) zobrist.add(keys[i]);
            else zobrist.addNull();
        }
        boolean whiteMoved = !g.startFen().contains(" b ");
        for (MoveRecord m : g.moves()) {
            uci.add(m.uci());
            if (m.clockMs() >= 0 && !m.book()) clock.add(m.clockMs());
            else clock.addNull();
            // Scores come from the mover's point of view; the table wants White's.
            int sign = whiteMoved ? 1 : -1;
            if (!m.book() && m.hasScore() && m.mate() == 0) evalCp.add(sign * m.scoreCp());
            else evalCp.addNull();
            if (!m.book() && m.hasScore() && m.mate() != 0) evalMate.add(sign * m.mate());
            else evalMate.addNull();
            if (!m.book() && m.depth() > 0) depth.add(m.depth());
            else depth.addNull();
            whiteMoved = !whiteMoved;
        }
        o.put("white_engine_id", g.white());
        o.put("black_engine_id", g.black());
        o.put("worker_id", workerId);
        o.put("started_at", Instant.ofEpochMilli(g.startedAtMillis()).toString());
        o.put("finished_at", Instant.ofEpochMilli(g.finishedAtMillis()).toString());
        o.put("pgn", g.pgn());
        return o;
    }

    /**
     * The parts of a {@code rookery.games} value that standings need, as a {@link GameRecord}
     * (moves are not rebuilt). A value that lacks them is a {@link BadRecordException}.
     */
    public static GameRecord toStandingsRecord(JsonNode o) {
        Result result = Result.fromPgn(Json.text(o, "result"));
        if (result == null) throw new BadRecordException("\"result\" is not a PGN result");
        Termination t;
        try {
            t = Termination.valueOf(Json.text(o, "termination").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new BadRecordException("unknown termination \"" + o.get("termination").asText() + "\"");
        }
        int number = (int) Math.min(Integer.MAX_VALUE, o.path("game_number").asLong());
        String round = o.path("round").asText("1");
        return new GameRecord(number, Json.integer(o, "pair_index", 0, Integer.MAX_VALUE),
            round.matches("\\d{1,9}") ? Integer.parseInt(round) : 0, Json.text(o, "white"), Json.text(o, "black"),
            new Opening(Json.text(o, "start_fen"), List.of(), "game"), Json.text(o, "start_fen"), result, t,
            Reasons.describe(t, result), List.of(), 0, 0, null, null, Json.text(o, "pgn"));
    }

    private static String pgnTag(String pgn, String tag, String fallback) {
        String prefix = "[" + tag + " \"";
        int i = pgn.indexOf(prefix);
        if (i < 0) return fallback;
        int end = pgn.indexOf('"', i + prefix.length());
        return end < 0 ? fallback : pgn.substring(i + prefix.length(), end);
    }
}
