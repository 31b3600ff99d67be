package org.rookery.core.board;

import static org.rookery.core.board.Bitboards.BETWEEN;
import static org.rookery.core.board.Bitboards.BISHOP_RAYS;
import static org.rookery.core.board.Bitboards.FILE_A;
import static org.rookery.core.board.Bitboards.FILE_H;
import static org.rookery.core.board.Bitboards.KING_ATTACKS;
import static org.rookery.core.board.Bitboards.KNIGHT_ATTACKS;
import static org.rookery.core.board.Bitboards.LINE;
import static org.rookery.core.board.Bitboards.PAWN_ATTACKS;
import static org.rookery.core.board.Bitboards.ROOK_RAYS;
import static org.rookery.core.board.Bitboards.bishopAttacks;
import static org.rookery.core.board.Bitboards.rookAttacks;

/**
 * A mutable bitboard position with its own move history.
 *
 * <p>Twelve piece bitboards, two colour bitboards, a mailbox, castling rights (with each right's
 * rook origin stored, so Chess960 needs no redesign), the en-passant square (kept only when an
 * en-passant capture is legal, as FIDE's repetition rule and Stockfish both want), the clocks and
 * an incremental Polyglot-compatible Zobrist key. Checkers and our pinned pieces are kept up to
 * date by every make/unmake, so legal moves come straight from check and pin masks.
 *
 * <p>Undo state lives in preallocated parallel arrays indexed by ply, grown only when a game runs
 * longer than any before it. Not thread-safe: one position per thread (see {@link #copy()}).
 */
public final class Position {
    /** Castling right bits. */
    public static final int WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8;
    public static final String START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /** Upper bound of legal moves in any position (218 is the known maximum). */
    public static final int MAX_MOVES = 256;

    final long[] pieceBB = new long[12];
    final long[] colorBB = new long[2];
    long occupied;
    final int[] board = new int[64];
    final int[] kingSq = new int[2];
    int side;
    int castling;
    int epSquare = Square.NONE;
    int halfmove;
    int fullmove = 1;
    long key;
    long checkers;
    long pinned;

    // Castling geometry per right index (0 = white OO, 1 = white OOO, 2 = black OO, 3 = black OOO).
    final int[] castleRookFrom = new int[4];
    final int[] castleKingFrom = new int[4];
    private final long[] castleEmpty = new long[4];
    private final long[] castleSafe = new long[4];
    /** Rights kept when a piece leaves or lands on a square. */
    private final int[] castleKeep = new int[64];

    // Undo stack: entry i holds the state before the i-th move since the last setup.
    private int sp;
    private int[] stMove = new int[512];
    private int[] stCaptured = new int[512];
    private int[] stCastling = new int[512];
    private int[] stEp = new int[512];
    private int[] stHalfmove = new int[512];
    private long[] stKey = new long[512];
    private long[] stCheckers = new long[512];
    private long[] stPinned = new long[512];

    private final int[] scratch = new int[MAX_MOVES];

    /** The standard starting position. */
    public Position() {
        Fen.load(this, START_FEN);
    }

    /** A position parsed from FEN; throws {@link FenException} with a one-line reason. */
    public static Position fromFen(String fen) {
        Position p = new Position();
        Fen.load(p, fen);
        return p;
    }

    /** Replaces this position (and clears its history) with the one a FEN describes. */
    public void setFen(String fen) {
        Fen.load(this, fen);
    }

    public String toFen() {
        return Fen.write(this);
    }

    /**
     * Makes this position equal to {@code other}, without its history and without allocating, so
     * replaying many games from one start costs no FEN parse per game.
     */
    public void copyFrom(Position other) {
        System.arraycopy(other.pieceBB, 0, pieceBB, 0, 12);
        System.arraycopy(other.colorBB, 0, colorBB, 0, 2);
        System.arraycopy(other.board, 0, board, 0, 64);
        System.arraycopy(other.kingSq, 0, kingSq, 0, 2);
        System.arraycopy(other.castleRookFrom, 0, castleRookFrom, 0, 4);
        System.arraycopy(other.castleKingFrom, 0, castleKingFrom, 0, 4);
        System.arraycopy(other.castleEmpty, 0, castleEmpty, 0, 4);
        System.arraycopy(other.castleSafe, 0, castleSafe, 0, 4);
        System.arraycopy(other.castleKeep, 0, castleKeep, 0, 64);
        occupied = other.occupied;
        side = other.side;
        castling = other.castling;
        epSquare = other.epSquare;
        halfmove = other.halfmove;
        fullmove = other.fullmove;
        key = other.key;
        checkers = other.checkers;
        pinned = other.pinned;
        sp = 0;
    }

