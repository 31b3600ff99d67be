package org.rookery.workers.engine;

import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;

/**
 * Move ordering for alpha-beta, where a cutoff from the first move saves searching the rest: the
 * transposition-table move, then captures and queen promotions by MVV-LVA (most valuable victim,
 * least valuable attacker), then two killer moves per ply (quiet moves that refuted a sibling),
 * then the other quiet moves by a history score, under-promotions last. Moves are scored once and
 * picked lazily by selection, since a cutoff usually comes before the list is half sorted.
 */
public final class MoveOrdering {
    static final int TT_MOVE = 3_000_000;
    static final int CAPTURE = 2_000_000;
    static final int KILLER_1 = 1_000_000;
    static final int KILLER_2 = 999_000;
    static final int UNDER_PROMOTION = -1_000_000;
    /** History scores stay within ±HISTORY_MAX, far below the killer band. */
    static final int HISTORY_MAX = 16_384;

    /** Victim value for MVV-LVA, by piece type (king never captured). */
    private static final int[] VICTIM = {100, 300, 310, 500, 900, 0};

    private final int[] killers = new int[2 * (Score.MAX_PLY + 1)];
    /** Indexed by side * 4096 + from * 64 + to. */
    private final int[] history = new int[2 * 64 * 64];

    /** Forgets killers and history, for a new game. */
    public void clear() {
        java.util.Arrays.fill(killers, 0);
        java.util.Arrays.fill(history, 0);
    }

    /** Before each search: killers belong to the old tree; history is kept but its weight halved. */
    public void newSearch() {
        java.util.Arrays.fill(killers, 0);
        for (int i = 0; i < history.length; i++) history[i] /= 2;
    }

    /** Scores {@code moves[start, end)} into the same slots of {@code scores}. */
    public void score(Position pos, int[] moves, int[] scores, int start, int end, int ttMove, int ply) {
        int side = pos.sideToMove();
        int k1 = killers[2 * ply], k2 = killers[2 * ply + 1];
        for (int i = start; i < end; i++) {
            int m = moves[i];
            int s;
            if (m == ttMove) s = TT_MOVE;
            else if (Move.isCapture(m) || Move.flags(m) == Move.PROMO_QUEEN) s = tacticalScore(pos, m);
            else if (Move.isPromotion(m)) s = UNDER_PROMOTION;
            else if (m == k1) s = KILLER_1;
            else if (m == k2) s = KILLER_2;
            else s = history[side * 4096 + (m & 4095)];
            scores[i] = s;
        }
    }

    /** Scores captures and promotions only (quiescence has no killers or history). */
    public static void scoreTactical(Position pos, int[] moves, int[] scores, int start, int end) {
        for (int i = start; i < end; i++) {
            int m = moves[i];
            scores[i] = Move.isPromotion(m) && Move.promotionType(m) != Piece.QUEEN ? UNDER_PROMOTION : tacticalScore(pos, m);
        }
    }

    private static int tacticalScore(Position pos, int m) {
        int attacker = Piece.type(pos.pieceAt(Move.from(m)));
        int victim = Move.isEnPassant(m) ? Piece.PAWN : Move.isCapture(m) ? Piece.type(pos.pieceAt(Move.to(m))) : -1;
        int s = CAPTURE + (victim >= 0 ? VICTIM[victim] * 8 : 0) - attacker;
        if (Move.isPromotion(m)) s += Move.promotionType(m) == Piece.QUEEN ? VICTIM[Piece.QUEEN] * 8 : -CAPTURE + UNDER_PROMOTION;
        return s;
    }

    /** Moves the best-scored of {@code [i, end)} to {@code i} and returns it. */
    public static int pickNext(int[] moves, int[] scores, int i, int end) {
        int best = i;
        for (int j = i + 1; j < end; j++) if (scores[j] > scores[best]) best = j;
        if (best != i) {
            int m = moves[i];
            moves[i] = moves[best];
            moves[best] = m;
            int s = scores[i];
            scores[i] = scores[best];
            scores[best] = s;
        }
        return moves[i];
    }

    /**
     * A quiet move caused a beta cutoff: make it a killer and raise its history, lowering the
     * quiet moves tried before it ({@code tried[from, to)}) that failed to cut.
     */
    public void onQuietCutoff(int side, int move, int ply, int depth, int[] tried, int from, int to) {
        if (killers[2 * ply] != move) {
            killers[2 * ply + 1] = killers[2 * ply];
            killers[2 * ply] = move;
        }
        int bonus = Math.min(depth * depth, 1200);
        addHistory(side, move, bonus);
        for (int i = from; i < to; i++) if (tried[i] != move) addHistory(side, tried[i], -bonus);
    }

    private void addHistory(int side, int move, int bonus) {
        int idx = side * 4096 + (move & 4095);
        int h = history[idx];
        // Gravity: the closer to the bound, the smaller the step, so scores never leave ±HISTORY_MAX.
        history[idx] = h + bonus - h * Math.abs(bonus) / HISTORY_MAX;
    }

    /** Whether a move is one of the killers of {@code ply} (tests and diagnostics). */
    public boolean isKiller(int ply, int move) {
        return move != Move.NONE && (killers[2 * ply] == move || killers[2 * ply + 1] == move);
    }

    public int history(int side, int move) {
        return history[side * 4096 + (move & 4095)];
    }
}
