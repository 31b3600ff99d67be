package org.rookery.core.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.board.Square;

/**
 * Round trips over every position of the Chess960 perft resources and the positions one move
 * later: FEN in Shredder-FEN and X-FEN, and UCI (king-takes-rook, by Uci and UciMoves) and SAN for every legal move,
 * castling above all.
 */
class Chess960NotationTest {
    private final Uci uci = new Uci();
    private final San san = new San();
    private final UciMoves uciMoves = new UciMoves();

    private static List<String> fens() throws Exception {
        List<String> out = new ArrayList<>();
        for (String name : new String[] {"frc-starts.epd", "random-play.epd", "edge.epd"}) {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(
                    Chess960NotationTest.class.getResourceAsStream("/chess960/" + name), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) if (!l.isBlank()) out.add(l.substring(0, l.indexOf(';')).strip());
            }
        }
        return out;
    }

    /** The X-FEN castling field of a Chess960 position: K/Q for the outermost rook, the file letter for an inner one. */
    private static String xfen(Position p) {
        String[] f = p.toFen().split(" ");
        StringBuilder c = new StringBuilder();
        for (int right = 0; right < 4; right++) {
            if ((p.castlingRights() & (1 << right)) == 0) continue;
            int color = right >> 1, rook = p.castlingRookSquare(right);
            boolean kingSide = (right & 1) == 0, outer = true;
            for (int sq = rook + (kingSide ? 1 : -1); sq >= 0 && sq < 64 && Square.rank(sq) == Square.rank(rook); sq += kingSide ? 1 : -1) {
                if (p.pieceAt(sq) == Piece.make(color, Piece.ROOK)) outer = false;
            }
            char letter = outer ? (kingSide ? 'k' : 'q') : (char) ('a' + Square.file(rook));
            c.append(color == Piece.WHITE ? Character.toUpperCase(letter) : letter);
        }
        f[2] = c.length() == 0 ? "-" : c.toString();
        return String.join(" ", f);
    }

    private int checkPosition(Position p) {
        String shredder = p.toFen();
        Position again = Position.fromFen(shredder);
        assertEquals(shredder, again.toFen());
        assertEquals(p.key(), again.key(), shredder);
        Position fromX = Position.fromFen(xfen(p), p.isChess960());
        assertEquals(shredder, fromX.toFen(), "X-FEN " + xfen(p));
        assertEquals(p.key(), fromX.key());
        int castles = 0;
        int[] moves = new int[Position.MAX_MOVES];
        int n = p.generateLegal(moves, 0);
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            String text = Uci.toUci(p, m);
            assertEquals(m, uci.parse(p, text), shredder + " " + text);
            assertEquals(m, uciMoves.resolve(p, text), shredder + " " + text);
            String s = san.toSan(p, m);
            assertEquals(m, san.parse(p, s), shredder + " " + s);
            if (!Move.isCastle(m)) continue;
            castles++;
            int right = p.sideToMove() * 2 + (Move.flags(m) == Move.KING_CASTLE ? 0 : 1);
            if (p.isChess960()) assertEquals(Square.name(Move.from(m)) + Square.name(p.castlingRookSquare(right)), text);
            assertTrue(s.startsWith(right % 2 == 0 ? "O-O" : "O-O-O"), s);
            p.makeMove(m);
            assertEquals(p.computeKey(), p.key(), shredder + " after " + text);
            assertEquals(0, p.castlingRights() & (p.sideToMove() == Piece.WHITE ? 12 : 3), "castling spends both rights");
            p.unmakeMove();
            assertEquals(shredder, p.toFen());
        }
        return castles;
    }

    @Test
    void fenUciAndSanRoundTripInEveryPositionAndOneMoveLater() throws Exception {
        int castles = 0, positions = 0;
        int[] moves = new int[Position.MAX_MOVES];
        for (String fen : fens()) {
            Position p = Position.fromFen(fen);
            castles += checkPosition(p);
            positions++;
            int n = p.generateLegal(moves, 0);
            for (int i = 0; i < n; i++) {
                p.makeMove(moves[i]);
                castles += checkPosition(p);
                positions++;
                p.unmakeMove();
            }
        }
        assertTrue(positions > 20_000, "positions " + positions);
        assertTrue(castles > 1_000, "castling moves " + castles);
    }

    @Test
    void standardPositionsKeepTwoSquareUciAndKqkq() {
        Position p = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertEquals("e1g1", Uci.toUci(p, uci.parse(p, "e1h1")));
        assertEquals("e1c1", Uci.toUci(p, uci.parse(p, "e1c1")));
        assertTrue(p.toFen().contains(" KQkq "));
        Position c = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
        assertEquals("e1h1", Uci.toUci(c, uci.parse(c, "e1g1")));
        assertTrue(c.toFen().contains(" HAha "), c.toFen());
    }

    @Test
    void xFenWithTheKingOffE1IsChess960() {
        Position p = Position.fromFen("rnbqbknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR w KQkq - 0 1");
        assertTrue(p.isChess960());
        assertEquals("rnbqbknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR w HAha - 0 1", p.toFen());
    }
}