    /** An independent copy with the same history, for handing to another thread. */
    public Position copy() {
        Position p = new Position();
        System.arraycopy(pieceBB, 0, p.pieceBB, 0, 12);
        System.arraycopy(colorBB, 0, p.colorBB, 0, 2);
        System.arraycopy(board, 0, p.board, 0, 64);
        System.arraycopy(kingSq, 0, p.kingSq, 0, 2);
        System.arraycopy(castleRookFrom, 0, p.castleRookFrom, 0, 4);
        System.arraycopy(castleKingFrom, 0, p.castleKingFrom, 0, 4);
        System.arraycopy(castleEmpty, 0, p.castleEmpty, 0, 4);
        System.arraycopy(castleSafe, 0, p.castleSafe, 0, 4);
        System.arraycopy(castleKeep, 0, p.castleKeep, 0, 64);
        p.occupied = occupied;
        p.side = side;
        p.castling = castling;
        p.epSquare = epSquare;
        p.halfmove = halfmove;
        p.fullmove = fullmove;
        p.key = key;
        p.checkers = checkers;
        p.pinned = pinned;
        p.sp = sp;
        p.stMove = stMove.clone();
        p.stCaptured = stCaptured.clone();
        p.stCastling = stCastling.clone();
        p.stEp = stEp.clone();
        p.stHalfmove = stHalfmove.clone();
        p.stKey = stKey.clone();
        p.stCheckers = stCheckers.clone();
        p.stPinned = stPinned.clone();
        return p;
    }

    // ---------------------------------------------------------------- setup (used by Fen)

    void clear() {
        java.util.Arrays.fill(pieceBB, 0L);
        colorBB[0] = colorBB[1] = 0L;
        occupied = 0L;
        java.util.Arrays.fill(board, Piece.NONE);
        kingSq[0] = kingSq[1] = Square.NONE;
        side = Piece.WHITE;
        castling = 0;
        epSquare = Square.NONE;
        halfmove = 0;
        fullmove = 1;
        sp = 0;
    }

    void put(int piece, int sq) {
        long b = 1L << sq;
        pieceBB[piece] |= b;
        colorBB[Piece.color(piece)] |= b;
        occupied |= b;
        board[sq] = piece;
        if (Piece.type(piece) == Piece.KING) kingSq[Piece.color(piece)] = sq;
    }

    /**
     * Sets up castling geometry for a right whose king and rook start on the given squares. The
     * king always ends on the g/c file and the rook on the f/d file, which covers Chess960 too.
     */
    void setCastlingRight(int right, int kingFrom, int rookFrom) {
        castling |= 1 << right;
        castleKingFrom[right] = kingFrom;
        castleRookFrom[right] = rookFrom;
        int rank = Square.rank(kingFrom);
        boolean kingSide = (right & 1) == 0;
        int kingTo = Square.of(kingSide ? 6 : 2, rank);
        int rookTo = Square.of(kingSide ? 5 : 3, rank);
        long kingSpan = BETWEEN[kingFrom][kingTo] | (1L << kingTo);
        long rookSpan = BETWEEN[rookFrom][rookTo] | (1L << rookTo);
        castleEmpty[right] = (kingSpan | rookSpan) & ~((1L << kingFrom) | (1L << rookFrom));
        castleSafe[right] = kingSpan;
        castleKeep[kingFrom] &= ~(right < 2 ? (WHITE_OO | WHITE_OOO) : (BLACK_OO | BLACK_OOO));
        castleKeep[rookFrom] &= ~(1 << right);
    }

    void resetCastlingGeometry() {
        java.util.Arrays.fill(castleKeep, 15);
        castling = 0;
    }

    /** Completes a setup: derived key, legal en-passant normalisation, check information. */
    void finishSetup(int rawEpSquare) {
        epSquare = Square.NONE;
        updateCheckInfo();
        if (rawEpSquare != Square.NONE && epCaptureLegal(rawEpSquare)) epSquare = rawEpSquare;
        key = computeKey();
    }

    /** The key computed from scratch; equal to {@link #key()} at all times (tests check this). */
    public long computeKey() {
        long k = 0;
        for (int sq = 0; sq < 64; sq++) if (board[sq] != Piece.NONE) k ^= Zobrist.PIECE_SQUARE[board[sq]][sq];
        k ^= Zobrist.CASTLING[castling];
        if (epSquare != Square.NONE) k ^= Zobrist.EP_FILE[Square.file(epSquare)];
        if (side == Piece.WHITE) k ^= Zobrist.WHITE_TO_MOVE;
        return k;
    }

    // ---------------------------------------------------------------- queries

    public int pieceAt(int sq) { return board[sq]; }
    public long pieces(int piece) { return pieceBB[piece]; }
    public long pieces(int color, int type) { return pieceBB[color * 6 + type]; }
    public long colorPieces(int color) { return colorBB[color]; }
    public long occupied() { return occupied; }
    public int kingSquare(int color) { return kingSq[color]; }
    public int sideToMove() { return side; }
    public int castlingRights() { return castling; }
    /** The en-passant target square when an en-passant capture is legal, else {@link Square#NONE}. */
    public int epSquare() { return epSquare; }
    public int halfmoveClock() { return halfmove; }
    public int fullmoveNumber() { return fullmove; }
    public long key() { return key; }
    public long checkers() { return checkers; }
    public boolean inCheck() { return checkers != 0; }
    /** Pieces of the side to move pinned to its king. */
    public long pinned() { return pinned; }
    /** Number of moves made since the position was set up. */
    public int ply() { return sp; }
    /** Rook origin square of a castling right index (0 K, 1 Q, 2 k, 3 q). */
    public int castlingRookSquare(int right) { return castleRookFrom[right]; }
    /** The i-th move made since setup (0-based). */
    public int moveAt(int i) { return stMove[i]; }
    /** The key of the position before the i-th move since setup; {@code keyAt(ply())} is the current key. */
    public long keyAt(int i) { return i == sp ? key : stKey[i]; }
    /** The halfmove clock of the position before the i-th move since setup. */
    public int halfmoveAt(int i) { return i == sp ? halfmove : stHalfmove[i]; }
    /** The castling rights of the position before the i-th move since setup. */
    public int castlingAt(int i) { return i == sp ? castling : stCastling[i]; }

