package org.rookery.endgame.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;

/**
 * Thread safety of {@link SyzygyTablebase}: many threads probe the same mapped tables at once,
 * each position in its own order, and every WDL, DTZ and rounding flag equals the single-thread
 * answer. On the shared standard set when present (3- and 4-piece materials, pawns and both sides
 * with pawns among them), else on the bundled 3-piece fixtures.
 */
@Tag("slow")
@Tag("stress")
class SyzygyProbeStressTest {
    private static final String[] SHARED_MATERIALS = {"KQvK", "KPvK", "KQvKR", "KRvKP", "KPvKP", "KRvKR", "KBNvK", "KPPvK", "KQQvK"};
    private static final String[] FIXTURE_MATERIALS = {"KQvK", "KRvK", "KPvK", "KNvK", "KBvK"};
    private static final int THREADS = 8;
    private static final int ROUNDS = Integer.getInteger("syzygy.stress.rounds", 4);

    @Test
    void manyThreadsProbingTheSameTablesAnswerAsOneThread() throws Exception {
        boolean shared = Files.isDirectory(FathomOracleTest.SHARED);
        Path dir = shared ? FathomOracleTest.SHARED : SyzygyFixturesTest.fixtures();
        String[] materials = shared ? SHARED_MATERIALS : FIXTURE_MATERIALS;
        SyzygyTablebase tb = new SyzygyTablebase(List.of(dir));
        SplittableRandom random = new SplittableRandom(18);
        List<String> fens = new ArrayList<>();
        while (fens.size() < 3000) {
            Position p = RandomPositions.of(materials[random.nextInt(materials.length)], random.nextBoolean(), random);
            if (p != null) fens.add(p.toFen());
        }
        int n = fens.size();
        int[] wdl = new int[n], dtz = new int[n];
        boolean[] rounded = new boolean[n];
        for (int i = 0; i < n; i++) {
            Position p = Position.fromFen(fens.get(i));
            wdl[i] = tb.wdl(p);
            dtz[i] = tb.dtz(p);
            rounded[i] = tb.lastDtzRounded();
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Long>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long seed = t;
                results.add(pool.submit(() -> {
                    Position[] own = new Position[n];
                    for (int i = 0; i < n; i++) own[i] = Position.fromFen(fens.get(i));
                    SplittableRandom order = new SplittableRandom(seed);
                    start.await();
                    long probes = 0;
                    for (int round = 0; round < ROUNDS; round++) {
                        for (int k = 0; k < n; k++) {
                            int i = order.nextInt(n);
                            Position p = own[i];
                            assertEquals(wdl[i], tb.wdl(p), () -> "WDL of " + fens.get(i) + " under contention");
                            assertEquals(dtz[i], tb.dtz(p), () -> "DTZ of " + fens.get(i) + " under contention");
                            assertEquals(rounded[i], tb.lastDtzRounded(), () -> "rounding flag of " + fens.get(i) + " under contention");
                            assertEquals(fens.get(i), p.toFen(), "the position is restored");
                            probes += 2;
                        }
                    }
                    return probes;
                }));
            }
            start.countDown();
            long total = 0;
            for (Future<Long> f : results) total += f.get(10, TimeUnit.MINUTES);
            System.err.println("SyzygyProbeStressTest: " + total + " probes on " + THREADS + " threads over " + dir + " equal to one thread's");
            assertEquals(2L * THREADS * ROUNDS * n, total);
            assertTrue(n > 0);
        } finally {
            pool.shutdownNow();
        }
    }
}
