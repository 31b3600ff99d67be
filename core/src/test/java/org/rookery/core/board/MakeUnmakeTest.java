package org.rookery.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Random games through every kind of move: make/unmake must restore everything exactly. */
class MakeUnmakeTest {
    static final String[] STARTS = {
        Position.START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };

    /** The SAN shortcut: a piece type's moves to a square are the legal moves filtered to them. */
    @Test
    void pieceMovesToASquareAreTheLegalMovesOfThatPieceThere() {
        SplittableRandom rnd = new SplittableRandom(13);
        int[] moves = new int[Position.MAX_MOVES];
        int[] some = new int[Position.MAX_MOVES];
        long checked = 0;
        for (String fen : STARTS) {
            for (int game = 0; game < 60; game++) {
                Position p = Position.fromFen(fen);
                for (int ply = 0; ply < 200; ply++) {
                    int n = p.generateLegal(moves, 0);
                    if (n == 0) break;
                    for (int type = Piece.KNIGHT; type <= Piece.QUEEN; type++) {
                        for (int to = 0; to < 64; to++) {
                            java.util.Set<Integer> expected = new java.util.HashSet<>();
                            for (int i = 0; i < n; i++) {
                                if (Move.to(moves[i]) == to && Piece.type(p.pieceAt(Move.from(moves[i]))) == type) {
                                    expected.add(moves[i]);
                                }
                            }
                            int k = p.generatePieceTo(some, 0, type, to);
                            java.util.Set<Integer> got = new java.util.HashSet<>();
                            for (int i = 0; i < k; i++) {
                                got.add(some[i]);
                            }
                            assertEquals(expected.size(), k, p.toFen() + " type " + type + " to " + to);
                            assertEquals(expected, got, p.toFen() + " type " + type + " to " + to);
                            checked += k;
                        }
                    }
                    p.makeMove(moves[rnd.nextInt(n)]);
                }
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(checked > 10_000, "moves compared: " + checked);
    }

    @Test
    void randomPlayoutsRestoreFenKeyAndCheckInfo() {
        SplittableRandom rnd = new SplittableRandom(7);
        int[] moves = new int[Position.MAX_MOVES];
        for (String fen : STARTS) {
            for (int game = 0; game < 200; game++) {
                Position p = Position.fromFen(fen);
                String[] fens = new String[300];
                long[] keys = new long[300];
                int ply = 0;
                while (ply < 299) {
                    int n = p.generateLegal(moves, 0);
                    assertEquals(n, p.countLegal(), p.toFen());
                    if (n == 0) break;
                    fens[ply] = p.toFen();
                    keys[ply] = p.key();
                    p.makeMove(moves[rnd.nextInt(n)]);
                    assertEquals(p.computeKey(), p.key(), "incremental key after a move, " + p.toFen());
                    ply++;
                }
                for (int i = ply - 1; i >= 0; i--) {
                    p.unmakeMove();
                    assertEquals(fens[i], p.toFen());
                    assertEquals(keys[i], p.key());
                    assertEquals(p.checkers(), Position.fromFen(fens[i]).checkers());
                    assertEquals(p.pinned(), Position.fromFen(fens[i]).pinned());
                }
            }
        }
    }

    @Test
    void capturesAndQuietsPartitionTheLegalMoves() {
        SplittableRandom rnd = new SplittableRandom(11);
        int[] all = new int[Position.MAX_MOVES], caps = new int[Position.MAX_MOVES], quiets = new int[Position.MAX_MOVES];
        for (String fen : STARTS) {
            Position p = Position.fromFen(fen);
            for (int ply = 0; ply < 2000; ply++) {
                int n = p.generateLegal(all, 0);
                if (n == 0 || p.halfmoveClock() > 90) { p = Position.fromFen(fen); continue; }
                int c = p.generateCaptures(caps, 0), q = p.generateQuiets(quiets, 0);
                assertEquals(n, c + q, p.toFen());
                java.util.Set<Integer> union = new java.util.HashSet<>();
                for (int i = 0; i < c; i++) { union.add(caps[i]); assertEquals(true, Move.isCapture(caps[i])); }
                for (int i = 0; i < q; i++) { union.add(quiets[i]); assertEquals(false, Move.isCapture(quiets[i])); }
                for (int i = 0; i < n; i++) assertEquals(true, union.contains(all[i]), Move.toUci(all[i]) + " in " + p.toFen());
                p.makeMove(all[rnd.nextInt(n)]);
            }
        }
    }

    @Test
    void copyIsIndependent() {
        Position p = new Position();
        Position c = p.copy();
        int[] m = new int[Position.MAX_MOVES];
        c.generateLegal(m, 0);
        c.makeMove(m[0]);
        assertEquals(Position.START_FEN, p.toFen());
        c.unmakeMove();
        assertEquals(Position.START_FEN, c.toFen());
    }

    @Test
    void copyFromResetsStateAndHistory() {
        Position kiwi = Position.fromFen(STARTS[1]);
        Position p = new Position();
        int[] m = new int[Position.MAX_MOVES];
        p.generateLegal(m, 0);
        p.makeMove(m[0]);
        p.copyFrom(kiwi);
        assertEquals(STARTS[1], p.toFen());
        assertEquals(kiwi.key(), p.key());
        assertEquals(0, p.ply());
        assertEquals(48, p.countLegal());
    }
}