    public boolean isAttacked(int sq, int byColor) {
        return attackedBy(byColor, sq, occupied);
    }

    /** Pieces of either colour attacking a square under the given occupancy. */
    public long attackersTo(int sq, long occ) {
        return (PAWN_ATTACKS[Piece.BLACK][sq] & pieceBB[Piece.W_PAWN])
            | (PAWN_ATTACKS[Piece.WHITE][sq] & pieceBB[Piece.B_PAWN])
            | (KNIGHT_ATTACKS[sq] & (pieceBB[Piece.W_KNIGHT] | pieceBB[Piece.B_KNIGHT]))
            | (KING_ATTACKS[sq] & (pieceBB[Piece.W_KING] | pieceBB[Piece.B_KING]))
            | (bishopAttacks(sq, occ) & (pieceBB[Piece.W_BISHOP] | pieceBB[Piece.B_BISHOP] | pieceBB[Piece.W_QUEEN] | pieceBB[Piece.B_QUEEN]))
            | (rookAttacks(sq, occ) & (pieceBB[Piece.W_ROOK] | pieceBB[Piece.B_ROOK] | pieceBB[Piece.W_QUEEN] | pieceBB[Piece.B_QUEEN]));
    }

    private boolean attackedBy(int by, int sq, long occ) {
        int b = by * 6;
        return (PAWN_ATTACKS[by ^ 1][sq] & pieceBB[b]) != 0
            || (KNIGHT_ATTACKS[sq] & pieceBB[b + Piece.KNIGHT]) != 0
            || (KING_ATTACKS[sq] & pieceBB[b + Piece.KING]) != 0
            || (bishopAttacks(sq, occ) & (pieceBB[b + Piece.BISHOP] | pieceBB[b + Piece.QUEEN])) != 0
            || (rookAttacks(sq, occ) & (pieceBB[b + Piece.ROOK] | pieceBB[b + Piece.QUEEN])) != 0;
    }

    private void updateCheckInfo() {
        int us = side, them = us ^ 1, t = them * 6;
        int ksq = kingSq[us];
        long occ = occupied;
        long bq = pieceBB[t + Piece.BISHOP] | pieceBB[t + Piece.QUEEN];
        long rq = pieceBB[t + Piece.ROOK] | pieceBB[t + Piece.QUEEN];
        checkers = (PAWN_ATTACKS[us][ksq] & pieceBB[t])
            | (KNIGHT_ATTACKS[ksq] & pieceBB[t + Piece.KNIGHT])
            | (bishopAttacks(ksq, occ) & bq)
            | (rookAttacks(ksq, occ) & rq);
        long snipers = (ROOK_RAYS[ksq] & rq) | (BISHOP_RAYS[ksq] & bq);
        long pin = 0, ours = colorBB[us];
        while (snipers != 0) {
            long between = BETWEEN[ksq][Long.numberOfTrailingZeros(snipers)] & occ;
            if (between != 0 && (between & (between - 1)) == 0) pin |= between & ours;
            snipers &= snipers - 1;
        }
        pinned = pin;
    }

    /**
     * Whether the side to move can legally capture en passant onto {@code ep}: some pawn attacks
     * it and, after the capture, its king is not attacked (this catches rank pins through both
     * pawns and discovered checks that the capture fails to resolve).
     */
    private boolean epCaptureLegal(int ep) {
        int us = side, them = us ^ 1;
        int capturedSq = ep ^ 8;
        if (board[capturedSq] != Piece.make(them, Piece.PAWN) || board[ep] != Piece.NONE) return false;
        long candidates = PAWN_ATTACKS[them][ep] & pieceBB[us * 6];
        while (candidates != 0) {
            int from = Long.numberOfTrailingZeros(candidates);
            candidates &= candidates - 1;
            if (epLegalFrom(from, ep)) return true;
        }
        return false;
    }

    private boolean epLegalFrom(int from, int ep) {
        int us = side, them = us ^ 1, t = them * 6;
        int ksq = kingSq[us];
        long capturedBit = 1L << (ep ^ 8);
        long occ = (occupied ^ (1L << from) ^ capturedBit) | (1L << ep);
        return (PAWN_ATTACKS[us][ksq] & pieceBB[t] & ~capturedBit) == 0
            && (KNIGHT_ATTACKS[ksq] & pieceBB[t + Piece.KNIGHT]) == 0
            && (bishopAttacks(ksq, occ) & (pieceBB[t + Piece.BISHOP] | pieceBB[t + Piece.QUEEN])) == 0
            && (rookAttacks(ksq, occ) & (pieceBB[t + Piece.ROOK] | pieceBB[t + Piece.QUEEN])) == 0;
    }

    // ---------------------------------------------------------------- make / unmake

