package org.rookery.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.notation.Uci;

class ZobristTest {
    /** The test vectors published with the Polyglot book format. */
    @Test
    void matchesPublishedPolyglotKeys() throws Exception {
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                getClass().getResourceAsStream("/zobrist/polyglot-keys.txt"), StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) if (!l.isBlank() && !l.startsWith("#")) lines.add(l.trim());
        }
        assertTrue(lines.size() >= 9, "expected the nine published vectors, found " + lines.size());
        Uci uci = new Uci();
        for (String line : lines) {
            String[] parts = line.split("\\s+");
            Position p = new Position();
            for (int i = 1; i < parts.length; i++) p.makeMove(uci.parse(p, parts[i]));
            assertEquals(Long.parseUnsignedLong(parts[0], 16), p.key(), "after: " + line);
            assertEquals(p.computeKey(), p.key());
        }
    }

    @Test
    void startPositionKey() {
        assertEquals(0x463b96181691fc9cL, new Position().key());
    }

    /**
     * Polyglot hashes the en-passant file when a pawn merely stands beside the pushed pawn; FIDE's
     * "same position" (and so our key) counts it only when the capture is legal. Here the black
     * pawn on e4 is pinned to its king by the rook on a4, so after d2d4 no capture is legal.
     */
    @Test
    void enPassantFileHashedOnlyWhenCaptureIsLegal() {
        Position pinned = Position.fromFen("8/8/8/8/R3p2k/8/3P4/4K3 w - - 0 1");
        pinned.makeMove(new Uci().parse(pinned, "d2d4"));
        assertEquals(Square.NONE, pinned.epSquare());
        assertEquals(Position.fromFen("8/8/8/8/R2Pp2k/8/8/4K3 b - - 0 1").key(), pinned.key());

        Position free = Position.fromFen("8/8/8/8/4p2k/8/3P4/4K3 w - - 0 1");
        free.makeMove(new Uci().parse(free, "d2d4"));
        assertEquals(Square.of(3, 2), free.epSquare());
        assertNotEquals(Position.fromFen("8/8/8/8/3Pp2k/8/8/4K3 b - - 0 1").key(), free.key());
        assertEquals(free.computeKey(), free.key());
    }
}
