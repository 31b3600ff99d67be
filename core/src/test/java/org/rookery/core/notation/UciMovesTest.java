package org.rookery.core.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.pgn.SelfPlayGames;

/** The fast resolver names the move {@link Uci#parse} names, and the shared texts are Move's. */
class UciMovesTest {
    @Test
    void resolvesEveryLegalMoveOfEveryPositionAsUciParseDoes() throws Exception {
        UciMoves fast = new UciMoves();
        Uci full = new Uci();
        GameReplay replay = new GameReplay();
        Position pos = new Position();
        int[] legal = new int[Position.MAX_MOVES];
        long checked = 0;
        int promotions = 0;
        int castles = 0;
        try (PgnReader r = SelfPlayGames.open()) {
            PgnGame g = new PgnGame();
            for (int game = 0; game < 100 && r.next(g); game++) {
                assertTrue(replay.replay(g), replay.error());
                pos.setFen(Position.START_FEN);
                for (int i = 0; i < replay.plies(); i++) {
                    int n = pos.generateLegal(legal, 0);
                    for (int k = 0; k < n; k++) {
                        String text = UciText.of(legal[k]);
                        assertEquals(Move.toUci(legal[k]), text);
                        int m = fast.resolve(pos, text);
                        assertEquals(full.parse(pos, text), m, text + " in " + pos.toFen());
                        assertEquals(legal[k], m, text + " in " + pos.toFen());
                        promotions += Move.isPromotion(m) ? 1 : 0;
                        castles += Move.isCastle(m) ? 1 : 0;
                        checked++;
                    }
                    pos.makeMove(replay.move(i));
                }
            }
        }
        assertTrue(checked > 100_000 && promotions > 0 && castles > 0,
                "positions exercise the resolver: " + checked + " " + promotions + " " + castles);
    }

    @Test
    void readsUpperCasePromotionsAndRefusesWhatUciRefuses() {
        UciMoves fast = new UciMoves();
        Position pos = Position.fromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        int q = fast.resolve(pos, "e7e8Q");
        assertEquals("e7e8q", UciText.of(q));
        assertEquals(q, fast.resolve(pos, "e7e8q"));
        for (String bad : new String[] {"e7e8", "e7e8x", "e1e3", "e9e8", "e7"}) {
            NotationException expected = assertThrows(NotationException.class, () -> new Uci().parse(pos, bad));
            NotationException actual = assertThrows(NotationException.class, () -> fast.resolve(pos, bad));
            assertEquals(expected.getMessage(), actual.getMessage(), bad);
        }
    }

    @Test
    void everyTableSlotHoldsItsMovesText() {
        for (int i = 0; i < UciText.SIZE; i++) {
            assertEquals(i, UciText.index(UciMovesTest.moveOfSlot(i)));
            assertEquals(Move.toUci(UciMovesTest.moveOfSlot(i)), UciText.at(i));
        }
        int capturePromotion = Move.of(52, 61, Move.PROMO_CAPTURE_KNIGHT);
        assertEquals("e7f8n", UciText.of(capturePromotion));
        assertEquals(UciText.index(Move.of(52, 60, Move.PROMO_ROOK)), UciText.index(Move.of(52, 60, Move.PROMO_CAPTURE_ROOK)));
    }

    /** The plain or promoting move a slot stands for. */
    private static int moveOfSlot(int i) {
        int promo = i >>> 12;
        return Move.of(i & 63, (i >>> 6) & 63, promo == 0 ? Move.QUIET : Move.PROMO_KNIGHT + promo - 1);
    }
}