    private void growStack() {
        int n = stMove.length * 2;
        stMove = java.util.Arrays.copyOf(stMove, n);
        stCaptured = java.util.Arrays.copyOf(stCaptured, n);
        stCastling = java.util.Arrays.copyOf(stCastling, n);
        stEp = java.util.Arrays.copyOf(stEp, n);
        stHalfmove = java.util.Arrays.copyOf(stHalfmove, n);
        stKey = java.util.Arrays.copyOf(stKey, n);
        stCheckers = java.util.Arrays.copyOf(stCheckers, n);
        stPinned = java.util.Arrays.copyOf(stPinned, n);
    }

    /** Plays a legal move (as produced by the generator); behaviour for an illegal move is undefined. */
    public void makeMove(int move) {
        int s = sp;
        if (s == stMove.length) growStack();
        int from = move & 63, to = (move >>> 6) & 63, flags = move >>> 12;
        int us = side, them = us ^ 1;
        int piece = board[from];
        stMove[s] = move;
        stCastling[s] = castling;
        stEp[s] = epSquare;
        stHalfmove[s] = halfmove;
        stKey[s] = key;
        stCheckers[s] = checkers;
        stPinned[s] = pinned;

        long k = key ^ Zobrist.WHITE_TO_MOVE;
        if (epSquare != Square.NONE) {
            k ^= Zobrist.EP_FILE[epSquare & 7];
            epSquare = Square.NONE;
        }
        long[] zPiece = Zobrist.PIECE_SQUARE[piece];
        long fromTo = (1L << from) | (1L << to);
        int captured = Piece.NONE;
        int newHalfmove = halfmove + 1;

        if (flags == Move.QUIET || flags == Move.DOUBLE_PUSH) {
            pieceBB[piece] ^= fromTo;
            colorBB[us] ^= fromTo;
            occupied ^= fromTo;
            board[from] = Piece.NONE;
            board[to] = piece;
            k ^= zPiece[from] ^ zPiece[to];
        } else if (flags == Move.CAPTURE) {
            captured = board[to];
            long toBit = 1L << to;
            pieceBB[captured] ^= toBit;
            colorBB[them] ^= toBit;
            pieceBB[piece] ^= fromTo;
            colorBB[us] ^= fromTo;
            occupied ^= 1L << from;
            board[from] = Piece.NONE;
            board[to] = piece;
            k ^= zPiece[from] ^ zPiece[to] ^ Zobrist.PIECE_SQUARE[captured][to];
            newHalfmove = 0;
        } else if (flags == Move.EN_PASSANT) {
            int capSq = to ^ 8;
            captured = piece + 6 - 12 * us; // the other colour's pawn
            long capBit = 1L << capSq;
            pieceBB[captured] ^= capBit;
            colorBB[them] ^= capBit;
            pieceBB[piece] ^= fromTo;
            colorBB[us] ^= fromTo;
            occupied ^= fromTo | capBit;
            board[from] = Piece.NONE;
            board[capSq] = Piece.NONE;
            board[to] = piece;
            k ^= zPiece[from] ^ zPiece[to] ^ Zobrist.PIECE_SQUARE[captured][capSq];
        } else if (flags == Move.KING_CASTLE || flags == Move.QUEEN_CASTLE) {
            int right = us * 2 + (flags - Move.KING_CASTLE);
            int rookFrom = castleRookFrom[right];
            int rookTo = (flags == Move.KING_CASTLE ? 5 : 3) + (from & 56);
            int rook = piece - 2; // king → rook of the same colour
            // Remove both first: in Chess960 the destinations may be the other piece's origin.
            long rookFromTo = (1L << rookFrom) ^ (1L << rookTo);
            pieceBB[piece] ^= fromTo;
            pieceBB[rook] ^= rookFromTo;
            colorBB[us] ^= fromTo ^ rookFromTo;
            occupied ^= fromTo ^ rookFromTo;
            board[from] = Piece.NONE;
            board[rookFrom] = Piece.NONE;
            board[to] = piece;
            board[rookTo] = rook;
            k ^= zPiece[from] ^ zPiece[to] ^ Zobrist.PIECE_SQUARE[rook][rookFrom] ^ Zobrist.PIECE_SQUARE[rook][rookTo];
        } else { // promotions, capturing or not
            int promoted = us * 6 + (flags & 3) + Piece.KNIGHT;
            long fromBit = 1L << from, toBit = 1L << to;
            if ((flags & 4) != 0) {
                captured = board[to];
                pieceBB[captured] ^= toBit;
                colorBB[them] ^= toBit;
                occupied ^= toBit;
                k ^= Zobrist.PIECE_SQUARE[captured][to];
            }
            pieceBB[piece] ^= fromBit;
            pieceBB[promoted] ^= toBit;
            colorBB[us] ^= fromTo;
            occupied ^= fromTo;
            board[from] = Piece.NONE;
            board[to] = promoted;
            k ^= zPiece[from] ^ Zobrist.PIECE_SQUARE[promoted][to];
        }

        int type = piece - us * 6;
        if (type == Piece.PAWN) newHalfmove = 0;
        else if (type == Piece.KING) kingSq[us] = to;

        int rights = castling & castleKeep[from] & castleKeep[to];
        if (rights != castling) {
            k ^= Zobrist.CASTLING[castling] ^ Zobrist.CASTLING[rights];
            castling = rights;
        }
        stCaptured[s] = captured;
        halfmove = newHalfmove;
        if (us == Piece.BLACK) fullmove++;
        side = them;
        sp = s + 1;
        updateCheckInfo();
        if (flags == Move.DOUBLE_PUSH) {
            int ep = (from + to) >>> 1;
            if ((PAWN_ATTACKS[us][ep] & pieceBB[them * 6]) != 0 && epCaptureLegal(ep)) {
                epSquare = ep;
                k ^= Zobrist.EP_FILE[ep & 7];
            }
        }
        key = k;
    }

