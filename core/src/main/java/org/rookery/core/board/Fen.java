package org.rookery.core.board;

/**
 * Strict FEN reading and writing. Every rejection is a {@link FenException} whose message names the
 * offending field, e.g. {@code invalid FEN "…": castling field "K": no white rook on h1}.
 *
 * <p>The halfmove and fullmove fields may be omitted (EPD style; they default to 0 and 1). The
 * en-passant field is checked for consistency and then kept only if a capture is legal, so
 * {@link #write} prints "-" where no en-passant capture exists (as Stockfish and lichess do).
 */
public final class Fen {
    private Fen() {}

    /** Parses a FEN into a new position. */
    public static Position parse(String fen) {
        return Position.fromFen(fen);
    }

    /** Parses a FEN into a new position, read as Chess960 when {@code chess960} is set or the FEN says so. */
    public static Position parse(String fen, boolean chess960) {
        return Position.fromFen(fen, chess960);
    }

    static void load(Position p, String fen) {
        load(p, fen, false);
    }

    static void load(Position p, String fen, boolean chess960) {
        if (fen == null) throw new FenException("invalid FEN: null");
        String[] f = fen.trim().split("\\s+");
        if (f.length < 4 || f.length > 6 || f[0].isEmpty()) {
            throw err(fen, "expected 4 to 6 space-separated fields (placement, side, castling, en passant, halfmove, fullmove), found " + (f[0].isEmpty() ? 0 : f.length));
        }
        p.clear();
        p.resetCastlingGeometry();
        parsePlacement(p, fen, f[0]);

        if (f[1].equals("w")) p.side = Piece.WHITE;
        else if (f[1].equals("b")) p.side = Piece.BLACK;
        else throw err(fen, "side-to-move field \"" + f[1] + "\": expected w or b");

        parseCastling(p, fen, f[2], chess960);
        int ep = parseEnPassant(p, fen, f[3]);

        if (f.length > 4) {
            p.halfmove = parseNumber(fen, "halfmove clock", f[4], 0);
            if (ep != Square.NONE && p.halfmove != 0) {
                throw err(fen, "halfmove clock \"" + f[4] + "\": must be 0 right after the double pawn push that the en-passant field implies");
            }
        }
        if (f.length > 5) p.fullmove = parseNumber(fen, "fullmove number", f[5], 1);

        int them = p.side ^ 1;
        if ((p.attackersTo(p.kingSq[them], p.occupied) & p.colorBB[p.side]) != 0) {
            throw err(fen, "side-to-move field \"" + f[1] + "\": the side not to move is in check");
        }
        p.finishSetup(ep);
        long checkers = p.checkers;
        if (Long.bitCount(checkers) > 2) {
            throw err(fen, "placement: the king is attacked by " + Long.bitCount(checkers) + " pieces, which no legal move can produce");
        }
    }

