package org.rookery.workers.engine;

import java.util.function.LongSupplier;
import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;
import org.rookery.core.rules.GameRules;

/**
 * Single-threaded principal-variation alpha-beta search with iterative deepening.
 *
 * <p>Each iteration searches the whole tree to a nominal depth, inside an aspiration window around
 * the previous score from depth 5 on. Interior nodes use the transposition table (cutoffs at
 * non-PV nodes, best move first), a check extension, reverse futility and null-move pruning (never
 * in check, never with only pawns, where zugzwang makes passing a lie), and late-move reductions
 * for quiet moves. Leaves go to a quiescence search of captures and queen promotions (all
 * evasions when in check), so the static evaluation is only trusted in quiet positions.
 * Repetitions (a single one inside the tree or against the game), the 50-move rule and dead
 * positions score as draws; mate scores count plies from the root.
 *
 * <p>The hot path allocates nothing: one move stack and one score stack indexed by ply, a
 * triangular PV table, all sized {@link Score#MAX_PLY} up front. An instance is reused across
 * searches but runs one search at a time, on whichever thread calls {@link #run}.
 */
public final class Search {
    private static final int STRIDE = Position.MAX_MOVES;
    private static final int ASPIRATION_WINDOW = 25;
    /** Limits and signals are polled when the node count is a multiple of this plus one. */
    private static final int POLL_MASK = 1023;

    private final TranspositionTable tt;
    private final Evaluation evaluation = new Evaluation();
    private final MoveOrdering ordering = new MoveOrdering();
    private final LongSupplier nanoClock;

    private final int[] moves = new int[(Score.MAX_PLY + 1) * STRIDE];
    private final int[] scores = new int[(Score.MAX_PLY + 1) * STRIDE];
    /** Quiet moves tried at each ply, for the history malus at a cutoff. */
    private final int[] quietsTried = new int[(Score.MAX_PLY + 1) * STRIDE];
    private final int[][] pv = new int[Score.MAX_PLY + 1][Score.MAX_PLY + 1];
    private final int[] pvLength = new int[Score.MAX_PLY + 1];
    /** Best line found so far, kept apart from {@link #pv} so an abandoned iteration cannot clobber it. */
    private final int[] rootPv = new int[Score.MAX_PLY + 1];
    private int rootPvLength;
    private int rootScore;
    /** Root moves allowed by {@code go searchmoves}; null when all are. */
    private int[] rootFilter;

    private SkillLevel skill = SkillLevel.full();
    private long seed;
    private long moveOverheadMs = 30;

    private Position pos;
    private SearchSignals signals;
    private TimeManager time;
    private long startNanos;
    private long nodes;
    private long nodeLimit;
    private int seldepth;
    private boolean aborted;

    public Search(TranspositionTable tt) {
        this(tt, System::nanoTime);
    }

    /** A search timed by {@code nanoClock} instead of {@link System#nanoTime} (tests drive time). */
    public Search(TranspositionTable tt, LongSupplier nanoClock) {
        this.tt = tt;
        this.nanoClock = nanoClock;
    }

    public void setSkill(SkillLevel skill) { this.skill = skill; }

    public SkillLevel skill() { return skill; }

    /** Seed of the skill noise: the same seed and level play the same moves. */
    public void setSeed(long seed) { this.seed = seed; }

    public void setMoveOverhead(long ms) { this.moveOverheadMs = Math.max(0, ms); }

    /** Forgets everything learnt in earlier searches (UCI {@code ucinewgame}). */
    public void newGame() {
        tt.clear();
        ordering.clear();
    }

    /** Searches without external signals (tests, bench, games played in-process). */
    public SearchResult run(Position position, SearchLimits limits) {
        return run(position, limits, new SearchSignals(limits.ponder()), SearchListener.NONE);
    }