    /** Takes back the last move made. */
    public void unmakeMove() {
        int s = --sp;
        int move = stMove[s];
        int from = move & 63, to = (move >>> 6) & 63, flags = move >>> 12;
        int them = side, us = them ^ 1;
        side = us;
        if (us == Piece.BLACK) fullmove--;
        int piece = board[to];
        long fromTo = (1L << from) | (1L << to);
        int captured = stCaptured[s];

        if (flags == Move.QUIET || flags == Move.DOUBLE_PUSH) {
            pieceBB[piece] ^= fromTo;
            colorBB[us] ^= fromTo;
            occupied ^= fromTo;
            board[to] = Piece.NONE;
            board[from] = piece;
        } else if (flags == Move.CAPTURE) {
            long toBit = 1L << to;
            pieceBB[piece] ^= fromTo;
            colorBB[us] ^= fromTo;
            pieceBB[captured] ^= toBit;
            colorBB[them] ^= toBit;
            occupied ^= 1L << from;
            board[from] = piece;
            board[to] = captured;
        } else if (flags == Move.EN_PASSANT) {
            int capSq = to ^ 8;
            long capBit = 1L << capSq;
            pieceBB[piece] ^= fromTo;
            colorBB[us] ^= fromTo;
            pieceBB[captured] ^= capBit;
            colorBB[them] ^= capBit;
            occupied ^= fromTo | capBit;
            board[to] = Piece.NONE;
            board[from] = piece;
            board[capSq] = captured;
        } else if (flags == Move.KING_CASTLE || flags == Move.QUEEN_CASTLE) {
            int right = us * 2 + (flags - Move.KING_CASTLE);
            int rookFrom = castleRookFrom[right];
            int rookTo = (flags == Move.KING_CASTLE ? 5 : 3) + (from & 56);
            int rook = piece - 2;
            long rookFromTo = (1L << rookFrom) ^ (1L << rookTo);
            pieceBB[piece] ^= fromTo;
            pieceBB[rook] ^= rookFromTo;
            colorBB[us] ^= fromTo ^ rookFromTo;
            occupied ^= fromTo ^ rookFromTo;
            board[to] = Piece.NONE;
            board[rookTo] = Piece.NONE;
            board[from] = piece;
            board[rookFrom] = rook;
            kingSq[us] = from;
        } else {
            int pawn = us * 6;
            long fromBit = 1L << from, toBit = 1L << to;
            pieceBB[piece] ^= toBit;
            pieceBB[pawn] ^= fromBit;
            colorBB[us] ^= fromTo;
            occupied ^= fromTo;
            board[from] = pawn;
            board[to] = Piece.NONE;
            if (captured != Piece.NONE) {
                pieceBB[captured] ^= toBit;
                colorBB[them] ^= toBit;
                occupied ^= toBit;
                board[to] = captured;
            }
        }
        if (piece == us * 6 + Piece.KING) kingSq[us] = from;
        castling = stCastling[s];
        epSquare = stEp[s];
        halfmove = stHalfmove[s];
        key = stKey[s];
        checkers = stCheckers[s];
        pinned = stPinned[s];
    }

    /** Passes the move (for engines' null-move pruning); illegal when in check. */
    public void makeNullMove() {
        int s = sp;
        if (s == stMove.length) growStack();
        stMove[s] = Move.NONE;
        stCaptured[s] = Piece.NONE;
        stCastling[s] = castling;
        stEp[s] = epSquare;
        stHalfmove[s] = halfmove;
        stKey[s] = key;
        stCheckers[s] = checkers;
        stPinned[s] = pinned;
        long k = key ^ Zobrist.WHITE_TO_MOVE;
        if (epSquare != Square.NONE) k ^= Zobrist.EP_FILE[epSquare & 7];
        epSquare = Square.NONE;
        halfmove++;
        if (side == Piece.BLACK) fullmove++;
        side ^= 1;
        sp = s + 1;
        key = k;
        updateCheckInfo();
    }

    public void unmakeNullMove() {
        int s = --sp;
        side ^= 1;
        if (side == Piece.BLACK) fullmove--;
        castling = stCastling[s];
        epSquare = stEp[s];
        halfmove = stHalfmove[s];
        key = stKey[s];
        checkers = stCheckers[s];
        pinned = stPinned[s];
    }

    /** Forgets the move history (keeps the position), e.g. before a long replay to free the stack. */
    public void clearHistory() {
        sp = 0;
    }

    // ---------------------------------------------------------------- move generation

