package org.rookery.workers.match;

/**
 * Optional adjudication rules, with cutechess-cli's and fastchess's meanings.
 *
 * @param resignMoveCount {@code -resign movecount}: consecutive moves (0 = off)
 * @param resignScore {@code -resign score}: centipawns below zero
 * @param resignTwoSided {@code -resign twosided}: the winner's engine must agree with the mirrored score
 * @param drawMoveNumber {@code -draw movenumber}: full moves played before draw adjudication may apply
 * @param drawMoveCount {@code -draw movecount}: consecutive moves each engine must stay inside the window (0 = off)
 * @param drawScore {@code -draw score}: centipawn window around zero
 * @param maxMoves {@code -maxmoves}: full moves after which the game is a draw (0 = off)
 * @param tablebasePath {@code -tb}: directories of Rookery and/or Syzygy tables separated by ':', or null
 *     (off, or in a distributed task: each worker's own {@code --tb})
 * @param tablebasePieces {@code -tbpieces}: adjudicate positions with at most this many pieces (0 = the tables' maximum)
 * @param tablebaseIgnore50 {@code -tbignore50}: a cursed win counts as a win (the 50-move rule is ignored)
 * @param tablebaseResults {@code -tbadjudicate}: which verdicts end a game; null when tablebase adjudication is off
 */
public record Adjudication(int resignMoveCount, int resignScore, boolean resignTwoSided,
                           int drawMoveNumber, int drawMoveCount, int drawScore, int maxMoves,
                           String tablebasePath, int tablebasePieces, boolean tablebaseIgnore50,
                           TablebaseResults tablebaseResults) {
    public static final Adjudication NONE = new Adjudication(0, 0, false, 0, 0, 0, 0);

    /** fastchess's {@code -tbadjudicate}: which table verdicts end a game. */
    public enum TablebaseResults {
        /** Wins and losses only; drawn positions are played on. */
        WIN_LOSS,
        /** Draws only; won positions are played out. */
        DRAW,
        /** Every verdict (the default). */
        BOTH;

        /** Whether a verdict that is a draw (or not) ends the game under this setting. */
        public boolean ends(boolean draw) {
            return this == BOTH || (this == DRAW) == draw;
        }
    }

    /** Rules without tablebase adjudication. */
    public Adjudication(int resignMoveCount, int resignScore, boolean resignTwoSided,
                        int drawMoveNumber, int drawMoveCount, int drawScore, int maxMoves) {
        this(resignMoveCount, resignScore, resignTwoSided, drawMoveNumber, drawMoveCount, drawScore, maxMoves, null, 0, false, null);
    }

    /** Whether tables end games ({@code -tb} locally; in a task, "on" with the worker's own tables). */
    public boolean tablebase() {
        return tablebaseResults != null;
    }
}
