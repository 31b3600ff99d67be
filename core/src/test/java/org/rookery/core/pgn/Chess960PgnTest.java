package org.rookery.core.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;

/** Chess960 games through PGN: the Variant tag written and read (all its spellings), SetUp/FEN, castling SAN replayed. */
class Chess960PgnTest {
    private static final String START = "rkbbnnqr/pppppppp/8/8/8/8/PPPPPPPP/RKBBNNQR w KQkq - 0 1";

    /** Both sides castle queen side, the king moving one square right and the rook three. */
    private static final String[] MOVES = {"d3", "d6", "Bd2", "Bd7", "c3", "c6", "Bc2", "Bc7", "O-O-O", "O-O-O", "h3", "h6"};

    /** A game of {@link #MOVES} from {@link #START}, with its start tags set; returns its final FEN. */
    private static String play(PgnGame game) {
        Position p = Position.fromFen(START, true);
        PgnVariant.setStart(game, p);
        San san = new San();
        for (String m : MOVES) {
            game.addPly(m);
            p.makeMove(san.parse(p, m));
        }
        game.setResult("*");
        return p.toFen();
    }

    @Test
    void writtenGamesCarryVariantAndShredderFenAndReplay() {
        PgnGame game = new PgnGame();
        String end = play(game);
        String text = PgnWriter.toPgn(game);
        assertTrue(text.contains("[Variant \"Chess960\"]"), text);
        assertTrue(text.contains("[SetUp \"1\"]"), text);
        assertTrue(text.contains("[FEN \"rkbbnnqr/pppppppp/8/8/8/8/PPPPPPPP/RKBBNNQR w HAha - 0 1\"]"), text);
        assertTrue(text.contains("5. O-O-O O-O-O"), text);
        PgnGame read = PgnTestSupport.read(text).games().get(0);
        GameReplay replay = new GameReplay();
        assertTrue(replay.replay(read), replay.error());
        assertEquals(game.plyCount(), replay.plies());
        assertEquals(end, replay.position().toFen());
        assertTrue(replay.position().isChess960());
        assertEquals("2krnnqr/ppbbppp1/2pp3p/8/8/2PP3P/PPBBPPP1/2KRNNQR w - - 0 7", end);
    }

    @Test
    void cutechessAndXFenSpellingsReplayToo() {
        PgnGame game = new PgnGame();
        String end = play(game);
        String text = PgnWriter.toPgn(game).replace("\"Chess960\"", "\"fischerandom\"").replace("HAha", "KQkq");
        GameReplay replay = new GameReplay();
        assertTrue(replay.replay(PgnTestSupport.read(text).games().get(0)), replay.error());
        assertEquals(end, replay.position().toFen());
    }

    @Test
    void variantSpellings() {
        for (String v : new String[] {"Chess960", "chess960", "fischerandom", "Fischer Random", "Chess 960"}) assertTrue(PgnVariant.isChess960(v), v);
        for (String v : new String[] {"Standard", "crazyhouse", ""}) assertFalse(PgnVariant.isChess960(v), v);
        assertFalse(PgnVariant.isChess960((String) null));
    }

    @Test
    void standardStartGetsNoSetupTags() {
        PgnGame game = new PgnGame();
        PgnVariant.setStart(game, new Position());
        assertNull(game.tag("Variant"));
        assertNull(game.tag("FEN"));
    }
}
