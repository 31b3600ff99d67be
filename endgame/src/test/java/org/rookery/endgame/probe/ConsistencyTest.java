package org.rookery.endgame.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.index.Boards;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;

class ConsistencyTest {
    /** WDL (from DTZ) and DTM agree in sign on every stored position: a win is a mate, a draw has none. */
    @Test
    void wdlIsTheSignOfDtmEverywhere() {
        for (Table t : Fixture.tablebase().tables()) {
            long n = t.index().size(), checked = 0;
            long[] bb = new long[12];
            for (long i = 0; i < n; i++) {
                // compressed tables store a neighbour's value in slots that are no position
                if (!t.index().valid(i, bb)) continue;
                short m = t.dtm(i), z = t.dtz(i);
                assertTrue(m != Values.BROKEN && z != Values.BROKEN, t.material() + " slot " + i + " is a position but broken");
                checked++;
                if (Integer.signum(m) != Integer.signum(z)) throw new AssertionError(t.material() + " slot " + i + ": dtm " + m + " dtz " + z);
                // a mate cannot come sooner than the next zeroing move or mate
                if (m > 0 && z > 0 && z <= 100 && Values.plies(z) > Values.plies(m)) throw new AssertionError(t.material() + " slot " + i);
            }
            assertTrue(checked > 0);
        }
    }

    /** DTZ is 1 exactly where the side to move has a winning zeroing move or mates at once. */
    @Test
    void dtzIsOneExactlyWhereAWinningZeroingMoveExists() {
        Tablebase tb = Fixture.tablebase();
        int[] moves = new int[Position.MAX_MOVES];
        int ones = 0;
        for (String name : new String[] {"KQvKR", "KPvK", "KRvKN", "KBNvK"}) {
            TableIndex index = tb.table(Material.parse(name)).index();
            SplittableRandom rnd = new SplittableRandom(3);
            long[] bb = new long[12];
            for (int checked = 0; checked < 4000; ) {
                long idx = rnd.nextLong(index.size());
                if (!index.valid(idx, bb)) continue;
                checked++;
                Position pos = Boards.position(bb, index.decode(idx, bb));
                long r = tb.probe(pos);
                boolean winningZeroing = false;
                int n = pos.generateLegal(moves, 0);
                for (int i = 0; i < n; i++) {
                    int m = moves[i];
                    boolean zeroing = Move.isCapture(m) || Piece.type(pos.pieceAt(Move.from(m))) == Piece.PAWN;
                    pos.makeMove(m);
                    long after = tb.probe(pos);
                    if (pos.isCheckmate() || zeroing && Probe.category(after, 0) == Category.LOSS) winningZeroing = true;
                    pos.unmakeMove();
                }
                assertEquals(winningZeroing, Probe.dtzValue(r) == 1, pos.toFen() + " dtz " + Probe.dtz(r));
                if (winningZeroing) ones++;
            }
        }
        assertTrue(ones > 100, "the sample contains positions with DTZ 1: " + ones);
    }
}
