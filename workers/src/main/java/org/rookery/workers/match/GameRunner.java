package org.rookery.workers.match;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.clock.Clock;
import org.rookery.core.clock.Punch;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.clock.UciTimes;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;
import org.rookery.core.pgn.PgnVariant;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.workers.uci.Engine;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.GameStart;
import org.rookery.workers.uci.MoveRequest;
import org.rookery.workers.uci.SearchResult;

/**
 * Plays one game between two running engines. Every move is checked by the core, clocks follow
 * each side's time control with nanosecond timing taken where the engine's output arrives, and
 * the game ends by the FIDE rules (claimable draws are claimed at once, as match runners do),
 * by a forfeit (crash, stall, illegal move, flag) or by adjudication. Never throws for anything
 * an engine does.
 */
public final class GameRunner {
    /** How long past its flag an engine may stay silent before it counts as stalled rather than late. */
    static final long STALL_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(1000);

    /** How long a search without any limit may run before it counts as a stall. */
    private final long stallTimeoutMs;
    private final long readyTimeoutMs;
    private final San san = new San();
    private final Uci uci = new Uci();

    private final TablebaseAdjudicator tablebase;
    /** fastchess's {@code -show-latency}: a line per searched move, or null. */
    private java.io.PrintStream latencyOut;

    public GameRunner(long stallTimeoutMs, long readyTimeoutMs) {
        this(stallTimeoutMs, readyTimeoutMs, null);
    }

    /** A runner that also ends games the endgame tables can decide (null: no tablebase adjudication). */
    public GameRunner(long stallTimeoutMs, long readyTimeoutMs, TablebaseAdjudicator tablebase) {
        this.stallTimeoutMs = stallTimeoutMs;
        this.readyTimeoutMs = readyTimeoutMs;
        this.tablebase = tablebase;
    }

    /**
     * fastchess's {@code -show-latency}: after every searched move whose engine reported its time, the line
     * {@code Engine NAME latency: Lms (elapsed: E, reported: R)} (fastchess PR #776), L = E - R in ms.
     */
    public GameRunner showLatency(java.io.PrintStream out) {
        this.latencyOut = out;
        return this;
    }

    /** What the runner needs to know about one game besides the engines. */
    public record GameSpec(int gameNumber, int pairIndex, int round, Opening opening, Adjudication adjudication,
                           String event, String site) {}

    /** Plays the game; engines that die are left dead for the caller to restart. */
    /** The request handed to the engines, reused from game to game (a runner plays one game at a time). */
    private final MoveRequest request = new MoveRequest();
    private long games;

