package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.tools.ExternalTools;

/**
 * Cross-checks against Stockfish ({@code apt-get install stockfish}); skipped when it is absent.
 * Both engines run as child processes over real pipes, so this also exercises the UCI protocol
 * the way cutechess-cli or a GUI would.
 */
@Tag("slow")
class StockfishCrossCheckTest {
    private static final List<String> MATES = List.of(
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        "r2qkb1r/pp2nppp/3p1N2/2p1N1B1/2BnP3/3P4/PPP2PPP/R2bK2R b KQkq - 2 1",
        "7k/8/5K2/8/8/8/8/R7 w - - 0 1",
        "2k5/8/1K6/8/8/8/8/7R w - - 0 1",
        "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
        "r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 1",
        "5rk1/1p1q2bp/p2pN1p1/2pP2Bn/2P3P1/1P6/P4QKP/5R2 w - - 0 1",
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1",
        "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1");

    private static Path stockfish() {
        Path sf = ExternalTools.locate("stockfish");
        assumeTrue(sf != null, "Stockfish is not installed");
        return sf;
    }

    @Test
    void mateDistancesAgreeWithStockfish() throws Exception {
        Path sf = stockfish();
        try (UciProcess theirs = new UciProcess(List.of(sf.toString()));
             UciProcess ours = UciProcess.rookery()) {
            for (String fen : MATES) {
                theirs.send("position fen " + fen);
                theirs.send("go depth 20");
                Integer expected = UciProcess.lastMate(theirs.readUntil("bestmove"));
                assertNotNull(expected, "Stockfish finds no mate in " + fen);
                ours.send("ucinewgame");
                ours.send("position fen " + fen);
                ours.send("go depth " + (2 * Math.abs(expected) + 2));
                List<String> lines = ours.readUntil("bestmove");
                assertEquals(expected, UciProcess.lastMate(lines), fen + "\n" + String.join("\n", lines));
                new Uci().parse(Position.fromFen(fen), lines.get(lines.size() - 1).split(" ")[1]);
            }
        }
    }

    /** One game on the clock against Stockfish at its weakest, over pipes; the result may be anything legal. */
    @Test
    void playsAWholeTimedGameOverUci() throws Exception {
        Path sf = stockfish();
        try (UciProcess theirs = new UciProcess(List.of(sf.toString()));
             UciProcess ours = UciProcess.rookery("--hash", "8")) {
            theirs.send("setoption name Skill Level value 0");
            for (UciProcess e : List.of(theirs, ours)) {
                e.send("ucinewgame");
                e.sync();
            }
            Position pos = new Position();
            Uci uci = new Uci();
            StringBuilder moves = new StringBuilder();
            long[] clock = {10_000, 10_000};
            Outcome outcome = null;
            int plies = 0;
            while (outcome == null && plies < 300) {
                UciProcess mover = pos.sideToMove() == Piece.WHITE ? ours : theirs;
                mover.send("position startpos" + (moves.length() == 0 ? "" : " moves" + moves));
                mover.send("go wtime " + clock[0] + " btime " + clock[1] + " winc 100 binc 100");
                long t0 = System.nanoTime();
                List<String> lines = mover.readUntil("bestmove");
                long used = (System.nanoTime() - t0) / 1_000_000;
                int side = pos.sideToMove();
                clock[side] += 100 - used;
                if (mover == ours) assertTrue(clock[side] > 0, "Rookery lost on time after " + plies + " plies");
                String move = lines.get(lines.size() - 1).split(" ")[1];
                pos.makeMove(uci.parse(pos, move)); // throws on an illegal move
                moves.append(' ').append(move);
                plies++;
                outcome = GameRules.automaticOutcome(pos);
                if (outcome == null) outcome = GameRules.claimableDraw(pos);
            }
            assertTrue(plies >= 10, "game too short: " + moves);
        }
    }
}