    /**
     * Searches {@code position} (which it plays moves on and restores) under {@code limits} until
     * a limit, {@code stop}, or the maximum depth. In {@code infinite} or ponder mode it then waits
     * for {@code stop} (or {@code ponderhit}) before returning, as UCI forbids an early bestmove.
     * Always returns a legal move when there is one, even if not a single iteration finished.
     */
    public SearchResult run(Position position, SearchLimits limits, SearchSignals signals, SearchListener listener) {
        this.pos = position;
        this.signals = signals;
        this.time = limits.infinite() ? TimeManager.of(SearchLimits.none(), 0, 0)
            : TimeManager.of(limits, position.sideToMove(), moveOverheadMs);
        startNanos = nanoClock.getAsLong();
        nodes = 0;
        aborted = false;
        nodeLimit = minPositive(limits.nodes(), skill.nodeCap());
        if (nodeLimit == 0) nodeLimit = Long.MAX_VALUE;
        int maxDepth = (int) minPositive(limits.depth(), skill.depthCap());
        if (maxDepth == 0 || maxDepth > Score.MAX_PLY - 1) maxDepth = Score.MAX_PLY - 1;
        tt.newSearch();
        ordering.newSearch();

        int count = pos.generateLegal(moves, 0);
        rootFilter = rootFilter(limits, count);
        if (count == 0) {
            int score = pos.inCheck() ? Score.matedIn(0) : Score.DRAW;
            listener.onIteration(new SearchInfo(0, 0, score, 0, elapsedMs(), tt.hashfull(), new int[0]));
            awaitRelease(limits);
            return new SearchResult(Move.NONE, Move.NONE, score, 0, 0);
        }
        rootPv[0] = fallbackMove(count);
        rootPvLength = 1;
        rootScore = 0;

        int score = 0, completed = 0, completedScore = 0;
        for (int depth = 1; depth <= maxDepth; depth++) {
            seldepth = 0;
            score = aspirationSearch(depth, score);
            if (aborted) break;
            completed = depth;
            completedScore = score;
            listener.onIteration(new SearchInfo(depth, seldepth, score, nodes, elapsedMs(), tt.hashfull(),
                java.util.Arrays.copyOf(rootPv, rootPvLength)));
            if (signals.stopRequested()) break;
            if (!limits.infinite() && !signals.pondering() && !time.mayStartIteration(elapsedMs())) break;
        }
        if (!aborted) awaitRelease(limits);
        int finalScore = completed == 0 || aborted ? rootScore : completedScore;
        return new SearchResult(rootPv[0], rootPvLength > 1 ? rootPv[1] : Move.NONE, finalScore, completed, nodes);
    }