    /** Generates all legal moves into {@code moves} from {@code start}; returns the new end index. */
    public int generateLegal(int[] moves, int start) {
        return generate(moves, start, ~colorBB[side], true, true);
    }

    /** Legal captures only (including en passant and capturing promotions). */
    public int generateCaptures(int[] moves, int start) {
        return generate(moves, start, colorBB[side ^ 1], true, false);
    }

    /** Legal non-captures only (including castling and non-capturing promotions). */
    public int generateQuiets(int[] moves, int start) {
        return generate(moves, start, ~occupied, false, true);
    }

    /** Legal moves landing on {@code to} (castling excluded), e.g. for resolving SAN. */
    public int generateTo(int[] moves, int start, int to) {
        return generate(moves, start, (1L << to) & ~colorBB[side], to == epSquare, false);
    }

    /**
     * The legal moves of the side to move's knights, bishops, rooks or queens ({@code type}) to
     * {@code to}, appended at {@code start}; returns the new end. For SAN: instead of generating
     * every piece's moves to the square, it looks back from the square at the pieces of that type
     * that attack it, with the same check and pin rules as {@link #generateTo}.
     */
    public int generatePieceTo(int[] moves, int start, int type, int to) {
        if (type < Piece.KNIGHT || type > Piece.QUEEN) {
            throw new IllegalArgumentException("not a knight, bishop, rook or queen: " + type);
        }
        final int us = side, u = us * 6, ksq = kingSq[us];
        long chk = checkers;
        if (chk != 0 && (chk & (chk - 1)) != 0) return start;
        long t = (1L << to) & ~colorBB[us];
        if (chk != 0) t &= BETWEEN[ksq][Long.numberOfTrailingZeros(chk)] | chk;
        if (t == 0) return start;
        final long occ = occupied;
        long from;
        switch (type) {
            case Piece.KNIGHT: from = KNIGHT_ATTACKS[to]; break;
            case Piece.BISHOP: from = bishopAttacks(to, occ); break;
            case Piece.ROOK: from = rookAttacks(to, occ); break;
            default: from = bishopAttacks(to, occ) | rookAttacks(to, occ); break;
        }
        from &= pieceBB[u + type];
        final long pin = pinned;
        if (chk != 0) from &= ~pin; // a pinned piece can never resolve a check
        final int flags = ((colorBB[us ^ 1] >>> to) & 1) == 0 ? 0 : Move.CAPTURE << 12;
        int n = start;
        while (from != 0) {
            int f = Long.numberOfTrailingZeros(from);
            from &= from - 1;
            if (((pin >>> f) & 1) != 0 && ((LINE[ksq][f] >>> to) & 1) == 0) continue;
            moves[n++] = f | (to << 6) | flags;
        }
        return n;
    }

    /** Whether a move (in this encoding) is legal here. */
    public boolean isLegal(int move) {
        if (move == Move.NONE) return false;
        int n = generate(scratch, 0, ~colorBB[side], true, true);
        for (int i = 0; i < n; i++) if (scratch[i] == move) return true;
        return false;
    }

    public boolean hasLegalMove() {
        return countLegal() != 0;
    }

    public boolean isCheckmate() { return checkers != 0 && countLegal() == 0; }

    public boolean isStalemate() { return checkers == 0 && countLegal() == 0; }

    private int generate(int[] moves, int n, long target, boolean withEp, boolean withCastling) {
        final int us = side, them = us ^ 1, u = us * 6;
        final long occ = occupied, ours = colorBB[us], theirs = colorBB[them];
        final int ksq = kingSq[us];

        long kingTargets = KING_ATTACKS[ksq] & target;
        long occNoKing = occ ^ (1L << ksq);
        while (kingTargets != 0) {
            int to = Long.numberOfTrailingZeros(kingTargets);
            kingTargets &= kingTargets - 1;
            if (!attackedBy(them, to, occNoKing)) {
                moves[n++] = ksq | (to << 6) | (((theirs >>> to) & 1) == 0 ? 0 : Move.CAPTURE << 12);
            }
        }
        long chk = checkers;
        if (chk != 0 && (chk & (chk - 1)) != 0) return n;

        long t = target & ~ours;
        if (chk != 0) t &= BETWEEN[ksq][Long.numberOfTrailingZeros(chk)] | chk;
        else if (withCastling && castling != 0) n = generateCastling(moves, n, us);

        final long pin = pinned;
        final long movable = chk != 0 ? ~pin : ~0L; // a pinned piece can never resolve a check

        long knights = pieceBB[u + Piece.KNIGHT] & ~pin;
        while (knights != 0) {
            int from = Long.numberOfTrailingZeros(knights);
            knights &= knights - 1;
            n = emit(moves, n, from, KNIGHT_ATTACKS[from] & t, theirs);
        }
        long diag = (pieceBB[u + Piece.BISHOP] | pieceBB[u + Piece.QUEEN]) & movable;
        while (diag != 0) {
            int from = Long.numberOfTrailingZeros(diag);
            diag &= diag - 1;
            long a = bishopAttacks(from, occ) & t;
            if (((pin >>> from) & 1) != 0) a &= LINE[ksq][from];
            n = emit(moves, n, from, a, theirs);
        }
        long orth = (pieceBB[u + Piece.ROOK] | pieceBB[u + Piece.QUEEN]) & movable;
        while (orth != 0) {
            int from = Long.numberOfTrailingZeros(orth);
            orth &= orth - 1;
            long a = rookAttacks(from, occ) & t;
            if (((pin >>> from) & 1) != 0) a &= LINE[ksq][from];
            n = emit(moves, n, from, a, theirs);
        }

        long pawns = pieceBB[u];
        n = generatePawns(moves, n, pawns & ~pin, t, theirs, us);
        if (chk == 0) {
            long pinnedPawns = pawns & pin;
            while (pinnedPawns != 0) {
                int from = Long.numberOfTrailingZeros(pinnedPawns);
                pinnedPawns &= pinnedPawns - 1;
                n = generatePawns(moves, n, 1L << from, t & LINE[ksq][from], theirs, us);
            }
        }
        if (withEp && epSquare != Square.NONE) {
            long cands = PAWN_ATTACKS[them][epSquare] & pawns;
            while (cands != 0) {
                int from = Long.numberOfTrailingZeros(cands);
                cands &= cands - 1;
                if (epLegalFrom(from, epSquare)) moves[n++] = Move.of(from, epSquare, Move.EN_PASSANT);
            }
        }
        return n;
    }