    private static void parsePlacement(Position p, String fen, String placement) {
        String[] ranks = placement.split("/", -1);
        if (ranks.length != 8) throw err(fen, "placement field: expected 8 ranks separated by '/', found " + ranks.length);
        int[] count = new int[12];
        for (int i = 0; i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            boolean lastDigit = false;
            String r = ranks[i];
            if (r.isEmpty()) throw err(fen, "placement field: rank " + (rank + 1) + " is empty");
            for (int j = 0; j < r.length(); j++) {
                char c = r.charAt(j);
                if (c >= '1' && c <= '8') {
                    if (lastDigit) throw err(fen, "placement field: rank " + (rank + 1) + " \"" + r + "\" has two digits in a row");
                    file += c - '0';
                    lastDigit = true;
                } else {
                    int piece = Piece.fromFenChar(c);
                    if (piece == Piece.NONE) throw err(fen, "placement field: rank " + (rank + 1) + " \"" + r + "\" has the invalid character '" + c + "'");
                    if (file >= 8) throw err(fen, "placement field: rank " + (rank + 1) + " \"" + r + "\" has more than 8 squares");
                    if (Piece.type(piece) == Piece.PAWN && (rank == 0 || rank == 7)) {
                        throw err(fen, "placement field: a pawn stands on rank " + (rank + 1));
                    }
                    p.put(piece, Square.of(file, rank));
                    count[piece]++;
                    file++;
                    lastDigit = false;
                }
                if (file > 8) throw err(fen, "placement field: rank " + (rank + 1) + " \"" + r + "\" has more than 8 squares");
            }
            if (file != 8) throw err(fen, "placement field: rank " + (rank + 1) + " \"" + r + "\" has " + file + " squares, expected 8");
        }
        for (int color = 0; color < 2; color++) {
            String name = color == Piece.WHITE ? "white" : "black";
            int kings = count[Piece.make(color, Piece.KING)];
            if (kings != 1) throw err(fen, "placement field: " + name + " has " + kings + " kings, expected exactly 1");
            int pawns = count[Piece.make(color, Piece.PAWN)];
            if (pawns > 8) throw err(fen, "placement field: " + name + " has " + pawns + " pawns, at most 8 are possible");
            int total = Long.bitCount(p.colorBB[color]);
            if (total > 16) throw err(fen, "placement field: " + name + " has " + total + " pieces, at most 16 are possible");
            // Each piece beyond the initial set must come from a promotion, which costs a pawn.
            int extra = Math.max(0, count[Piece.make(color, Piece.KNIGHT)] - 2) + Math.max(0, count[Piece.make(color, Piece.BISHOP)] - 2)
                + Math.max(0, count[Piece.make(color, Piece.ROOK)] - 2) + Math.max(0, count[Piece.make(color, Piece.QUEEN)] - 1);
            if (extra > 8 - pawns) throw err(fen, "placement field: " + name + " has more promoted pieces than missing pawns");
        }
        if ((Bitboards.KING_ATTACKS[p.kingSq[0]] & (1L << p.kingSq[1])) != 0) {
            throw err(fen, "placement field: the kings stand on adjacent squares");
        }
    }

