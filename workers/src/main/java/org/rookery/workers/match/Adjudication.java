package org.rookery.workers.match;

import java.nio.file.Path;

/**
 * Optional adjudication rules, with cutechess-cli's meanings.
 *
 * @param resignMoveCount {@code -resign movecount}: consecutive moves (0 = off)
 * @param resignScore {@code -resign score}: centipawns below zero
 * @param resignTwoSided {@code -resign twosided}: the winner's engine must agree with the mirrored score
 * @param drawMoveNumber {@code -draw movenumber}: full moves played before draw adjudication may apply
 * @param drawMoveCount {@code -draw movecount}: consecutive moves each engine must stay inside the window (0 = off)
 * @param drawScore {@code -draw score}: centipawn window around zero
 * @param maxMoves {@code -maxmoves}: full moves after which the game is a draw (0 = off)
 * @param tablebaseDir {@code -tb}: directory of Rookery endgame tables, or null
 * @param tablebasePieces {@code -tbpieces}: adjudicate positions with at most this many pieces (0 = the tables' maximum)
 * @param tablebaseIgnore50 {@code -tbignore50}: a cursed win counts as a win (the 50-move rule is ignored)
 */
public record Adjudication(int resignMoveCount, int resignScore, boolean resignTwoSided,
                           int drawMoveNumber, int drawMoveCount, int drawScore, int maxMoves,
                           Path tablebaseDir, int tablebasePieces, boolean tablebaseIgnore50) {
    public static final Adjudication NONE = new Adjudication(0, 0, false, 0, 0, 0, 0);

    /** Rules without tablebase adjudication. */
    public Adjudication(int resignMoveCount, int resignScore, boolean resignTwoSided,
                        int drawMoveNumber, int drawMoveCount, int drawScore, int maxMoves) {
        this(resignMoveCount, resignScore, resignTwoSided, drawMoveNumber, drawMoveCount, drawScore, maxMoves, null, 0, false);
    }
}
