package org.rookery.core.notation;

import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.board.Square;

/**
 * Standard Algebraic Notation. Reading is tolerant of what real PGN files contain: {@code 0-0},
 * {@code O-O-O}, {@code cxd8Q}, {@code exd8=Q+}, {@code e8(Q)}, missing or extra check marks,
 * annotation suffixes, a trailing {@code e.p.}, a leading {@code P}, and long algebraic forms such
 * as {@code Ng1-f3} or {@code e2xe4}. Writing is strict: minimal disambiguation, {@code +}/{@code #}.
 *
 * <p>Instances hold a scratch move list; use one per thread. Parsing allocates nothing unless it
 * fails.
 */
public final class San {
    private final int[] moves = new int[Position.MAX_MOVES];

    /** Resolves a SAN move in a position; throws {@link NotationException} naming the reason. */
    public int parse(Position pos, CharSequence san) {
        int n = san.length();
        char[] buf = new char[n];
        for (int i = 0; i < n; i++) buf[i] = san.charAt(i);
        return parse(pos, buf, 0, n);
    }

    /** Resolves the SAN in {@code text[start, end)}. */
    public int parse(Position pos, char[] text, int start, int end) {
        // Trim trailing check marks, annotation glyphs and an "e.p." / "ep" suffix.
        while (end > start) {
            char c = text[end - 1];
            if (c == '+' || c == '#' || c == '!' || c == '?' || c == ' ') {
                end--;
            } else if (end - start > 4 && c == '.' && text[end - 2] == 'p' && text[end - 3] == '.' && text[end - 4] == 'e') {
                end -= 4;
            } else if (end - start > 4 && c == 'p' && text[end - 2] == 'e' && (text[end - 3] == ' ' || isDigit(text[end - 3]))) {
                end -= 2;
            } else {
                break;
            }
        }
        while (start < end && text[start] == ' ') start++;
        if (start >= end) throw fail(text, start, end, "empty move");

        char first = text[start];
        if (first == 'O' || first == '0' || first == 'o') return parseCastle(pos, text, start, end);
        if (end - start == 2 && text[start] == '-' && text[start + 1] == '-') throw fail(text, start, end, "null move");

        int type = Piece.PAWN;
        int i = start;
        if (first >= 'A' && first <= 'Z') {
            type = Piece.typeFromSanChar(first);
            if (type < 0) throw fail(text, start, end, "unknown piece letter '" + first + "'");
            i++;
        }
        // Promotion suffix: "=Q", "Q", "(Q)", "=q"; only for pawns.
        int promo = -1;
        if (end - i >= 2) {
            int j = end;
            if (text[j - 1] == ')' && j - i >= 4 && text[j - 3] == '(') {
                promo = promoType(text[j - 2]);
                if (promo >= 0) j -= 3;
            } else {
                promo = promoType(text[j - 1]);
                if (promo >= 0 && (type != Piece.PAWN || !isDigit(text[j - 2]) && text[j - 2] != '=')) promo = -1;
                if (promo >= 0) {
                    j--;
                    if (text[j - 1] == '=' || text[j - 1] == '/') j--;
                }
            }
            if (promo >= 0) end = j;
        }
        // What remains: [from-file][from-rank][x|-]to-square, with every part but the square optional.
        if (end - i < 2) throw fail(text, start, end, "no destination square");
        int toFile = text[end - 2] - 'a', toRank = text[end - 1] - '1';
        if (toFile < 0 || toFile > 7 || toRank < 0 || toRank > 7) throw fail(text, start, end, "no destination square");
        int to = Square.of(toFile, toRank);
        int fromFile = -1, fromRank = -1;
        int k = end - 2;
        if (k > i && (text[k - 1] == 'x' || text[k - 1] == ':' || text[k - 1] == '-')) k--;
        for (int j = i; j < k; j++) {
            char c = text[j];
            if (c >= 'a' && c <= 'h' && fromFile < 0) fromFile = c - 'a';
            else if (c >= '1' && c <= '8' && fromRank < 0) fromRank = c - '1';
            else throw fail(text, start, end, "unexpected character '" + c + "'");
        }
        if (type == Piece.PAWN && promo < 0 && (toRank == 0 || toRank == 7)) {
            throw fail(text, start, end, "pawn move to the last rank without a promotion piece");
        }

        int count = type >= Piece.KNIGHT && type <= Piece.QUEEN ? pos.generatePieceTo(moves, 0, type, to)
                : pos.generateTo(moves, 0, to);
        int found = Move.NONE;
        for (int m = 0; m < count; m++) {
            int mv = moves[m];
            int from = Move.from(mv);
            if (Piece.type(pos.pieceAt(from)) != type) continue;
            if (fromFile >= 0 && Square.file(from) != fromFile) continue;
            if (fromRank >= 0 && Square.rank(from) != fromRank) continue;
            if (Move.isPromotion(mv) ? Move.promotionType(mv) != promo : promo >= 0) continue;
            if (found != Move.NONE) throw fail(text, start, end, "ambiguous move");
            found = mv;
        }
        if (found == Move.NONE) throw fail(text, start, end, "illegal move");
        return found;
    }

