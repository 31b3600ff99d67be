package org.rookery.workers.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.contract.tasks.PairTask;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Termination;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.GameRunner;
import org.rookery.workers.match.MoveRecord;
import org.rookery.workers.match.Opening;
import org.rookery.workers.match.Reasons;
import org.rookery.workers.uci.EngineConfig;

/**
 * The no-op engine path for throughput benchmarks: plays no engine and answers every game at once
 * with a legal random game of realistic size (about 80 to 160 plies with evals, depths, clocks,
 * the engine's counters (seldepth, nodes, nps, hashfull, tbhits, engine time, an 8-ply PV) and PGN
 * comments, as a 10+0.1 engine game has). The games are made once per slot and reused with each
 * task's names and numbers, so what a benchmark measures is the platform, not a move generator.
 */
public final class SyntheticPlayer implements GamePlayer {
    private static final int POOL = 32;
    private final List<Template> pool = new ArrayList<>();
    private int next;

    /** A made game; {@code movetext} is its PGN after the tags, which do not depend on the task. */
    private record Template(String startFen, List<MoveRecord> moves, Outcome outcome, String reason, String movetext) {}

    public SyntheticPlayer(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < POOL; i++) pool.add(randomGame(rnd));
    }

    private static Template randomGame(SplittableRandom rnd) {
        Position pos = Position.fromFen(Position.START_FEN);
        San san = new San();
        int[] buf = new int[Position.MAX_MOVES];
        List<MoveRecord> moves = new ArrayList<>();
        int maxPlies = 80 + rnd.nextInt(81);
        SplittableRandom counters = new SplittableRandom(maxPlies * 0x9E3779B97F4A7C15L);
        int eval = 0;
        long[] clock = {10_000, 10_000};
        Outcome outcome = null;
        String reason = null;
        while (outcome == null) {
            outcome = GameRules.automaticOutcome(pos);
            if (outcome != null) {
                reason = Reasons.describe(outcome.termination(), outcome.result());
                break;
            }
            if (moves.size() >= maxPlies) {
                outcome = Outcome.draw(Termination.ADJUDICATION);
                reason = "Draw by adjudication";
                break;
            }
            int n = pos.generateLegal(buf, 0);
            int move = buf[rnd.nextInt(n)];
            int side = pos.sideToMove();
            eval += rnd.nextInt(41) - 20;
            long spent = 50 + rnd.nextInt(200);
            clock[side] = Math.max(0, clock[side] - spent + 100);
            int depth = 10 + rnd.nextInt(10);
            long nodes = 100_000 + rnd.nextInt(900_000);
            // The engine's other counters, as a real engine's last info line gives them, from their own
            // generator: the games' moves stay those of the same seed without them.
            long engineMs = Math.max(1, spent - counters.nextInt(4));
            moves.add(new MoveRecord(Move.toUci(move), san.toSan(pos, move), false, side == 0 ? eval : -eval, 0, true,
                depth, spent, clock[side], nodes, depth + counters.nextInt(12), nodes * 1000 / engineMs,
                counters.nextInt(1000), counters.nextInt(4) == 0 ? counters.nextInt(5000) : 0, engineMs,
                pv(pos, move, counters)));
            pos.makeMove(move);
        }
        EngineConfig e = new EngineConfig("x", "x", List.of(), null, java.util.Map.of(), java.util.Map.of(),
            org.rookery.core.clock.TimeControl.parse("10+0.1"), 0, 0);
        String pgn = GameRunner.pgn(new GameRunner.GameSpec(1, 0, 1, new Opening(Position.START_FEN, List.of(), "startpos"),
            org.rookery.workers.match.Adjudication.NONE, "x", "x"), e, e, Position.START_FEN, moves, outcome, reason, 0);
        return new Template(Position.START_FEN, List.copyOf(moves), outcome, reason, pgn.substring(pgn.indexOf("\n\n") + 2));
    }

    /** A PV of {@link MoveRecord#PV_PLIES} legal plies starting with {@code move} (fewer when the game ends). */
    private static String pv(Position at, int move, SplittableRandom rnd) {
        Position p = at.copy();
        int[] buf = new int[Position.MAX_MOVES];
        StringBuilder sb = new StringBuilder(Move.toUci(move));
        p.makeMove(move);
        for (int i = 1; i < MoveRecord.PV_PLIES; i++) {
            int n = p.generateLegal(buf, 0);
            if (n == 0) break;
            int m = buf[rnd.nextInt(n)];
            sb.append(' ').append(Move.toUci(m));
            p.makeMove(m);
        }
        return sb.toString();
    }

    @Override
    public void check(PairTask task) {
        // Synthetic games need no engine.
    }

    @Override
    public List<GameRecord> play(PairTask task) {
        List<GameRecord> out = new ArrayList<>();
        for (PairTask.Game g : task.games()) {
            Template t = pool.get(next++ % POOL);
            EngineConfig w = config(g.white(), task), b = config(g.black(), task);
            GameRunner.GameSpec spec = new GameRunner.GameSpec(g.gameNumber(), task.pairIndex(), task.round(),
                new Opening(t.startFen(), List.of(), "startpos"), TaskTypes.adjudication(task), task.event(), task.site());
            long now = System.currentTimeMillis();
            String pgn = tags(task, g, w, t, now) + t.movetext();
            out.add(new GameRecord(g.gameNumber(), task.pairIndex(), task.round(), g.white(), g.black(), spec.opening(),
                t.startFen(), t.outcome().result(), t.outcome().termination(), t.reason(), t.moves(), now, now,
                w.timeControl(), b.timeControl(), pgn));
        }
        return out;
    }

    private static String tags(PairTask task, PairTask.Game g, EngineConfig w, Template t, long now) {
        StringBuilder sb = new StringBuilder(400);
        tag(sb, "Event", task.event());
        tag(sb, "Site", task.site());
        tag(sb, "Date", DATE.format(java.time.LocalDate.now()));
        tag(sb, "Round", String.valueOf(task.round()));
        tag(sb, "White", g.white());
        tag(sb, "Black", g.black());
        tag(sb, "Result", t.outcome().result().pgn());
        tag(sb, "TimeControl", w.timeControl().toPgnTag());
        tag(sb, "Termination", t.outcome().termination().pgnTag());
        tag(sb, "PlyCount", String.valueOf(t.moves().size()));
        tag(sb, "GameStartTime", java.time.Instant.ofEpochMilli(now).toString());
        return sb.append('\n').toString();
    }

    private static final java.time.format.DateTimeFormatter DATE = java.time.format.DateTimeFormatter.ofPattern("yyyy.MM.dd");

    private static void tag(StringBuilder sb, String name, String value) {
        sb.append('[').append(name).append(" \"").append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
    }

    private static EngineConfig config(String name, PairTask task) {
        EngineLimits l = task.engines().get(name);
        return new EngineConfig(name, name, List.of(), null, java.util.Map.of(), java.util.Map.of(), l.timeControl(), l.nodes(), l.depth());
    }

    @Override
    public boolean batches() { return true; }

    @Override
    public void abort() {
        // nothing runs outside play()
    }

    @Override
    public void close() {
        // holds no resources
    }
}