    public GameRecord play(GameSpec spec, Engine white, Engine black) {
        long startedAt = System.currentTimeMillis();
        Engine[] engines = {white, black};
        Position pos = spec.opening().startPosition();
        Position start = pos.copy();
        String startFen = pos.toFen();
        List<MoveRecord> moves = new ArrayList<>();
        Outcome outcome = null;
        String reason = null;

        for (String m : spec.opening().moves()) {
            int move;
            try {
                move = uci.parse(pos, m);
            } catch (NotationException e) {
                // Books and tasks are checked when read; a line that still fails is not played from where it broke.
                throw new IllegalArgumentException("opening " + spec.opening().source() + ": book move " + (moves.size() + 1) + " ("
                    + m + ") is illegal: " + e.getMessage());
            }
            // The engines read the line in the game's variant: king-takes-rook castling in Chess960.
            String text = Uci.toUci(pos, move);
            moves.add(MoveRecord.book(text, san.toSan(pos, move)));
            pos.makeMove(move);
            if (GameRules.automaticOutcome(pos) != null) break;
        }

        List<String> uciMoves = new ArrayList<>(), sanMoves = new ArrayList<>();
        for (MoveRecord m : moves) {
            uciMoves.add(m.uci());
            sanMoves.add(m.san());
        }
        request.reset(++games, startFen, uciMoves, sanMoves);
        boolean standardStart = startFen.equals(Position.START_FEN) && !start.isChess960();

        // ucinewgame (CECP: new ... ping) for both; an engine that cannot even get ready forfeits.
        for (int side = 0; side < 2 && outcome == null; side++) {
            GameStart gs = new GameStart(startFen, standardStart, start.isChess960(), engines[side ^ 1].config().name());
            if (!engines[side].isAlive() || !engines[side].newGame(gs, engines[side].config().setup().scaled(readyTimeoutMs))) {
                outcome = Outcome.win(side ^ 1, Termination.DISCONNECT);
                reason = colorName(side) + " disconnects";
            }
        }

        // Nanosecond timing at the pipe: the clock reads whatever time the runner last set.
        long[] now = {System.nanoTime()};
        Clock clock = new Clock(white.config().timeControl(), black.config().timeControl(), () -> now[0]);
        int[] resignRun = new int[2];
        int[] lastScore = new int[2];
        boolean[] hasScore = new boolean[2];
        Adjudication adj = spec.adjudication();
        DrawWindow draw = new DrawWindow(adj);
        // Engine (non-book) plies so far, kept as a count: -maxmoves used to walk the whole move list every ply.
        int enginePlies = 0;

        while (outcome == null) {
            Outcome auto = GameRules.automaticOutcome(pos);
            if (auto == null) auto = GameRules.claimableDraw(pos);
            if (auto != null) {
                outcome = auto;
                reason = describe(auto);
                break;
            }
            if (tablebase != null && adj.tablebase()) {
                TablebaseAdjudicator.Verdict tb = tablebase.adjudicate(pos, adj);
                if (tb != null) {
                    outcome = tb.outcome();
                    reason = tb.reason(); // cutechess's wording: "Draw by adjudication: SyzygyTB"
                    break;
                }
            }
            if (adj.maxMoves() > 0 && enginePlies / 2 >= adj.maxMoves()) {
                outcome = Outcome.draw(Termination.ADJUDICATION);
                reason = "Draw by adjudication: maximum number of moves reached";
                break;
            }
            int side = pos.sideToMove();
            Engine engine = engines[side];
            EngineConfig cfg = engine.config();
            String bookMove = EngineBooks.move(cfg, pos, moves.size());
            if (bookMove != null) {
                // book=/bookdepth=: Rookery plays the engine's own book move for it, off the clock, as cutechess does.
                int bm = uci.parse(pos, bookMove);
                String text = Uci.toUci(pos, bm);
                moves.add(MoveRecord.book(text, san.toSan(pos, bm)));
                uciMoves.add(text);
                sanMoves.add(moves.get(moves.size() - 1).san());
                pos.makeMove(bm);
                continue;
            }
            Clock.Side clockSide = side == Piece.WHITE ? Clock.Side.WHITE : Clock.Side.BLACK;
            UciTimes times = clock.uciTimes(clockSide);
            request.update(pos, side, times);
            long deadline = deadlineNanos(cfg, clock, clockSide);

            now[0] = System.nanoTime();
            clock.start(clockSide);
            // Wait past the flag by a grace period: a late move is a loss on time, only silence is a stall.
            SearchResult r = engine.go(request, now[0] + deadline + cfg.setup().scaled(STALL_GRACE_NANOS / 1_000_000) * 1_000_000);
            now[0] = r.receivedNanos();
            if (r.status() == SearchResult.Status.CLAIM) {
                clock.punch();
                ClaimVerdict v = ClaimVerdict.of(r.claim(), side, pos, cfg.setup().trust(), null);
                outcome = v.outcome();
                reason = v.reason();
                break;
            }

            if (r.status() == SearchResult.Status.DISCONNECTED) {
                clock.punch();
                outcome = Outcome.win(side ^ 1, Termination.DISCONNECT);
                reason = colorName(side) + " disconnects";
                break;
            }
            if (r.status() == SearchResult.Status.TIMEOUT) {
                clock.punch();
                Outcome flag = GameRules.flagFall(pos, side);
                outcome = flag.isDraw() ? flag : Outcome.win(side ^ 1, Termination.STALL);
                reason = flag.isDraw() ? "Draw: " + colorName(side) + "'s connection stalls, but " + colorName(side ^ 1).toLowerCase() + " cannot mate"
                    : colorName(side) + "'s connection stalls";
                // A hung engine is of no use for the next game: stop it hard unless it answers a stop.
                if (!engine.stopSearch(1000)) engine.kill();
                break;
            }
            Punch punch = clock.punch();
            if (punch.flagFell()) {
                outcome = GameRules.flagFall(pos, side);
                reason = outcome.isDraw() ? "Draw: " + colorName(side) + " loses on time, but " + colorName(side ^ 1).toLowerCase() + " cannot mate"
                    : colorName(side) + " loses on time"; // the peers' wording, which OpenBench counts time losses by
                break;
            }
            int move;
            try {
                move = uci.parse(pos, r.bestMove());
            } catch (NotationException e) {
                outcome = Outcome.win(side ^ 1, Termination.ILLEGAL_MOVE);
                reason = colorName(side) + " makes an illegal move: " + sanitize(r.bestMove());
                break;
            }
            var info = r.info();
            // whitepov: the engine reports White's view; the record keeps the mover's, as for every other engine.
            if (cfg.setup().whitePov() && side == Piece.BLACK && info.hasScore()) info = negated(info);
            long clockMs = cfg.timeControl().kind() == TimeControl.Kind.CLOCK ? Math.max(0, punch.remainingMillis()) : -1;
            String moveText = Uci.toUci(pos, move);
            moves.add(MoveRecord.searched(r.bestMove(), san.toSan(pos, move), info, punch.elapsedMillis(), clockMs,
                engine.takeMatchedLines()));
            enginePlies++;
            if (latencyOut != null && info.timeMs() >= 0) {
                long elapsed = punch.elapsedMillis();
                latencyOut.println("Engine " + cfg.name() + " latency: " + (elapsed - info.timeMs()) + "ms (elapsed: " + elapsed
                    + ", reported: " + info.timeMs() + ")");
            }
            uciMoves.add(moveText);
            sanMoves.add(moves.get(moves.size() - 1).san());
            pos.makeMove(move);
            if (r.claim() != null) {
                // CECP "1/2-1/2" before a move: the move must have drawn the game, unless the engine is trusted.
                Outcome ruled = GameRules.automaticOutcome(pos);
                if (ruled == null) ruled = GameRules.claimableDraw(pos);
                if (ruled == null || !ruled.isDraw()) {
                    ClaimVerdict v = ClaimVerdict.of(r.claim(), side, pos, cfg.setup().trust(), ruled);
                    outcome = v.outcome();
                    reason = v.reason();
                    break;
                }
            }

            if (info.hasScore()) {
                lastScore[side] = info.scoreForAdjudication();
                hasScore[side] = true;
            } else {
                hasScore[side] = false;
            }
            // Resign: the mover's own score at or below -score for movecount moves in a row.
            if (adj.resignMoveCount() > 0) {
                boolean losing = hasScore[side] && lastScore[side] <= -adj.resignScore();
                if (adj.resignTwoSided()) losing &= hasScore[side ^ 1] && lastScore[side ^ 1] >= adj.resignScore();
                resignRun[side] = losing ? resignRun[side] + 1 : 0;
                if (resignRun[side] >= adj.resignMoveCount() && GameRules.automaticOutcome(pos) == null) {
                    outcome = Outcome.win(side ^ 1, Termination.ADJUDICATION);
                    reason = colorName(side ^ 1) + " wins by adjudication";
                    break;
                }
            }
            if (draw.afterMove(hasScore[side], lastScore[side], pos.halfmoveClock(), pos.fullmoveNumber())
                    && GameRules.automaticOutcome(pos) == null) {
                outcome = Outcome.draw(Termination.ADJUDICATION);
                reason = "Draw by adjudication";
                break;
            }
        }

        // CECP engines hear the result ("result 1-0 {...}"); a pondering UCI engine is stopped.
        for (Engine e : engines) if (e.isAlive()) e.gameOver(outcome.result().pgn(), reason, request);
        long finishedAt = System.currentTimeMillis();
        return new GameRecord(spec.gameNumber(), spec.pairIndex(), spec.round(), white.config().name(), black.config().name(),
            spec.opening(), startFen, outcome.result(), outcome.termination(), reason, List.copyOf(moves), startedAt, finishedAt,
            white.config().timeControl(), black.config().timeControl(),
            pgn(spec, white.config(), black.config(), startFen, moves, outcome, reason, startedAt));
    }

