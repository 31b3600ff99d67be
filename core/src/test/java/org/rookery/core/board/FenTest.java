package org.rookery.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FenTest {
    @ParameterizedTest
    @ValueSource(strings = {
        Position.START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/8/K6k b - - 99 150",
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
    })
    void roundTrips(String fen) {
        assertEquals(fen, Position.fromFen(fen).toFen());
    }

    @Test
    void missingCountersDefault() {
        assertEquals(Position.START_FEN, Position.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").toFen());
    }

    @Test
    void enPassantSquareKeptOnlyWhenCaptureIsPossible() {
        // After 1.e4 no black pawn can take on e3: the field normalises to "-", as Stockfish writes it.
        Position p = Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assertEquals(Square.NONE, p.epSquare());
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", p.toFen());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|expected 4 to 6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1|rank 1 \"RNBQKBN\" has 7 squares",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1|more than 8 squares",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1|expected 8 ranks",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQXBNR w KQkq - 0 1|invalid character 'X'",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|two digits in a row",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1|black has 0 kings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1|white has 2 kings",
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1|pawn stands on rank 8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1|side-to-move field \"x\"",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1|no white rook on h1",
        "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1|its king is not on rank 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Bkq - 0 1|no white rook on b1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1|names the king's own file",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HK - 0 1|appears twice",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1|castling field",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KXkq - 0 1|invalid character 'X'",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1|appears twice",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1|must be on rank 6",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1|no black pawn on e5",
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 3 2|must be 0 right after the double pawn push",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq zz 0 1|en-passant field \"zz\"",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1|halfmove clock",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0|fullmove number \"0\": must be at least 1",
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1|the side not to move is in check",
        "8/8/8/8/8/8/8/Kk6 w - - 0 1|adjacent squares",
        "4k3/8/8/8/8/8/PPPPPPPP/PPPPK3 w - - 0 1|pawn stands on rank 1",
        "4k3/8/8/8/8/8/QQQQQQQQ/QQQ1K3 w - - 0 1|more promoted pieces than missing pawns",
    })
    void rejectsWithAOneLineReasonNamingTheField(String fen, String expectedFragment) {
        FenException e = assertThrows(FenException.class, () -> Position.fromFen(fen));
        assertTrue(e.getMessage().contains(expectedFragment), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertTrue(e.getMessage().startsWith("invalid FEN \""), e.getMessage());
    }

    @Test
    void rejectsEmptyAndNull() {
        assertThrows(FenException.class, () -> Position.fromFen(""));
        assertThrows(FenException.class, () -> Position.fromFen(null));
    }
}