    private static int emit(int[] moves, int n, int from, long targets, long theirs) {
        long caps = targets & theirs;
        long quiets = targets ^ caps;
        while (caps != 0) {
            moves[n++] = from | (Long.numberOfTrailingZeros(caps) << 6) | (Move.CAPTURE << 12);
            caps &= caps - 1;
        }
        while (quiets != 0) {
            moves[n++] = from | (Long.numberOfTrailingZeros(quiets) << 6);
            quiets &= quiets - 1;
        }
        return n;
    }

    private int generateCastling(int[] moves, int n, int us) {
        for (int right = us * 2; right < us * 2 + 2; right++) {
            if ((castling & (1 << right)) == 0) continue;
            if (castlingAllowed(right)) {
                int kingTo = Square.of((right & 1) == 0 ? 6 : 2, Square.rank(castleKingFrom[right]));
                moves[n++] = Move.of(castleKingFrom[right], kingTo, (right & 1) == 0 ? Move.KING_CASTLE : Move.QUEEN_CASTLE);
            }
        }
        return n;
    }

    private boolean castlingAllowed(int right) {
        if ((occupied & castleEmpty[right]) != 0) return false;
        int rookFrom = castleRookFrom[right];
        // In Chess960 the castling rook may be what shields a path square, so test without it.
        long occ = occupied ^ (1L << castleKingFrom[right]) ^ (1L << rookFrom);
        long safe = castleSafe[right];
        int them = side ^ 1;
        while (safe != 0) {
            int sq = Long.numberOfTrailingZeros(safe);
            safe &= safe - 1;
            if (attackedBy(them, sq, occ)) return false;
        }
        return true;
    }

