package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rookery.contract.ContractException;
import org.rookery.contract.games.GameCodec;
import org.rookery.contract.games.GameRow;
import org.rookery.contract.schema.Games;
import org.rookery.contract.tasks.PairTask;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MoveRecord;
import org.rookery.workers.match.Opening;
import org.rookery.workers.match.Reasons;

/**
 * A finished gauntlet game as a {@code rookery.games} record: the contract's {@link GameRow}, filled
 * from what the match runner recorded, written by the contract's {@link GameCodec}.
 */
public final class GameJson {
    private GameJson() {}

    /** The record value for game {@code gameInPair} of {@code task}, played by {@code workerId}. */
    public static ObjectNode of(PairTask task, int gameInPair, GameRecord g, String workerId) {
        return GameCodec.toJson(row(task, gameInPair, g, workerId));
    }

    /** The games row of game {@code gameInPair} of {@code task}, played by {@code workerId}. */
    public static GameRow row(PairTask task, int gameInPair, GameRecord g, String workerId) {
        String tcw = g.whiteTimeControl().toPgnTag(), tcb = g.blackTimeControl().toPgnTag();
        int n = g.moves().size();
        List<String> uci = new ArrayList<>(n);
        List<Long> zobrist = new ArrayList<>(n + 1);
        List<Long> clock = new ArrayList<>(n);
        List<Integer> evalCp = new ArrayList<>(n);
        List<Integer> evalMate = new ArrayList<>(n);
        List<Integer> depth = new ArrayList<>(n);
        List<Integer> selDepth = new ArrayList<>(n), hashfull = new ArrayList<>(n);
        List<Long> nodes = new ArrayList<>(n), nps = new ArrayList<>(n), time = new ArrayList<>(n), latency = new ArrayList<>(n),
            tbHits = new ArrayList<>(n);
        List<String> pv = new ArrayList<>(n);
        long[] keys = ZobristTrail.keys(g.startFen(), g.moves());
        for (int i = 0; i <= n; i++) {
            // A move the board refused cannot come from the runner, which checks every move; the
            // array keeps its length with nulls all the same.
            zobrist.add(i < keys.length ? keys[i] : null);
        }
        boolean whiteMoved = !g.startFen().contains(" b ");
        for (MoveRecord m : g.moves()) {
            uci.add(m.uci());
            clock.add(m.clockMs() >= 0 && !m.book() ? m.clockMs() : null);
            // Scores come from the mover's point of view; the table wants White's.
            int sign = whiteMoved ? 1 : -1;
            boolean scored = !m.book() && m.hasScore();
            evalCp.add(scored && m.mate() == 0 ? sign * m.scoreCp() : null);
            evalMate.add(scored && m.mate() != 0 ? sign * m.mate() : null);
            depth.add(!m.book() && m.depth() > 0 ? m.depth() : null);
            boolean searched = !m.book();
            selDepth.add(searched && m.selDepth() >= 0 ? m.selDepth() : null);
            nodes.add(searched && m.nodes() >= 0 ? m.nodes() : null);
            nps.add(searched && m.nps() >= 0 ? m.nps() : null);
            time.add(searched ? m.timeMs() : null);
            latency.add(searched && m.engineTimeMs() >= 0 ? m.latencyMs() : null);
            hashfull.add(searched && m.hashfull() >= 0 ? m.hashfull() : null);
            tbHits.add(searched && m.tbHits() >= 0 ? m.tbHits() : null);
            pv.add(searched && !m.pv().isEmpty() ? m.pvPlies(MoveRecord.PV_PLIES) : null);
            whiteMoved = !whiteMoved;
        }
        return new GameRow(task.gameId(gameInPair), Games.GAUNTLET, task.matchId(), task.matchId(), task.pairIndex(),
                gameInPair, null, (long) g.gameNumber(), task.event(), task.site(), pgnTag(g.pgn(), "Date", "????.??.??"),
                String.valueOf(g.round()), g.white(), g.black(), g.result().pgn(), null, null, null,
                tcw.equals(tcb) ? tcw : tcw + ":" + tcb, g.termination().name().toLowerCase(Locale.ROOT), g.startFen(),
                g.plyCount(), uci, zobrist, clock, evalCp, evalMate, depth, selDepth, nodes, nps, time, latency, hashfull, tbHits, pv, g.white(), g.black(), workerId,
                Instant.ofEpochMilli(g.startedAtMillis()).toString(), Instant.ofEpochMilli(g.finishedAtMillis()).toString(),
                g.pgn(), null, g.opening().variant().id());
    }

    /**
     * The parts of a {@code rookery.games} value that standings need, as a {@link GameRecord}
     * (moves are not rebuilt; the engines are the registry names, else the player names). A value
     * that lacks them is a {@link BadRecordException}.
     */
    public static GameRecord toStandingsRecord(JsonNode o) {
        GameRow row;
        try {
            row = GameCodec.fromJson(o);
        } catch (ContractException e) {
            throw new BadRecordException(e.getMessage());
        }
        Result result = row.result() == null ? null : Result.fromPgn(row.result());
        if (result == null) throw new BadRecordException("\"result\" is not a PGN result");
        if (row.termination() == null) throw new BadRecordException("\"termination\" must be a string");
        Termination t;
        try {
            t = Termination.valueOf(row.termination().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new BadRecordException("unknown termination \"" + row.termination() + "\"");
        }
        if (row.pairIndex() == null || row.pairIndex() < 0) throw new BadRecordException("\"pair_index\" must be a whole number");
        String white = row.whiteEngine(), black = row.blackEngine(), fen = row.startFen();
        if (white == null || black == null || fen == null || row.pgn() == null) {
            throw new BadRecordException("\"white\", \"black\", \"start_fen\" and \"pgn\" must be strings");
        }
        int number = row.gameNumber() == null ? 0 : (int) Math.min(Integer.MAX_VALUE, row.gameNumber());
        String round = row.round() == null ? "1" : row.round();
        return new GameRecord(number, row.pairIndex(), round.matches("\\d{1,9}") ? Integer.parseInt(round) : 0, white, black,
            new Opening(fen, List.of(), "game"), fen, result, t, Reasons.describe(t, result), List.of(), 0, 0, null, null,
            row.pgn());
    }

    private static String pgnTag(String pgn, String tag, String fallback) {
        String prefix = "[" + tag + " \"";
        int i = pgn.indexOf(prefix);
        if (i < 0) return fallback;
        int end = pgn.indexOf('"', i + prefix.length());
        return end < 0 ? fallback : pgn.substring(i + prefix.length(), end);
    }
}