    private void awaitRelease(SearchLimits limits) {
        try {
            signals.awaitRelease(limits.infinite());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long minPositive(long a, long b) {
        if (a <= 0) return Math.max(0, b);
        if (b <= 0) return a;
        return Math.min(a, b);
    }

    /** The {@code searchmoves} restriction as legal moves, or null; unusable texts are dropped. */
    private int[] rootFilter(SearchLimits limits, int count) {
        if (limits.searchMoves().isEmpty() || count == 0) return null;
        Uci uci = new Uci();
        int[] allowed = new int[limits.searchMoves().size()];
        int n = 0;
        for (String text : limits.searchMoves()) {
            try {
                allowed[n++] = uci.parse(pos, text);
            } catch (NotationException e) {
                n--;
            }
        }
        return n == 0 ? null : java.util.Arrays.copyOf(allowed, n);
    }

    /** The move played if the search is stopped before depth 1 completes: best-ordered legal root move. */
    private int fallbackMove(int count) {
        long entry = tt.probe(pos.key());
        int ttMove = entry == 0 ? Move.NONE : TranspositionTable.move(entry);
        ordering.score(pos, moves, scores, 0, count, ttMove, 0);
        int best = Move.NONE, bestScore = Integer.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            if (rootFilter != null && !contains(rootFilter, moves[i])) continue;
            if (scores[i] > bestScore) {
                bestScore = scores[i];
                best = moves[i];
            }
        }
        return best;
    }

    private static boolean contains(int[] a, int m) {
        for (int x : a) if (x == m) return true;
        return false;
    }

    private int aspirationSearch(int depth, int previous) {
        if (depth < 5 || Score.isMate(previous)) return search(depth, -Score.INFINITE, Score.INFINITE, 0, false);
        int delta = ASPIRATION_WINDOW;
        int alpha = Math.max(previous - delta, -Score.INFINITE), beta = Math.min(previous + delta, Score.INFINITE);
        while (true) {
            int s = search(depth, alpha, beta, 0, false);
            if (aborted) return s;
            if (s <= alpha) alpha = Math.max(s - delta, -Score.INFINITE);
            else if (s >= beta) beta = Math.min(s + delta, Score.INFINITE);
            else return s;
            delta *= 2;
            if (delta > 800) {
                alpha = -Score.INFINITE;
                beta = Score.INFINITE;
            }
        }
    }

    /** Counts a node and polls the limits; false when the search must unwind. */
    private boolean enterNode(int ply) {
        if (nodes >= nodeLimit) aborted = true;
        else if ((++nodes & POLL_MASK) == 1) pollLimits();
        if (ply > seldepth) seldepth = ply;
        return !aborted;
    }

    private void pollLimits() {
        if (signals.stopRequested()) aborted = true;
        else if (!signals.pondering() && time.outOfTime(elapsedMs())) aborted = true;
    }

    /** Milliseconds on our clock: since {@code ponderhit} when pondering turned into searching. */
    private long elapsedMs() {
        long hit = signals.ponderhitNanos();
        long from = hit != 0 && hit > startNanos ? hit : startNanos;
        return (nanoClock.getAsLong() - from) / 1_000_000;
    }

    private int evaluate() {
        int e = evaluation.evaluate(pos);
        if (skill.isFull()) return e;
        e += skill.noise(pos.key(), seed);
        return Math.max(-Score.MATE_BOUND + 1, Math.min(Score.MATE_BOUND - 1, e));
    }

    private int search(int depth, int alpha, int beta, int ply, boolean nullAllowed) {
        pvLength[ply] = ply;
        if (depth <= 0) return quiescence(alpha, beta, ply);
        if (!enterNode(ply)) return 0;
        final boolean root = ply == 0;
        final boolean pvNode = beta - alpha > 1;
        final boolean inCheck = pos.inCheck();
        if (!root) {
            if (isDraw(inCheck)) return Score.DRAW;
            if (ply >= Score.MAX_PLY - 1) return inCheck ? Score.DRAW : evaluate();
            // Mate-distance pruning: no line from here beats a mate already found closer to the root.
            alpha = Math.max(alpha, Score.matedIn(ply));
            beta = Math.min(beta, -Score.matedIn(ply + 1));
            if (alpha >= beta) return alpha;
        }
        if (inCheck) depth++;

        final long key = pos.key();
        long entry = tt.probe(key);
        int ttMove = Move.NONE;
        if (entry != 0) {
            ttMove = TranspositionTable.move(entry);
            if (!pvNode && TranspositionTable.depth(entry) >= depth) {
                int s = TranspositionTable.score(entry, ply);
                int bound = TranspositionTable.bound(entry);
                if (bound == TranspositionTable.EXACT
                    || (bound == TranspositionTable.LOWER && s >= beta)
                    || (bound == TranspositionTable.UPPER && s <= alpha)) {
                    return s;
                }
            }
        }

        if (!pvNode && !inCheck && !root) {
            int staticEval = evaluate();
            // Reverse futility: far enough above beta that a shallow search will not fall below it.
            if (depth <= 3 && !Score.isMate(beta) && staticEval - 100 * depth >= beta) return staticEval;
            if (nullAllowed && depth >= 3 && staticEval >= beta && hasPieces(pos.sideToMove())) {
                int r = 2 + depth / 4;
                pos.makeNullMove();
                int s = -search(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                pos.unmakeNullMove();
                if (aborted) return 0;
                if (s >= beta) return Score.isMate(s) ? beta : s;
            }
        }

        final int base = ply * STRIDE;
        int end = pos.generateLegal(moves, base);
        if (root && rootFilter != null) end = applyRootFilter(base, end);
        if (end == base) return inCheck ? Score.matedIn(ply) : Score.DRAW;
        ordering.score(pos, moves, scores, base, end, ttMove, ply);

        final int side = pos.sideToMove();
        final int originalAlpha = alpha;
        int bestScore = -Score.INFINITE, bestMove = Move.NONE, quiets = 0;
        for (int i = base; i < end; i++) {
            int m = MoveOrdering.pickNext(moves, scores, i, end);
            boolean quiet = !Move.isCapture(m) && !Move.isPromotion(m);
            int index = i - base;
            pos.makeMove(m);
            int newDepth = depth - 1;
            int s;
            if (index == 0) {
                s = -search(newDepth, -beta, -alpha, ply + 1, true);
            } else {
                int r = 0;
                if (depth >= 3 && index >= 3 && quiet && !inCheck && !pos.inCheck()) {
                    r = index >= 8 && depth >= 6 ? 2 : 1;
                    if (pvNode) r--;
                }
                s = -search(newDepth - r, -alpha - 1, -alpha, ply + 1, true);
                if (s > alpha && r > 0) s = -search(newDepth, -alpha - 1, -alpha, ply + 1, true);
                if (s > alpha && s < beta) s = -search(newDepth, -beta, -alpha, ply + 1, true);
            }
            pos.unmakeMove();
            if (aborted) return 0;

            if (s > bestScore) {
                bestScore = s;
                if (s > alpha) {
                    alpha = s;
                    bestMove = m;
                    updatePv(ply, m);
                    if (root) {
                        rootPvLength = pvLength[0];
                        System.arraycopy(pv[0], 0, rootPv, 0, rootPvLength);
                        rootScore = s;
                    }
                    if (s >= beta) {
                        if (quiet) ordering.onQuietCutoff(side, m, ply, depth, quietsTried, base, base + quiets);
                        break;
                    }
                }
            }
            if (quiet) quietsTried[base + quiets++] = m;
        }
        int bound = bestScore >= beta ? TranspositionTable.LOWER
            : bestScore > originalAlpha ? TranspositionTable.EXACT : TranspositionTable.UPPER;
        tt.store(key, bestMove, bestScore, depth, bound, ply);
        return bestScore;
    }

    private int applyRootFilter(int base, int end) {
        int n = base;
        for (int i = base; i < end; i++) if (contains(rootFilter, moves[i])) moves[n++] = moves[i];
        return n;
    }

    private void updatePv(int ply, int m) {
        int[] line = pv[ply], child = pv[ply + 1];
        line[ply] = m;
        int len = pvLength[ply + 1];
        for (int j = ply + 1; j < len; j++) line[j] = child[j];
        pvLength[ply] = Math.max(len, ply + 1);
    }

    private boolean hasPieces(int color) {
        return (pos.colorPieces(color) & ~pos.pieces(color, Piece.PAWN) & ~pos.pieces(color, Piece.KING)) != 0;
    }

    /** Draw by repetition, the 50-move rule (unless this is mate) or a dead position. */
    private boolean isDraw(boolean inCheck) {
        if (pos.halfmoveClock() >= 100 && (!inCheck || pos.hasLegalMove())) return true;
        if (pos.repetitionCount() >= 2) return true;
        return maybeDead() && GameRules.isDeadPosition(pos);
    }

    /** Cheap precondition of {@link GameRules#isDeadPosition}: no pawns, rooks or queens at all. */
    private boolean maybeDead() {
        return (pos.pieces(Piece.W_PAWN) | pos.pieces(Piece.B_PAWN) | pos.pieces(Piece.W_ROOK) | pos.pieces(Piece.B_ROOK)
            | pos.pieces(Piece.W_QUEEN) | pos.pieces(Piece.B_QUEEN)) == 0;
    }

    private int quiescence(int alpha, int beta, int ply) {
        pvLength[ply] = ply;
        if (!enterNode(ply)) return 0;
        final boolean inCheck = pos.inCheck();
        if (ply >= Score.MAX_PLY - 1) return inCheck ? Score.DRAW : evaluate();
        if (maybeDead() && GameRules.isDeadPosition(pos)) return Score.DRAW;

        final int base = ply * STRIDE;
        int end, bestScore, standPat = 0;
        if (inCheck) {
            // Evasions, not stand-pat: a side in check has no "do nothing" option, and mates show.
            end = pos.generateLegal(moves, base);
            if (end == base) return Score.matedIn(ply);
            ordering.score(pos, moves, scores, base, end, Move.NONE, ply);
            bestScore = -Score.INFINITE;
        } else {
            standPat = evaluate();
            if (standPat >= beta) return standPat;
            if (standPat > alpha) alpha = standPat;
            bestScore = standPat;
            end = pos.generateCaptures(moves, base);
            end = addQueenPromotions(end);
            MoveOrdering.scoreTactical(pos, moves, scores, base, end);
        }
        for (int i = base; i < end; i++) {
            int m = MoveOrdering.pickNext(moves, scores, i, end);
            if (!inCheck) {
                if (Move.isPromotion(m) && Move.promotionType(m) != Piece.QUEEN) continue;
                // Delta pruning: even winning this piece for free cannot lift the score to alpha.
                if (!Move.isPromotion(m) && standPat + captureGain(m) + 200 <= alpha) continue;
            }
            pos.makeMove(m);
            int s = -quiescence(-beta, -alpha, ply + 1);
            pos.unmakeMove();
            if (aborted) return 0;
            if (s > bestScore) {
                bestScore = s;
                if (s > alpha) {
                    alpha = s;
                    if (s >= beta) break;
                }
            }
        }
        return bestScore;
    }

    private int captureGain(int m) {
        int victim = Move.isEnPassant(m) ? Piece.PAWN : Piece.type(pos.pieceAt(Move.to(m)));
        return Evaluation.EG_VALUE[victim];
    }

    /**
     * Appends the legal non-capturing queen promotions to the capture list. The core generates
     * those among quiet moves, so each empty square in front of a pawn on the seventh rank is
     * asked for its legal arrivals and only the queen promotion kept.
     */
    private int addQueenPromotions(int end) {
        int us = pos.sideToMove();
        long pawns = pos.pieces(us, Piece.PAWN) & (us == Piece.WHITE ? Bitboards.RANK_7 : Bitboards.RANK_2);
        if (pawns == 0) return end;
        long targets = (us == Piece.WHITE ? pawns << 8 : pawns >>> 8) & ~pos.occupied();
        while (targets != 0) {
            int to = Long.numberOfTrailingZeros(targets);
            targets &= targets - 1;
            int from = end, last = pos.generateTo(moves, from, to);
            for (int j = from; j < last; j++) if (Move.flags(moves[j]) == Move.PROMO_QUEEN) moves[end++] = moves[j];
        }
        return end;
    }

    /** Nodes searched by the last (or current) search. */
    public long nodes() { return nodes; }
}
