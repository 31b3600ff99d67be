package org.rookery.jobs.ledger;

import org.rookery.contract.schema.EngineStats;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;

/**
 * The game phase of a position by its non-pawn material, both sides together (knight and bishop 3,
 * rook 5, queen 9; 62 at the start): opening from {@link EngineStats#OPENING_MATERIAL} up (at most a
 * minor piece and a pawn's worth traded off), endgame at {@link EngineStats#ENDGAME_MATERIAL} or
 * less (e.g. rook and minor each, or queen and two minors against the same), middlegame between.
 * Material, not move number, so a quick queen trade is an endgame and a long closed game is not.
 */
final class GamePhase {
    private GamePhase() {
    }

    /** Non-pawn material of both sides. */
    static int material(Position pos) {
        int m = 0;
        for (int color = Piece.WHITE; color <= Piece.BLACK; color++) {
            m += 3 * Long.bitCount(pos.pieces(color, Piece.KNIGHT)) + 3 * Long.bitCount(pos.pieces(color, Piece.BISHOP))
                    + 5 * Long.bitCount(pos.pieces(color, Piece.ROOK)) + 9 * Long.bitCount(pos.pieces(color, Piece.QUEEN));
        }
        return m;
    }

    /** The phase name of {@code pos}, as {@code engine_stats.phase} holds it. */
    static String of(Position pos) {
        int m = material(pos);
        if (m >= EngineStats.OPENING_MATERIAL) return EngineStats.OPENING;
        if (m <= EngineStats.ENDGAME_MATERIAL) return EngineStats.ENDGAME;
        return EngineStats.MIDDLEGAME;
    }
}
