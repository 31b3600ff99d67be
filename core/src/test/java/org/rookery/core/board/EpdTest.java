package org.rookery.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;

class EpdTest {
    @Test
    void readsOperationsInOrderAndRoundTrips() {
        Epd e = Epd.parse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"Ruy; Lopez\"; c0 \"a comment\";");
        assertEquals("Bb5", e.operations().get("bm"));
        assertEquals("Ruy; Lopez", e.operations().get("id"));
        assertEquals("[bm, id, c0]", e.operations().keySet().toString());
        Epd again = Epd.parse(e.toEpd());
        assertEquals(e.operations(), again.operations());
        assertEquals(e.position().toFen(), again.position().toFen());
    }

    @Test
    void clockOperationsSetTheCounters() {
        Epd e = Epd.parse("8/8/8/8/8/8/8/K6k w - - hmvc 17; fmvn 42;");
        assertEquals(17, e.position().halfmoveClock());
        assertEquals(42, e.position().fullmoveNumber());
    }

    @Test
    void fenCountersAfterTheFourFieldsAreKept() {
        Epd e = Epd.parse("8/8/8/8/8/8/8/K6k b - - 37 61 id \"late\";");
        assertEquals(37, e.position().halfmoveClock());
        assertEquals(61, e.position().fullmoveNumber());
        assertEquals("late", e.operations().get("id"));
        Epd bare = Epd.parse("8/8/8/8/8/8/8/K6k w - - 3 9");
        assertEquals(3, bare.position().halfmoveClock());
        assertEquals(9, bare.position().fullmoveNumber());
        assertTrue(bare.operations().isEmpty());
    }

    @Test
    void rejectsBadOperations() {
        FenException a = assertThrows(FenException.class, () -> Epd.parse("8/8/8/8/8/8/8/K6k w - - bm Ka2"));
        assertTrue(a.getMessage().contains("not terminated by ';'"), a.getMessage());
        FenException b = assertThrows(FenException.class, () -> Epd.parse("8/8/8/8/8/8/8/K6k w - - id \"open;"));
        assertTrue(b.getMessage().contains("unterminated string"), b.getMessage());
        assertThrows(FenException.class, () -> Epd.parse("8/8/8/8/8/8/8/K6k w"));
        assertThrows(FenException.class, () -> Epd.parse("8/8/8/8/8/8/8/K6X w - - bm Ka2;"));
    }

    @Test
    void lanOutput() {
        San san = new San();
        Position p = new Position();
        assertEquals("Ng1-f3", san.toLan(p, new Uci().parse(p, "g1f3")));
        assertEquals("e2-e4", san.toLan(p, new Uci().parse(p, "e2e4")));
        Position q = Position.fromFen("3r4/2P5/8/8/8/8/8/k3K3 w - - 0 1");
        assertEquals("c7xd8=Q", san.toLan(q, new Uci().parse(q, "c7d8q")));
        assertEquals(new Uci().parse(q, "c7d8q"), san.parse(q, "c7xd8=Q"), "LAN reads back");
    }
}