    /**
     * Reads standard {@code KQkq}, Shredder-FEN ({@code HAha}: the castling rooks' files) and X-FEN
     * ({@code KQkq} meaning the outermost rook on that side, a file letter for an inner one). A
     * file letter, or a right whose king or rook is off e1/a1/h1 (e8/a8/h8), makes the position Chess960.
     */
    private static void parseCastling(Position p, String fen, String field, boolean chess960) {
        p.chess960 = chess960;
        if (field.equals("-")) return;
        if (field.isEmpty() || field.length() > 4) throw err(fen, "castling field \"" + field + "\": expected '-' or up to four of KQkq or rook files A-H/a-h");
        int[] rookFrom = new int[4];
        int seen = 0;
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            int color = Character.isUpperCase(c) ? Piece.WHITE : Piece.BLACK;
            String name = color == Piece.WHITE ? "white" : "black";
            int rank = color == Piece.WHITE ? 0 : 7;
            int king = p.kingSq[color];
            if (Square.rank(king) != rank) throw err(fen, "castling field \"" + field + "\": " + name + " may not castle: its king is not on rank " + (rank + 1));
            char lower = Character.toLowerCase(c);
            int right, rook;
            if (lower == 'k' || lower == 'q') {
                boolean kingSide = lower == 'k';
                right = color * 2 + (kingSide ? 0 : 1);
                rook = outermostRook(p, color, king, kingSide);
                if (rook == Square.NONE) {
                    throw err(fen, "castling field \"" + field + "\": " + name + " may not castle " + (kingSide ? "king" : "queen")
                        + " side: no " + name + " rook on " + (Square.file(king) == 4 ? Square.name(Square.of(kingSide ? 7 : 0, rank)) : "the " + (kingSide ? "king" : "queen") + " side of " + Square.name(king)));
                }
                if (Square.file(king) != 4 || Square.file(rook) != (kingSide ? 7 : 0)) p.chess960 = true;
            } else if (lower >= 'a' && lower <= 'h') {
                rook = Square.of(lower - 'a', rank);
                if (rook == king) throw err(fen, "castling field \"" + field + "\": '" + c + "' names the king's own file");
                if (p.board[rook] != Piece.make(color, Piece.ROOK)) throw err(fen, "castling field \"" + field + "\": " + name + " may not castle with '" + c + "': no " + name + " rook on " + Square.name(rook));
                right = color * 2 + (rook > king ? 0 : 1);
                p.chess960 = true;
            } else {
                throw err(fen, "castling field \"" + field + "\": invalid character '" + c + "' (expected K, Q, k, q, a rook file A-H/a-h or -)");
            }
            if ((seen & (1 << right)) != 0) throw err(fen, "castling field \"" + field + "\": '" + c + "' appears twice as " + name + "'s " + ((right & 1) == 0 ? "king" : "queen") + "-side right");
            seen |= 1 << right;
            rookFrom[right] = rook;
        }
        for (int right = 0; right < 4; right++) {
            if ((seen & (1 << right)) != 0) p.setCastlingRight(right, p.kingSq[right >> 1], rookFrom[right]);
        }
    }

    /** The rook farthest from the king on one side of it on its back rank, or {@link Square#NONE}. */
    private static int outermostRook(Position p, int color, int king, boolean kingSide) {
        int rook = Piece.make(color, Piece.ROOK);
        int step = kingSide ? 1 : -1;
        int found = Square.NONE;
        for (int sq = king + step; Square.rank(sq) == Square.rank(king) && sq >= 0 && sq < 64; sq += step) {
            if (p.board[sq] == rook) found = sq;
            if (Square.file(sq) == (kingSide ? 7 : 0)) break;
        }
        return found;
    }

    private static int parseEnPassant(Position p, String fen, String field) {
        if (field.equals("-")) return Square.NONE;
        int sq = Square.parse(field);
        if (sq == Square.NONE) throw err(fen, "en-passant field \"" + field + "\": expected '-' or a square such as e3");
        int us = p.side, them = us ^ 1;
        int expectedRank = us == Piece.WHITE ? 5 : 2;
        if (Square.rank(sq) != expectedRank) {
            throw err(fen, "en-passant field \"" + field + "\": with " + (us == Piece.WHITE ? "white" : "black")
                + " to move the square must be on rank " + (expectedRank + 1));
        }
        int pawnSq = us == Piece.WHITE ? sq - 8 : sq + 8;
        int originSq = us == Piece.WHITE ? sq + 8 : sq - 8;
        if (p.board[pawnSq] != Piece.make(them, Piece.PAWN)) {
            throw err(fen, "en-passant field \"" + field + "\": no " + (them == Piece.WHITE ? "white" : "black") + " pawn on " + Square.name(pawnSq) + " that could have just moved two squares");
        }
        if (p.board[sq] != Piece.NONE || p.board[originSq] != Piece.NONE) {
            throw err(fen, "en-passant field \"" + field + "\": " + Square.name(sq) + " and " + Square.name(originSq) + " must be empty after a double pawn push");
        }
        return sq;
    }

    private static int parseNumber(String fen, String name, String text, int min) {
        int v = 0;
        if (text.isEmpty() || text.length() > 6) throw err(fen, name + " \"" + text + "\": expected a number");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') throw err(fen, name + " \"" + text + "\": expected a non-negative whole number");
            v = v * 10 + (c - '0');
        }
        if (v < min) throw err(fen, name + " \"" + text + "\": must be at least " + min);
        return v;
    }

    private static FenException err(String fen, String what) {
        String shown = fen.length() > 120 ? fen.substring(0, 117) + "..." : fen;
        return new FenException("invalid FEN \"" + shown.replace('\n', ' ') + "\": " + what);
    }

    /**
     * The FEN of a position; the en-passant field shows a square only when a capture there is
     * legal. Chess960 positions get a Shredder-FEN castling field ({@code HAha}), others {@code KQkq}.
     */
    public static String write(Position p) {
        StringBuilder sb = new StringBuilder(90);
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int piece = p.board[Square.of(file, rank)];
                if (piece == Piece.NONE) {
                    empty++;
                } else {
                    if (empty > 0) sb.append(empty);
                    empty = 0;
                    sb.append(Piece.fenChar(piece));
                }
            }
            if (empty > 0) sb.append(empty);
            if (rank > 0) sb.append('/');
        }
        sb.append(p.side == Piece.WHITE ? " w " : " b ");
        if (p.castling == 0) sb.append('-');
        else for (int right = 0; right < 4; right++) {
            if ((p.castling & (1 << right)) == 0) continue;
            // Shredder-FEN for Chess960: the rook's file, upper case for white.
            sb.append(p.chess960 ? (char) ((right < 2 ? 'A' : 'a') + Square.file(p.castleRookFrom[right])) : "KQkq".charAt(right));
        }
        sb.append(' ').append(p.epSquare == Square.NONE ? "-" : Square.name(p.epSquare));
        sb.append(' ').append(p.halfmove).append(' ').append(p.fullmove);
        return sb.toString();
    }
}
