package org.rookery.endgame.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.TableSet;
import org.rookery.endgame.probe.Values;

/**
 * The split solver, without Spark: ranges solved one after another, each ply's decisions applied
 * in reverse range order and one range's twice, give every position's stored values and the header
 * statistics of the single-machine build's table.
 */
class SplitSolverTest {
    @Test
    void rangesSolvedPlyByPlyGiveTheSingleMachineTable() throws IOException {
        for (String name : List.of("KRvK", "KBNvK")) check(Material.parse(name), 5);
    }

    private static void check(Material m, int ranges) throws IOException {
        TableIndex index = new TableIndex(m);
        List<Table> children = new ArrayList<>();
        for (Material c : m.children()) children.add(TableFile.open(TableFile.path(Fixture.dir(), c), true));
        SplitSolver solver = new SplitSolver(index, new TableSet(children));
        int n = (int) index.size();
        int[] bounds = new int[ranges + 1];
        for (int r = 0; r <= ranges; r++) bounds[r] = (int) ((long) n * r / ranges);

        SplitState state = new SplitState(n);
        int[][] hist = SplitSolver.histogram();
        for (int r = 0; r < ranges; r++) {
            int len = bounds[r + 1] - bounds[r];
            short[] a = new short[len], b = new short[len];
            solver.forward(bounds[r], bounds[r + 1], a, b, hist);
            System.arraycopy(a, 0, state.values(0), bounds[r], len);
            System.arraycopy(b, 0, state.values(1), bounds[r], len);
        }
        state.markAll();
        int plies = 0;
        for (int k = 0; k < SplitSolver.PLIES; k++) {
            if (hist[0][k] == 0 && hist[1][k] == 0) {
                if (Arrays.stream(hist[0], k, hist[0].length).allMatch(x -> x == 0)
                        && Arrays.stream(hist[1], k, hist[1].length).allMatch(x -> x == 0)) break;
                continue;
            }
            List<long[]> decided = new ArrayList<>();
            for (int r = 0; r < ranges; r++) {
                List<Long> d = new ArrayList<>();
                solver.ply(k, state, bounds[r], bounds[r + 1], (slot, metric, value) -> d.add(((long) slot << 17) | ((long) metric << 16) | (value & 0xFFFFL)));
                decided.add(d.stream().mapToLong(Long::longValue).toArray());
            }
            decided.add(decided.get(0)); // a range applied twice, as after a retried task
            for (int r = decided.size() - 1; r >= 0; r--) {
                for (long d : decided.get(r)) {
                    short v = (short) d;
                    state.decide((int) (d >>> 17), (int) (d >>> 16) & 1, v);
                    hist[(int) (d >>> 16) & 1][SplitSolver.decidedPly(v)]++;
                }
            }
            plies++;
        }
        assertTrue(plies > 10, m + ": " + plies + " plies");

        long[][] counts = new long[2][5];
        int[] longestDtm = new int[2], longestDtz = new int[2];
        short[] dtm = new short[n], dtz = new short[n];
        long positions = 0;
        for (int r = ranges - 1; r >= 0; r--) {
            int len = bounds[r + 1] - bounds[r];
            short[] a = new short[len], b = new short[len];
            positions += SplitSolver.store(index, state, bounds[r], bounds[r + 1], a, b, counts, longestDtm, longestDtz);
            System.arraycopy(a, 0, dtm, bounds[r], len);
            System.arraycopy(b, 0, dtz, bounds[r], len);
        }
        try (Table t = TableFile.open(TableFile.path(Fixture.dir(), m))) {
            for (int i = 0; i < n; i++) {
                if (dtm[i] == Values.BROKEN && dtz[i] == Values.BROKEN) continue; // compressed tables store no value there
                if (dtm[i] != t.dtm(i) || dtz[i] != t.dtz(i)) {
                    throw new AssertionError(m + " slot " + i + ": " + dtm[i] + "/" + dtz[i] + " vs " + t.dtm(i) + "/" + t.dtz(i));
                }
            }
            TableFile.Header h = t.header();
            for (int c = 0; c < 2; c++) assertArrayEquals(h.counts[c], counts[c], m + " counts");
            assertArrayEquals(h.longestDtm, longestDtm, m + " longest dtm");
            assertArrayEquals(h.longestDtz, longestDtz, m + " longest dtz");
            assertEquals(Arrays.stream(h.counts).flatMapToLong(Arrays::stream).sum(), positions);
        }
        for (Table c : children) c.close();
    }
}
