package org.rookery.core.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;

class SanTest {
    private final San san = new San();
    private final Uci uci = new Uci();

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // FEN | SAN as written in the wild | the UCI move it must mean
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|e4|e2e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|Nf3+|g1f3",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|Ng1-f3|g1f3",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|e2-e4|e2e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|Pe4|e2e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|d4!?|d2d4",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1|O-O|e1g1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1|0-0|e1g1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1|O-O-O|e1c1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1|0-0-0+|e1c1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1|O-O-O|e8c8",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|cxd8Q|c7d8q",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|cxd8=Q+|c7d8q",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|cxd8=N|c7d8n",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|c8(Q)|c7c8q",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|c8=R|c7c8r",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|c8B|c7c8b",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3|exf6|e5f6",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3|exf6 e.p.|e5f6",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3|exf6e.p.|e5f6",
        "6k1/8/8/8/8/8/4K3/R6R w - - 0 1|Rad1|a1d1",
        "6k1/8/8/8/8/8/4K3/R6R w - - 0 1|Rhf1|h1f1",
        "7k/R7/8/8/8/8/8/R3K3 w - - 0 1|R1a4|a1a4",
        "7k/R7/8/8/8/8/8/R3K3 w - - 0 1|R7a4|a7a4",
        "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1|Qa4b3|a4b3",
        "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1|Qa2b3|a2b3",
        "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1|Qcb3|c4b3",
    })
    void readsToleratedForms(String fen, String text, String expectedUci) {
        Position p = Position.fromFen(fen);
        assertEquals(expectedUci, Move.toUci(san.parse(p, text)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|e5|illegal move",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|Nd4|illegal move",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|O-O|castling is not allowed",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|Xe4|unknown piece letter",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|e9|no destination square",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|hello|",
        "6k1/8/8/8/8/8/4K3/R6R w - - 0 1|Rd1|ambiguous move",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|c8|without a promotion piece",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|--|null move",
    })
    void rejectsWithReason(String fen, String text, String reason) {
        Position p = Position.fromFen(fen);
        NotationException e = assertThrows(NotationException.class, () -> san.parse(p, text));
        assertTrue(reason == null || e.getMessage().contains(reason), e.getMessage());
        assertTrue(e.getMessage().contains("\"" + text.trim()) || e.getMessage().contains(text.substring(0, 1)), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "6k1/8/8/8/8/8/4K3/R6R w - - 0 1|a1d1|Rad1",
        "7k/R7/8/8/8/8/8/R3K3 w - - 0 1|a1a4|R1a4",
        "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1|a4b3|Qa4b3",
        "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1|c4b3|Qcb3",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|c7d8q|cxd8=Q",
        "3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1|c7c8n|c8=N",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1|e1c1|O-O-O",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3|e5f6|exf6",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1|a1a8|Ra8#",
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2|d8h4|Qh4#",
    })
    void writesMinimalSan(String fen, String uciMove, String expected) {
        Position p = Position.fromFen(fen);
        assertEquals(expected, san.toSan(p, uci.parse(p, uciMove)));
    }

    /** Every legal move's SAN must read back as the same move, across many random positions. */
    @Test
    void writeThenReadIsIdentityOnRandomGames() {
        SplittableRandom rnd = new SplittableRandom(3);
        int[] moves = new int[Position.MAX_MOVES];
        int checked = 0;
        for (int game = 0; game < 100; game++) {
            Position p = new Position();
            for (int ply = 0; ply < 200; ply++) {
                int n = p.generateLegal(moves, 0);
                if (n == 0) break;
                for (int i = 0; i < n; i++) {
                    String s = san.toSan(p, moves[i]);
                    assertEquals(moves[i], san.parse(p, s), s + " in " + p.toFen());
                    assertEquals(moves[i], uci.parse(p, Move.toUci(moves[i])));
                    checked++;
                }
                p.makeMove(moves[rnd.nextInt(n)]);
            }
        }
        assertTrue(checked > 100_000, "checked " + checked);
    }

    @Test
    void uciRejectsIllegalAndMalformed() {
        Position p = new Position();
        assertThrows(NotationException.class, () -> uci.parse(p, "e2e5"));
        assertThrows(NotationException.class, () -> uci.parse(p, "e2"));
        assertThrows(NotationException.class, () -> uci.parse(p, "e7e8x"));
        Position castle = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertEquals("e1g1", Move.toUci(uci.parse(castle, "e1h1")), "king-takes-rook castling accepted");
    }
}
