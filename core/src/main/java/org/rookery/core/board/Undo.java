package org.rookery.core.board;

/**
 * What {@link Position} needs to take one move back: the state before it that the move itself
 * does not determine (Stockfish's {@code StateInfo}, Pulse's {@code State}). One mutable record per
 * ply, preallocated, so make and unmake allocate nothing.
 */
final class Undo {
    int move;
    int captured;
    int castling;
    int epSquare;
    int halfmove;
    long key;
    long checkers;
    long pinned;

    /** Records {@code p}'s state before {@code move} (captured is set by make, once known). */
    void save(Position p, int move) {
        this.move = move;
        captured = Piece.NONE;
        castling = p.castling;
        epSquare = p.epSquare;
        halfmove = p.halfmove;
        key = p.key;
        checkers = p.checkers;
        pinned = p.pinned;
    }

    /** Puts the recorded state back into {@code p}. */
    void restore(Position p) {
        p.castling = castling;
        p.epSquare = epSquare;
        p.halfmove = halfmove;
        p.key = key;
        p.checkers = checkers;
        p.pinned = pinned;
    }

    void copyFrom(Undo o) {
        move = o.move;
        captured = o.captured;
        castling = o.castling;
        epSquare = o.epSquare;
        halfmove = o.halfmove;
        key = o.key;
        checkers = o.checkers;
        pinned = o.pinned;
    }

    /** {@code stack} lengthened to {@code length}, its records kept and the new ones fresh. */
    static Undo[] grow(Undo[] stack, int length) {
        Undo[] out = java.util.Arrays.copyOf(stack, length);
        for (int i = stack.length; i < length; i++) out[i] = new Undo();
        return out;
    }
}