    private int parseCastle(Position pos, char[] text, int start, int end) {
        int parts = 0;
        for (int i = start; i < end; i++) {
            char c = text[i];
            if (c == 'O' || c == '0' || c == 'o') parts++;
            else if (c != '-') throw fail(text, start, end, "unexpected character '" + c + "' in castling");
        }
        if (parts != 2 && parts != 3) throw fail(text, start, end, "malformed castling");
        int flag = parts == 2 ? Move.KING_CASTLE : Move.QUEEN_CASTLE;
        int n = pos.generateQuiets(moves, 0);
        for (int m = 0; m < n; m++) if (Move.flags(moves[m]) == flag) return moves[m];
        throw fail(text, start, end, "illegal move (castling is not allowed here)");
    }

    private static int promoType(char c) {
        switch (c) {
            case 'N': case 'n': return Piece.KNIGHT;
            case 'B': return Piece.BISHOP; // lower-case 'b' would clash with the b-file
            case 'R': case 'r': return Piece.ROOK;
            case 'Q': case 'q': return Piece.QUEEN;
            default: return -1;
        }
    }

    private static boolean isDigit(char c) { return c >= '0' && c <= '9'; }

    private static NotationException fail(char[] text, int start, int end, String reason) {
        return new NotationException(reason + ": \"" + new String(text, start, Math.max(0, end - start)) + "\"");
    }

    /** SAN of a legal move, with minimal disambiguation and a check or mate mark. */
    public String toSan(Position pos, int move) {
        StringBuilder sb = new StringBuilder(8);
        appendSan(pos, move, sb);
        return sb.toString();
    }

    /** Long algebraic notation as some PGN tools write it: {@code Ng1-f3}, {@code e4xd5}, {@code e7-e8=Q+}, {@code O-O}. */
    public String toLan(Position pos, int move) {
        StringBuilder sb = new StringBuilder(10);
        int from = Move.from(move), to = Move.to(move), flags = Move.flags(move);
        if (flags == Move.KING_CASTLE) sb.append("O-O");
        else if (flags == Move.QUEEN_CASTLE) sb.append("O-O-O");
        else {
            int type = Piece.type(pos.pieceAt(from));
            if (type != Piece.PAWN) sb.append(Piece.typeChar(type));
            sb.append(Square.name(from)).append(Move.isCapture(move) ? 'x' : '-').append(Square.name(to));
            if (Move.isPromotion(move)) sb.append('=').append(Piece.typeChar(Move.promotionType(move)));
        }
        pos.makeMove(move);
        if (pos.inCheck()) sb.append(pos.hasLegalMove() ? '+' : '#');
        pos.unmakeMove();
        return sb.toString();
    }

    public void appendSan(Position pos, int move, StringBuilder sb) {
        int from = Move.from(move), to = Move.to(move), flags = Move.flags(move);
        if (flags == Move.KING_CASTLE) sb.append("O-O");
        else if (flags == Move.QUEEN_CASTLE) sb.append("O-O-O");
        else {
            int type = Piece.type(pos.pieceAt(from));
            if (type == Piece.PAWN) {
                if (Move.isCapture(move)) sb.append((char) ('a' + Square.file(from))).append('x');
            } else {
                sb.append(Piece.typeChar(type));
                boolean others = false, sameFile = false, sameRank = false;
                int n = pos.generateTo(moves, 0, to);
                for (int m = 0; m < n; m++) {
                    int of = Move.from(moves[m]);
                    if (of == from || Piece.type(pos.pieceAt(of)) != type) continue;
                    others = true;
                    if (Square.file(of) == Square.file(from)) sameFile = true;
                    if (Square.rank(of) == Square.rank(from)) sameRank = true;
                }
                if (others) {
                    if (!sameFile) sb.append((char) ('a' + Square.file(from)));
                    else if (!sameRank) sb.append((char) ('1' + Square.rank(from)));
                    else sb.append(Square.name(from));
                }
                if (Move.isCapture(move)) sb.append('x');
            }
            sb.append((char) ('a' + Square.file(to))).append((char) ('1' + Square.rank(to)));
            if (Move.isPromotion(move)) sb.append('=').append(Piece.typeChar(Move.promotionType(move)));
        }
        pos.makeMove(move);
        if (pos.inCheck()) sb.append(pos.hasLegalMove() ? '+' : '#');
        pos.unmakeMove();
    }
}