    private int generatePawns(int[] moves, int n, long pawns, long t, long theirs, int us) {
        if (pawns == 0) return n;
        long empty = ~occupied;
        long single, dbl, capL, capR;
        int up, upL, upR;
        long promoRank;
        if (us == Piece.WHITE) {
            single = (pawns << 8) & empty;
            dbl = ((single & Bitboards.RANK_3) << 8) & empty & t;
            capL = ((pawns & ~FILE_A) << 7) & theirs & t;
            capR = ((pawns & ~FILE_H) << 9) & theirs & t;
            up = 8; upL = 7; upR = 9;
            promoRank = Bitboards.RANK_8;
        } else {
            single = (pawns >>> 8) & empty;
            dbl = ((single & Bitboards.RANK_6) >>> 8) & empty & t;
            capL = ((pawns & ~FILE_A) >>> 9) & theirs & t;
            capR = ((pawns & ~FILE_H) >>> 7) & theirs & t;
            up = -8; upL = -9; upR = -7;
            promoRank = Bitboards.RANK_1;
        }
        single &= t;
        long b = single & ~promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            moves[n++] = (to - up) | (to << 6);
        }
        while (dbl != 0) {
            int to = Long.numberOfTrailingZeros(dbl);
            dbl &= dbl - 1;
            moves[n++] = (to - 2 * up) | (to << 6) | (Move.DOUBLE_PUSH << 12);
        }
        b = capL & ~promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            moves[n++] = (to - upL) | (to << 6) | (Move.CAPTURE << 12);
        }
        b = capR & ~promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            moves[n++] = (to - upR) | (to << 6) | (Move.CAPTURE << 12);
        }
        b = single & promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = promotions(moves, n, to - up, to, Move.PROMO_KNIGHT);
        }
        b = capL & promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = promotions(moves, n, to - upL, to, Move.PROMO_CAPTURE_KNIGHT);
        }
        b = capR & promoRank;
        while (b != 0) {
            int to = Long.numberOfTrailingZeros(b);
            b &= b - 1;
            n = promotions(moves, n, to - upR, to, Move.PROMO_CAPTURE_KNIGHT);
        }
        return n;
    }

    private static int promotions(int[] moves, int n, int from, int to, int baseFlag) {
        int m = from | (to << 6);
        // Queen first: engines and SAN resolution meet the usual promotion earliest.
        moves[n++] = m | ((baseFlag + 3) << 12);
        moves[n++] = m | (baseFlag << 12);
        moves[n++] = m | ((baseFlag + 2) << 12);
        moves[n++] = m | ((baseFlag + 1) << 12);
        return n;
    }

    /**
     * Counts the legal moves without listing them: popcounts of target sets, so perft's last ply
     * costs a fraction of generating.
     */
    public int countLegal() {
        final int us = side, them = us ^ 1, u = us * 6;
        final long occ = occupied, ours = colorBB[us], theirs = colorBB[them];
        final int ksq = kingSq[us];
        int n = 0;
        long kingTargets = KING_ATTACKS[ksq] & ~ours;
        long occNoKing = occ ^ (1L << ksq);
        while (kingTargets != 0) {
            int to = Long.numberOfTrailingZeros(kingTargets);
            kingTargets &= kingTargets - 1;
            if (!attackedBy(them, to, occNoKing)) n++;
        }
        long chk = checkers;
        if (chk != 0 && (chk & (chk - 1)) != 0) return n;
        long t = ~ours;
        if (chk != 0) t &= BETWEEN[ksq][Long.numberOfTrailingZeros(chk)] | chk;
        else if (castling != 0) {
            for (int right = us * 2; right < us * 2 + 2; right++) {
                if ((castling & (1 << right)) != 0 && castlingAllowed(right)) n++;
            }
        }
        final long pin = pinned;
        final long movable = chk != 0 ? ~pin : ~0L;
        long knights = pieceBB[u + Piece.KNIGHT] & ~pin;
        while (knights != 0) {
            n += Long.bitCount(KNIGHT_ATTACKS[Long.numberOfTrailingZeros(knights)] & t);
            knights &= knights - 1;
        }
        long diag = (pieceBB[u + Piece.BISHOP] | pieceBB[u + Piece.QUEEN]) & movable;
        while (diag != 0) {
            int from = Long.numberOfTrailingZeros(diag);
            diag &= diag - 1;
            long a = bishopAttacks(from, occ) & t;
            if (((pin >>> from) & 1) != 0) a &= LINE[ksq][from];
            n += Long.bitCount(a);
        }
        long orth = (pieceBB[u + Piece.ROOK] | pieceBB[u + Piece.QUEEN]) & movable;
        while (orth != 0) {
            int from = Long.numberOfTrailingZeros(orth);
            orth &= orth - 1;
            long a = rookAttacks(from, occ) & t;
            if (((pin >>> from) & 1) != 0) a &= LINE[ksq][from];
            n += Long.bitCount(a);
        }
        long pawns = pieceBB[u];
        n += countPawns(pawns & ~pin, t, theirs, us);
        if (chk == 0) {
            long pinnedPawns = pawns & pin;
            while (pinnedPawns != 0) {
                int from = Long.numberOfTrailingZeros(pinnedPawns);
                pinnedPawns &= pinnedPawns - 1;
                n += countPawns(1L << from, t & LINE[ksq][from], theirs, us);
            }
        }
        if (epSquare != Square.NONE) {
            long cands = PAWN_ATTACKS[them][epSquare] & pawns;
            while (cands != 0) {
                int from = Long.numberOfTrailingZeros(cands);
                cands &= cands - 1;
                if (epLegalFrom(from, epSquare)) n++;
            }
        }
        return n;
    }

    private int countPawns(long pawns, long t, long theirs, int us) {
        if (pawns == 0) return 0;
        long empty = ~occupied;
        long single, dbl, caps1, caps2, promoRank;
        if (us == Piece.WHITE) {
            single = (pawns << 8) & empty;
            dbl = ((single & Bitboards.RANK_3) << 8) & empty & t;
            caps1 = ((pawns & ~FILE_A) << 7) & theirs & t;
            caps2 = ((pawns & ~FILE_H) << 9) & theirs & t;
            promoRank = Bitboards.RANK_8;
        } else {
            single = (pawns >>> 8) & empty;
            dbl = ((single & Bitboards.RANK_6) >>> 8) & empty & t;
            caps1 = ((pawns & ~FILE_A) >>> 9) & theirs & t;
            caps2 = ((pawns & ~FILE_H) >>> 7) & theirs & t;
            promoRank = Bitboards.RANK_1;
        }
        single &= t;
        return Long.bitCount(single & ~promoRank) + Long.bitCount(dbl)
            + Long.bitCount(caps1 & ~promoRank) + Long.bitCount(caps2 & ~promoRank)
            + 4 * (Long.bitCount(single & promoRank) + Long.bitCount(caps1 & promoRank) + Long.bitCount(caps2 & promoRank));
    }

    // ---------------------------------------------------------------- repetition

    /**
     * How many times the current position has stood on the board since setup, counting now.
     * Positions are compared by key, which covers placement, side to move, castling rights and a
     * legal en-passant capture — FIDE's definition of "the same position".
     */
    public int repetitionCount() {
        int count = 1;
        int stop = Math.max(0, sp - halfmove);
        for (int i = sp - 2; i >= stop; i -= 2) if (stKey[i] == key) count++;
        return count;
    }

    @Override
    public String toString() {
        return toFen();
    }
}