    private static org.rookery.workers.uci.SearchInfo negated(org.rookery.workers.uci.SearchInfo i) {
        return new org.rookery.workers.uci.SearchInfo(i.depth(), i.selDepth(), i.nodes(), i.nps(), i.timeMs(), -i.scoreCp(), -i.mate(),
            true, i.pv(), i.hashfull(), i.tbHits());
    }

    /** Time allowed until the flag (plus margin) or, without a clock, the stall timeout. */
    private long deadlineNanos(EngineConfig cfg, Clock clock, Clock.Side side) {
        TimeControl tc = cfg.timeControl();
        if (tc.isInfinite()) return TimeUnit.MILLISECONDS.toNanos(stallTimeoutMs);
        long margin = tc.timeMarginNanos();
        long left = tc.kind() == TimeControl.Kind.MOVETIME ? tc.moveTimeNanos() : clock.remainingNanos(side);
        return Math.max(0, left) + margin + (cfg.nodes() > 0 || cfg.depth() > 0 ? TimeUnit.MILLISECONDS.toNanos(stallTimeoutMs) : 0);
    }

    static String colorName(int side) {
        return side == Piece.WHITE ? "White" : "Black";
    }

    private static String sanitize(String s) {
        if (s == null) return "(none)";
        String t = s.replaceAll("[^\\x20-\\x7e]", "?");
        return t.length() > 40 ? t.substring(0, 40) + "..." : t;
    }

