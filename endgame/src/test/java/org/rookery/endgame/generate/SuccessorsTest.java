package org.rookery.endgame.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.index.Boards;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.TableSet;

/** The generator's own move generation and un-move generation against the core's legal move generator. */
class SuccessorsTest {
    @Test
    void movesMatchTheCoreAndUnmovesInvertThem() throws IOException {
        for (String m : new String[] {"KQvKR", "KBNvK", "KPvK", "KRvKN"}) {
            Material mat = Material.parse(m);
            TableIndex index = new TableIndex(mat);
            List<Table> tables = new ArrayList<>();
            tables.add(TableFile.open(TableFile.path(Fixture.dir(), mat)));
            for (Material c : mat.children()) tables.add(TableFile.open(TableFile.path(Fixture.dir(), c)));
            try {
                TableSet set = new TableSet(tables);
                Successors s = new Successors(index, set);
                Predecessors p = new Predecessors(index);
                SplittableRandom rnd = new SplittableRandom(7);
                int[] core = new int[Position.MAX_MOVES];
                long[] distinct = new long[256];
                int counted = 0;
                for (int checked = 0; checked < 2000; ) {
                    long idx = rnd.nextLong(index.size());
                    int stm = index.decode(idx, s.bb);
                    if (!index.valid(idx, new long[12])) continue;
                    checked++;
                    s.scan(stm, idx);
                    Position pos = Boards.position(s.bb, stm);
                    int n = pos.generateLegal(core, 0);
                    int[] ours = Arrays.copyOf(s.moves, s.count), theirs = Arrays.copyOf(core, n);
                    Arrays.sort(ours);
                    Arrays.sort(theirs);
                    assertEquals(Arrays.toString(uci(theirs)), Arrays.toString(uci(ours)), pos.toFen());
                    int k = s.distinctInternal(distinct);
                    assertEquals(k, s.distinctInternalCount(new long[256]), "count of distinct reversible successors of " + pos.toFen());
                    String full = s.count + " " + s.bestWinDtm + " " + s.worstLossDtm + " " + s.drawnDtm + " " + s.bestWinDtz + " " + s.worstLossDtz + " " + s.drawnDtz + " " + s.inCheck;
                    if (s.scanCounting(stm)) {
                        counted++;
                        assertEquals(k, s.reversibleCount(), "reversible moves counted without listing them, " + pos.toFen());
                        assertEquals(full, s.count + " " + s.bestWinDtm + " " + s.worstLossDtm + " " + s.drawnDtm + " " + s.bestWinDtz + " "
                            + s.worstLossDtz + " " + s.drawnDtz + " " + s.inCheck, "moves and zeroing values of a counting scan of " + pos.toFen());
                    }
                    s.scan(stm, idx);
                    for (int i = 0; i < k; i++) {
                        int t = index.decode(distinct[i], p.bb);
                        int preds = p.scan(t, distinct[i]);
                        boolean found = false;
                        for (int j = 0; j < preds; j++) found |= p.out[j] == idx;
                        assertEquals(true, found, "un-moves of a successor of " + pos.toFen() + " miss it");
                    }
                }
                // most boards take the counting scan (pawn tables all; pawnless ones unless the other king is on a long diagonal)
                assertTrue(counted > 1000, m + ": only " + counted + " of 2000 boards took the counting scan");
            } finally {
                for (Table t : tables) t.close();
            }
        }
    }

    private static String[] uci(int[] moves) {
        String[] out = new String[moves.length];
        for (int i = 0; i < moves.length; i++) out[i] = Move.toUci(moves[i]);
        Arrays.sort(out);
        return out;
    }
}
