package org.rookery.core.rules;

import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;

/**
 * The FIDE rules that end a game or let a player claim a draw (Laws of Chess, articles 5, 6.9 and
 * 9; the project's rules texts, «Итог игры» and «Контроль времени»). Stateless; every method reads
 * the position and its history.
 */
public final class GameRules {
    private GameRules() {}

    /**
     * The outcome the rules impose without any claim, or null while the game goes on. Checkmate
     * and stalemate come first, so a mate delivered on the 75th move stands (FIDE 9.6.2).
     */
    public static Outcome automaticOutcome(Position pos) {
        if (!pos.hasLegalMove()) {
            return pos.inCheck() ? Outcome.win(pos.sideToMove() ^ 1, Termination.CHECKMATE) : Outcome.draw(Termination.STALEMATE);
        }
        if (isDeadPosition(pos)) return Outcome.draw(Termination.DEAD_POSITION);
        if (pos.repetitionCount() >= 5) return Outcome.draw(Termination.FIVEFOLD_REPETITION);
        if (pos.halfmoveClock() >= 150) return Outcome.draw(Termination.SEVENTY_FIVE_MOVE_RULE);
        return null;
    }

    /** The side to move may claim a draw by threefold repetition of the current position (FIDE 9.2.2). */
    public static boolean canClaimThreefold(Position pos) {
        return pos.repetitionCount() >= 3;
    }

    /**
     * The side to move may claim threefold repetition by announcing {@code move}, which would
     * produce the position for the third time (FIDE 9.2.1).
     */
    public static boolean canClaimThreefoldWith(Position pos, int move) {
        pos.makeMove(move);
        boolean ok = pos.repetitionCount() >= 3;
        pos.unmakeMove();
        return ok;
    }

    /** The last 50 moves of each side had no capture or pawn move (FIDE 9.3.2). */
    public static boolean canClaimFifty(Position pos) {
        return pos.halfmoveClock() >= 100;
    }

    /** Announcing {@code move} would complete 50 moves each without capture or pawn move (FIDE 9.3.1). */
    public static boolean canClaimFiftyWith(Position pos, int move) {
        pos.makeMove(move);
        boolean ok = pos.halfmoveClock() >= 100;
        pos.unmakeMove();
        return ok;
    }

    /** A claimable draw the side to move has right now, or null; what match runners claim automatically. */
    public static Outcome claimableDraw(Position pos) {
        if (canClaimThreefold(pos)) return Outcome.draw(Termination.THREEFOLD_REPETITION);
        if (canClaimFifty(pos)) return Outcome.draw(Termination.FIFTY_MOVE_RULE);
        return null;
    }

    /**
     * The outcome when {@code flagged} runs out of time: a loss, unless the opponent cannot mate by
     * any sequence of legal moves, which is a draw (FIDE 6.9). A mate or other end already on the
     * board takes precedence; the caller checks {@link #automaticOutcome} first.
     */
    public static Outcome flagFall(Position pos, int flagged) {
        int opponent = flagged ^ 1;
        return canEverMate(pos, opponent) ? Outcome.win(opponent, Termination.TIME_FORFEIT)
            : Outcome.draw(Termination.TIMEOUT_VS_INSUFFICIENT_MATERIAL);
    }

    /**
     * Whether {@code color} could mate by some sequence of legal moves, judged by material: a side
     * with only a king, with king and one knight against a bare king, or with king and bishops all
     * on one colour against a king whose only other pieces are bishops on that same colour, can
     * never mate (there is nothing to block the flight squares of the other colour). Every other
     * material admits a helpmate. Blocked pawn fortresses are not detected, as no peer does.
     */
    public static boolean canEverMate(Position pos, int color) {
        int other = color ^ 1;
        long pawnsRooksQueens = pos.pieces(color, Piece.PAWN) | pos.pieces(color, Piece.ROOK) | pos.pieces(color, Piece.QUEEN);
        if (pawnsRooksQueens != 0) return true;
        long knights = pos.pieces(color, Piece.KNIGHT), bishops = pos.pieces(color, Piece.BISHOP);
        if ((knights | bishops) == 0) return false;
        long defenders = pos.colorPieces(other) & ~pos.pieces(other, Piece.KING);
        if (bishops == 0) {
            // Knights only: two or more can mate; a single knight needs something to block a flight square.
            return Bitboards.moreThanOne(knights) || defenders != 0;
        }
        if (knights != 0) return true;
        long sameColor = (bishops & Bitboards.DARK_SQUARES) == bishops ? Bitboards.DARK_SQUARES
            : (bishops & Bitboards.LIGHT_SQUARES) == bishops ? Bitboards.LIGHT_SQUARES : 0;
        if (sameColor == 0) return true; // bishops on both colours
        long otherBishops = pos.pieces(other, Piece.BISHOP);
        return defenders != otherBishops || (otherBishops & ~sameColor) != 0;
    }

    /** Neither side can ever mate: K v K, K+minor v K, K+bishops v K+bishops all on one colour. */
    public static boolean isDeadPosition(Position pos) {
        return !canEverMate(pos, Piece.WHITE) && !canEverMate(pos, Piece.BLACK);
    }
}