    /** cutechess-style one-line reasons. */
    static String describe(Outcome o) {
        return switch (o.termination()) {
            case CHECKMATE, STALEMATE, DEAD_POSITION, FIVEFOLD_REPETITION, SEVENTY_FIVE_MOVE_RULE,
                 THREEFOLD_REPETITION, FIFTY_MOVE_RULE -> Reasons.describe(o.termination(), o.result());
            default -> o.termination().name().toLowerCase();
        };
    }

    /** The PGN text of a finished game, with cutechess-style move comments (also used for synthetic games). */
    public static String pgn(GameSpec spec, EngineConfig w, EngineConfig b, String startFen, List<MoveRecord> moves,
                              Outcome outcome, String reason, long startedAt) {
        Position start = spec.opening().variant().position(startFen);
        return PgnFormatter.format(new PgnFormatter.Game(spec.event(), spec.site(), spec.round(), w.name(), b.name(),
            w.timeControl(), b.timeControl(), start.toFen(), moves, outcome.result(), outcome.termination(), reason, startedAt,
            System.currentTimeMillis(), start.isChess960() ? PgnVariant.CHESS960 : null, spec.opening().source()),
            PgnOptions.DEFAULTS, false);
    }

    /** The result a game record implies for the first-named engine of a pairing. */
    static double score(Result r, boolean firstIsWhite) {
        if (r == Result.DRAW) return 0.5;
        boolean whiteWon = r == Result.WHITE_WINS;
        return whiteWon == firstIsWhite ? 1.0 : 0.0;
    }
}
