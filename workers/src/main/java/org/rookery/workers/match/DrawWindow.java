package org.rookery.workers.match;

/**
 * {@code -draw} adjudication for one game: both engines' scores inside ±{@code score} for
 * {@code movecount} moves each in a row, after {@code movenumber} full moves. A capture or pawn
 * move starts the count afresh, as in fastchess and cutechess: material or structure changed, so
 * the quiet scores before it say nothing about the position after it.
 */
final class DrawWindow {
    private final Adjudication rules;
    private int run;

    DrawWindow(Adjudication rules) {
        this.rules = rules;
    }

    /**
     * Counts the mover's score after its move.
     *
     * @param halfmoveClock the position's half-move clock after the move (0: a capture or pawn move)
     * @param fullmoveNumber the position's full-move number after the move
     * @return true when the game is now a draw by adjudication
     */
    boolean afterMove(boolean hasScore, int score, int halfmoveClock, int fullmoveNumber) {
        if (rules.drawMoveCount() <= 0) return false;
        boolean quiet = hasScore && Math.abs(score) <= rules.drawScore();
        run = quiet && halfmoveClock > 0 ? run + 1 : 0;
        return run >= 2 * rules.drawMoveCount() && fullmoveNumber > rules.drawMoveNumber();
    }
}
