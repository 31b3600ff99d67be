package org.rookery.core.board;

import static org.rookery.core.board.Bitboards.BETWEEN;
import static org.rookery.core.board.Bitboards.BISHOP_RAYS;
import static org.rookery.core.board.Bitboards.KING_ATTACKS;
import static org.rookery.core.board.Bitboards.KNIGHT_ATTACKS;
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
 * <p>Undo state lives in one preallocated {@link Undo} record per ply, grown only when a game runs
 * longer than any before it; legal moves come from {@link MoveGenerator}. Not thread-safe: one position per thread (see {@link #copy()}).
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
    /** Chess960 rules for notation: Shredder-FEN castling field, king-takes-rook UCI castling. */
    boolean chess960;

    // Castling geometry per right index (0 = white OO, 1 = white OOO, 2 = black OO, 3 = black OOO).
    final int[] castleRookFrom = new int[4];
    final int[] castleKingFrom = new int[4];
    private final long[] castleEmpty = new long[4];
    private final long[] castleSafe = new long[4];
    /** The castling key of every subset of rights, by their rooks' files (see {@link Zobrist}). */
    private final long[] castleKey = new long[16];
    /** Rights kept when a piece leaves or lands on a square. */
    private final int[] castleKeep = new int[64];

    // Undo stack: entry i holds the state before the i-th move since the last setup.
    private int sp;
    private Undo[] states = Undo.grow(new Undo[0], 512);

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

    /**
     * A position parsed from FEN, read as Chess960 when {@code chess960} is set or the castling
     * field says so (Shredder-FEN letters, or X-FEN rights whose king or rook is off its standard square).
     */
    public static Position fromFen(String fen, boolean chess960) {
        Position p = new Position();
        Fen.load(p, fen, chess960);
        return p;
    }

    /** Replaces this position (and clears its history) with the one a FEN describes. */
    public void setFen(String fen) {
        Fen.load(this, fen);
    }

    /** As {@link #setFen(String)}, read as Chess960 when {@code chess960} is set or the FEN says so. */
    public void setFen(String fen, boolean chess960) {
        Fen.load(this, fen, chess960);
    }

    /** Whether this position follows Chess960 notation (Shredder-FEN castling, king-takes-rook UCI). */
    public boolean isChess960() { return chess960; }

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
        System.arraycopy(other.castleKey, 0, castleKey, 0, 16);
        chess960 = other.chess960;
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
        p.copyFrom(this);
        p.sp = sp;
        if (p.states.length < sp) p.states = Undo.grow(p.states, states.length);
        for (int i = 0; i < sp; i++) p.states[i].copyFrom(states[i]);
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
        putPiece(piece, sq);
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
        long rightKey = Zobrist.CASTLING_ROOK[right >> 1][Square.file(rookFrom)];
        for (int rights = 0; rights < 16; rights++) if ((rights & (1 << right)) != 0) castleKey[rights] ^= rightKey;
    }

    void resetCastlingGeometry() {
        java.util.Arrays.fill(castleKeep, 15);
        java.util.Arrays.fill(castleKey, 0L);
        castling = 0;
        chess960 = false;
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
        k ^= castleKey[castling];
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
    public int moveAt(int i) { return states[i].move; }
    /** The key of the position before the i-th move since setup; {@code keyAt(ply())} is the current key. */
    public long keyAt(int i) { return i == sp ? key : states[i].key; }
    /** The halfmove clock of the position before the i-th move since setup. */
    public int halfmoveAt(int i) { return i == sp ? halfmove : states[i].halfmove; }
    /** The castling rights of the position before the i-th move since setup. */
    public int castlingAt(int i) { return i == sp ? castling : states[i].castling; }

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

    boolean attackedBy(int by, int sq, long occ) {
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

    boolean epLegalFrom(int from, int ep) {
        int us = side, them = us ^ 1, t = them * 6;
        int ksq = kingSq[us];
        long capturedBit = 1L << (ep ^ 8);
        long occ = (occupied ^ (1L << from) ^ capturedBit) | (1L << ep);
        return (PAWN_ATTACKS[us][ksq] & pieceBB[t] & ~capturedBit) == 0
            && (KNIGHT_ATTACKS[ksq] & pieceBB[t + Piece.KNIGHT]) == 0
            && (bishopAttacks(ksq, occ) & (pieceBB[t + Piece.BISHOP] | pieceBB[t + Piece.QUEEN])) == 0
            && (rookAttacks(ksq, occ) & (pieceBB[t + Piece.ROOK] | pieceBB[t + Piece.QUEEN])) == 0;
    }

    /** Whether castling with this right is legal now: path empty, king's path not attacked. */
    boolean castlingAllowed(int right) {
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

    // ---------------------------------------------------------------- pieces

    private void putPiece(int piece, int sq) {
        long b = 1L << sq;
        pieceBB[piece] |= b;
        colorBB[Piece.color(piece)] |= b;
        occupied |= b;
        board[sq] = piece;
    }

    private void removePiece(int piece, int sq) {
        long b = 1L << sq;
        pieceBB[piece] ^= b;
        colorBB[Piece.color(piece)] ^= b;
        occupied ^= b;
        board[sq] = Piece.NONE;
    }

    private void movePiece(int piece, int from, int to) {
        long fromTo = (1L << from) | (1L << to);
        pieceBB[piece] ^= fromTo;
        colorBB[Piece.color(piece)] ^= fromTo;
        occupied ^= fromTo;
        board[from] = Piece.NONE;
        board[to] = piece;
    }

    // ---------------------------------------------------------------- make / unmake

    /** Plays a legal move (as produced by the generator); behaviour for an illegal move is undefined. */
    public void makeMove(int move) {
        int s = sp;
        if (s == states.length) states = Undo.grow(states, s * 2);
        Undo u = states[s];
        u.save(this, move);
        int from = move & 63, to = (move >>> 6) & 63, flags = move >>> 12;
        int us = side, them = us ^ 1;
        int piece = board[from];

        long k = key ^ Zobrist.WHITE_TO_MOVE;
        if (epSquare != Square.NONE) {
            k ^= Zobrist.EP_FILE[epSquare & 7];
            epSquare = Square.NONE;
        }
        long[] zPiece = Zobrist.PIECE_SQUARE[piece];
        int newHalfmove = halfmove + 1;

        if (flags == Move.QUIET || flags == Move.DOUBLE_PUSH) {
            movePiece(piece, from, to);
            k ^= zPiece[from] ^ zPiece[to];
        } else if (flags == Move.CAPTURE) {
            int captured = u.captured = board[to];
            removePiece(captured, to);
            movePiece(piece, from, to);
            k ^= zPiece[from] ^ zPiece[to] ^ Zobrist.PIECE_SQUARE[captured][to];
            newHalfmove = 0;
        } else if (flags == Move.EN_PASSANT) {
            int capSq = to ^ 8;
            int captured = u.captured = piece + 6 - 12 * us; // the other colour's pawn
            removePiece(captured, capSq);
            movePiece(piece, from, to);
            k ^= zPiece[from] ^ zPiece[to] ^ Zobrist.PIECE_SQUARE[captured][capSq];
        } else if (flags == Move.KING_CASTLE || flags == Move.QUEEN_CASTLE) {
            int rookFrom = castleRookFrom[us * 2 + (flags - Move.KING_CASTLE)];
            int rookTo = (flags == Move.KING_CASTLE ? 5 : 3) + (from & 56);
            int rook = piece - 2; // king → rook of the same colour
            // Remove both first: in Chess960 the destinations may be the other piece's origin.
            removePiece(piece, from);
            removePiece(rook, rookFrom);
            putPiece(piece, to);
            putPiece(rook, rookTo);
            k ^= zPiece[from] ^ zPiece[to] ^ Zobrist.PIECE_SQUARE[rook][rookFrom] ^ Zobrist.PIECE_SQUARE[rook][rookTo];
        } else { // promotions, capturing or not
            int promoted = us * 6 + (flags & 3) + Piece.KNIGHT;
            if ((flags & 4) != 0) {
                int captured = u.captured = board[to];
                removePiece(captured, to);
                k ^= Zobrist.PIECE_SQUARE[captured][to];
            }
            removePiece(piece, from);
            putPiece(promoted, to);
            k ^= zPiece[from] ^ Zobrist.PIECE_SQUARE[promoted][to];
        }

        int type = piece - us * 6;
        if (type == Piece.PAWN) newHalfmove = 0;
        else if (type == Piece.KING) kingSq[us] = to;

        int rights = castling & castleKeep[from] & castleKeep[to];
        if (rights != castling) {
            k ^= castleKey[castling] ^ castleKey[rights];
            castling = rights;
        }
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
        Undo u = states[--sp];
        int move = u.move;
        int from = move & 63, to = (move >>> 6) & 63, flags = move >>> 12;
        int us = side ^ 1;
        side = us;
        if (us == Piece.BLACK) fullmove--;
        int piece = board[to];

        if (flags == Move.QUIET || flags == Move.DOUBLE_PUSH) {
            movePiece(piece, to, from);
        } else if (flags == Move.CAPTURE) {
            movePiece(piece, to, from);
            putPiece(u.captured, to);
        } else if (flags == Move.EN_PASSANT) {
            movePiece(piece, to, from);
            putPiece(u.captured, to ^ 8);
        } else if (flags == Move.KING_CASTLE || flags == Move.QUEEN_CASTLE) {
            int rookFrom = castleRookFrom[us * 2 + (flags - Move.KING_CASTLE)];
            int rookTo = (flags == Move.KING_CASTLE ? 5 : 3) + (from & 56);
            int rook = piece - 2;
            removePiece(piece, to);
            removePiece(rook, rookTo);
            putPiece(piece, from);
            putPiece(rook, rookFrom);
        } else {
            removePiece(piece, to);
            putPiece(us * 6, from);
            if (u.captured != Piece.NONE) putPiece(u.captured, to);
        }
        if (piece == us * 6 + Piece.KING) kingSq[us] = from;
        u.restore(this);
    }

    /** Passes the move (for engines' null-move pruning); illegal when in check. */
    public void makeNullMove() {
        int s = sp;
        if (s == states.length) states = Undo.grow(states, s * 2);
        states[s].save(this, Move.NONE);
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
        Undo u = states[--sp];
        side ^= 1;
        if (side == Piece.BLACK) fullmove--;
        u.restore(this);
    }

    /** Forgets the move history (keeps the position), e.g. before a long replay to free the stack. */
    public void clearHistory() {
        sp = 0;
    }

    // ---------------------------------------------------------------- move generation

    /** Generates all legal moves into {@code moves} from {@code start}; returns the new end index. */
    public int generateLegal(int[] moves, int start) {
        return MoveGenerator.generate(this, moves, start, ~colorBB[side], true, true);
    }

    /** Legal captures only (including en passant and capturing promotions). */
    public int generateCaptures(int[] moves, int start) {
        return MoveGenerator.generate(this, moves, start, colorBB[side ^ 1], true, false);
    }

    /** Legal non-captures only (including castling and non-capturing promotions). */
    public int generateQuiets(int[] moves, int start) {
        return MoveGenerator.generate(this, moves, start, ~occupied, false, true);
    }

    /** Legal moves landing on {@code to} (castling excluded), e.g. for resolving SAN. */
    public int generateTo(int[] moves, int start, int to) {
        return MoveGenerator.generate(this, moves, start, (1L << to) & ~colorBB[side], to == epSquare, false);
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
        return MoveGenerator.pieceTo(this, moves, start, type, to);
    }

    /** Whether a move (in this encoding) is legal here. */
    public boolean isLegal(int move) {
        if (move == Move.NONE) return false;
        int n = MoveGenerator.generate(this, scratch, 0, ~colorBB[side], true, true);
        for (int i = 0; i < n; i++) if (scratch[i] == move) return true;
        return false;
    }

    public boolean hasLegalMove() {
        return countLegal() != 0;
    }

    public boolean isCheckmate() { return checkers != 0 && countLegal() == 0; }

    public boolean isStalemate() { return checkers == 0 && countLegal() == 0; }

    /**
     * Counts the legal moves without listing them: the generator's popcounts of target sets, so
     * perft's last ply costs a fraction of generating.
     */
    public int countLegal() {
        return MoveGenerator.count(this);
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
        for (int i = sp - 2; i >= stop; i -= 2) if (states[i].key == key) count++;
        return count;
    }

    @Override
    public String toString() {
        return toFen();
    }
}
