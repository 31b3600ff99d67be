package org.rookery.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;

/** The seed rules («Итог игры», «Контроль времени»), each pinned by a case that fails if the rule is wrong. */
class GameRulesTest {
    private final San san = new San();

    private Position play(String fen, String moves) {
        Position p = Position.fromFen(fen);
        for (String m : moves.trim().split("\\s+")) if (!m.isEmpty()) p.makeMove(san.parse(p, m));
        return p;
    }

    @Test
    void checkmateWinsForTheMatingSide() {
        Outcome o = GameRules.automaticOutcome(play(Position.START_FEN, "f3 e5 g4 Qh4"));
        assertEquals(new Outcome(Result.BLACK_WINS, Termination.CHECKMATE), o);
    }

    @Test
    void stalemateIsADraw() {
        Outcome o = GameRules.automaticOutcome(Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
        assertEquals(Outcome.draw(Termination.STALEMATE), o);
    }

    @Test
    void ongoingGameHasNoOutcome() {
        assertNull(GameRules.automaticOutcome(new Position()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "8/8/4k3/8/8/8/4K3/8 w - - 0 1|true",          // K v K
        "8/8/4k3/8/8/2B5/4K3/8 w - - 0 1|true",        // K+B v K
        "8/8/4k3/8/8/2N5/4K3/8 b - - 0 1|true",        // K+N v K
        "8/8/2b1k3/8/8/2B5/4K3/8 w - - 0 1|false",     // opposite-coloured bishops: a helpmate exists
        "8/8/3bk3/8/8/2B5/4K3/8 w - - 0 1|true",       // bishops all on dark squares
        "1b6/8/3bk3/8/8/B1B5/4K3/8 w - - 0 1|true",    // several bishops, all dark
        "8/8/4k3/8/8/2NN4/4K3/8 w - - 0 1|false",      // K+N+N v K can be mated with help
        "8/8/4k3/8/8/2N5/4K3/6n1 w - - 0 1|false",     // K+N v K+N
        "8/8/4k3/8/8/2B5/4K3/6n1 w - - 0 1|false",     // K+B v K+N
        "8/4p3/4k3/8/8/2B5/4K3/8 w - - 0 1|false",     // a pawn can still promote
        "8/8/4k3/8/8/2BB4/4K3/8 w - - 0 1|false",      // bishops of both colours mate
    })
    void deadPositions(String fen, boolean dead) {
        Position p = Position.fromFen(fen);
        assertEquals(dead, GameRules.isDeadPosition(p), fen);
        if (dead) assertEquals(Outcome.draw(Termination.DEAD_POSITION), GameRules.automaticOutcome(p));
    }

    @Test
    void threefoldIsClaimableOnTheThirdOccurrenceOnly() {
        Position twice = play(Position.START_FEN, "Nf3 Nf6 Ng1 Ng8");
        assertEquals(2, twice.repetitionCount());
        assertFalse(GameRules.canClaimThreefold(twice));
        Position thrice = play(Position.START_FEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        assertEquals(3, thrice.repetitionCount());
        assertTrue(GameRules.canClaimThreefold(thrice));
        assertEquals(Outcome.draw(Termination.THREEFOLD_REPETITION), GameRules.claimableDraw(thrice));
        assertNull(GameRules.automaticOutcome(thrice), "threefold is only a claim, not automatic");
    }

    /** FIDE 9.2.1: the player may claim by announcing the move that will produce the repetition. */
    @Test
    void threefoldMayBeClaimedByAnnouncingTheMove() {
        Position p = play(Position.START_FEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assertFalse(GameRules.canClaimThreefold(p));
        assertTrue(GameRules.canClaimThreefoldWith(p, san.parse(p, "Ng8")));
        assertFalse(GameRules.canClaimThreefoldWith(p, san.parse(p, "Nc6")));
        assertEquals(Position.fromFen("rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4").toFen().split(" ")[0],
            p.toFen().split(" ")[0], "announcing did not change the position");
    }

    @Test
    void fivefoldIsAutomatic() {
        Position p = play(Position.START_FEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assertNull(GameRules.automaticOutcome(p));
        p.makeMove(san.parse(p, "Ng8"));
        assertEquals(5, p.repetitionCount());
        assertEquals(Outcome.draw(Termination.FIVEFOLD_REPETITION), GameRules.automaticOutcome(p));
    }

    /** Castling rights are part of the position: after the king has moved, the old position never recurs. */
    @Test
    void lostCastlingRightsMakeADifferentPosition() {
        String fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        Position p = play(fen, "Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8");
        assertEquals(2, p.repetitionCount(), "the position with all rights (ply 0) does not count");
        assertFalse(GameRules.canClaimThreefold(p));
        p.makeMove(san.parse(p, "Ke2"));
        p.makeMove(san.parse(p, "Ke7"));
        p.makeMove(san.parse(p, "Ke1"));
        p.makeMove(san.parse(p, "Ke8"));
        assertTrue(GameRules.canClaimThreefold(p));
    }

    /**
     * A position where an en-passant capture is legal differs from the same placement without it
     * (FIDE 9.2.3). After d4 the black pawn on e4 may take en passant; the later returns of the same
     * placement may not, so the third return is only the second "same" position ...
     */
    @Test
    void legalEnPassantDistinguishesPositions() {
        Position p = play("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", "d4 Kd7 Ke2 Ke8 Ke1 Kd7 Ke2 Ke8 Ke1");
        assertEquals(2, p.repetitionCount());
        assertFalse(GameRules.canClaimThreefold(p));
    }

    /** ... whereas a pinned pawn cannot take en passant, so the same sequence does repeat three times. */
    @Test
    void enPassantThatIsIllegalDoesNotDistinguish() {
        Position p = play("8/8/8/8/R3p2k/8/3P4/4K3 w - - 0 1", "d4 Kh5 Ke2 Kh4 Ke1 Kh5 Ke2 Kh4 Ke1");
        assertEquals(3, p.repetitionCount());
        assertTrue(GameRules.canClaimThreefold(p));
    }

    @Test
    void fiftyMoveRuleIsAClaim() {
        Position p = Position.fromFen("7k/8/8/8/8/8/8/R5K1 w - - 99 80");
        assertFalse(GameRules.canClaimFifty(p));
        int move = san.parse(p, "Kg2");
        assertTrue(GameRules.canClaimFiftyWith(p, move), "claim by announcing the 50th move");
        assertTrue(GameRules.canClaimFiftyWith(p, san.parse(p, "Ra2")));
        p.makeMove(move);
        assertTrue(GameRules.canClaimFifty(p));
        assertNull(GameRules.automaticOutcome(p), "50 moves is only a claim");
        assertEquals(Outcome.draw(Termination.FIFTY_MOVE_RULE), GameRules.claimableDraw(p));
    }

    @Test
    void captureOrPawnMoveResetsTheCount() {
        Position p = Position.fromFen("7k/8/8/8/8/8/P7/R5K1 w - - 99 80");
        assertFalse(GameRules.canClaimFiftyWith(p, san.parse(p, "a3")));
    }

    @Test
    void seventyFiveMovesEndTheGameAutomatically() {
        Position p = play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100", "Kg2");
        assertEquals(Outcome.draw(Termination.SEVENTY_FIVE_MOVE_RULE), GameRules.automaticOutcome(p));
    }

    /** FIDE 9.6.2: unless the last move resulted in checkmate. */
    @Test
    void mateOnTheSeventyFifthMoveStands() {
        Position p = play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100", "Ra8");
        assertEquals(150, p.halfmoveClock());
        assertEquals(new Outcome(Result.WHITE_WINS, Termination.CHECKMATE), GameRules.automaticOutcome(p));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // FEN | side whose flag fell | expected result
        "8/8/4k3/8/8/8/4K3/3R4 b - - 0 1|1|1-0",        // opponent has a rook: loss
        "8/8/4k3/8/8/8/4K3/3N4 b - - 0 1|1|1/2-1/2",    // opponent has K+N only against a bare king: draw
        "8/8/4k3/4p3/8/8/4K3/3N4 b - - 0 1|1|1-0",      // K+N can mate with the help of the pawn: loss
        "8/8/4k3/8/8/8/4K3/8 w - - 0 1|0|1/2-1/2",      // bare kings
        "8/8/3qk3/8/8/8/4K3/8 w - - 0 1|0|0-1",         // white flags against a queen
        "8/8/4k3/8/8/2B5/4K3/8 b - - 0 1|0|1/2-1/2",    // white flags, black has a bare king
        "8/8/3bk3/8/8/2B5/4K3/8 w - - 0 1|0|1/2-1/2",   // same-coloured bishops: nobody can mate
        "8/8/2b1k3/8/8/2B5/4K3/8 w - - 0 1|0|0-1",      // opposite-coloured bishops: a mate exists
    })
    void flagFallLosesUnlessTheOpponentCannotMate(String fen, int flagged, String result) {
        Outcome o = GameRules.flagFall(Position.fromFen(fen), flagged);
        assertEquals(result, o.result().pgn());
        assertEquals(o.isDraw() ? Termination.TIMEOUT_VS_INSUFFICIENT_MATERIAL : Termination.TIME_FORFEIT, o.termination());
    }
}
