package org.rookery.jobs.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The helper-thread iterator of the block cutter, and how blocks are dealt out to the tasks. */
class ReadAheadTest {
    @Test
    void yieldsEverythingInOrder() {
        List<Integer> in = IntStream.range(0, 1000).boxed().toList();
        List<Integer> out = new ArrayList<>();
        try (ReadAhead<Integer> r = new ReadAhead<>(in.iterator(), 2, "test")) {
            r.forEachRemaining(out::add);
            assertFalse(r.hasNext());
        }
        assertEquals(in, out);
    }

    @Test
    void aFailureOfTheSourceReachesTheConsumerAfterWhatCameBefore() {
        Iterator<Integer> failing = new Iterator<>() {
            private int n;

            @Override
            public boolean hasNext() {
                if (n == 3) {
                    throw new IllegalArgumentException("broken block");
                }
                return true;
            }

            @Override
            public Integer next() {
                return n++;
            }
        };
        try (ReadAhead<Integer> r = new ReadAhead<>(failing, 2, "test")) {
            assertEquals(0, r.next());
            assertEquals(1, r.next());
            assertEquals(2, r.next());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::hasNext);
            assertEquals("broken block", e.getMessage());
            assertFalse(r.hasNext());
        }
    }

    /** A source that never ends, counting what it produced. */
    private static Iterator<Integer> endless(AtomicInteger produced) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Integer next() {
                return produced.incrementAndGet();
            }
        };
    }

    @Test
    void closingStopsTheHelperWhileTheSourceHasMore() throws InterruptedException {
        AtomicInteger produced = new AtomicInteger();
        Iterator<Integer> endless = endless(produced);
        ReadAhead<Integer> r = new ReadAhead<>(endless, 2, "test");
        assertEquals(1, r.next());
        r.close();
        Thread.sleep(200);
        int after = produced.get();
        Thread.sleep(200);
        assertEquals(after, produced.get(), "the helper went on producing after close()");
        // One taken, two in the queue, one in the helper's hand: the helper reads nothing more.
        assertTrue(after <= 4, "at most the queue's capacity and one in hand ahead: " + after);
    }

    @Test
    void closingNeverLetsTheHelperReadAnotherBlock() throws InterruptedException {
        // close() races the helper's put(): repeated, so that the signal that can beat the
        // interrupt (a put that returns normally after close) is actually hit.
        for (int round = 0; round < 2000; round++) {
            AtomicInteger produced = new AtomicInteger();
            Iterator<Integer> endless = endless(produced);
            ReadAhead<Integer> r = new ReadAhead<>(endless, 2, "test");
            assertEquals(1, r.next());
            r.close();
            assertTrue(r.awaitHelper(5000), "the helper did not stop in round " + round);
            assertTrue(produced.get() <= 4, "round " + round + ": " + produced.get() + " produced");
        }
    }

    @Test
    void blocksOfAFileAreDealtOutEvenly() {
        BlockSpread spread = new BlockSpread(6);
        int[] perTask = new int[6];
        long file = 3L << 32;
        for (int block = 1; block <= 19; block++) {
            perTask[spread.getPartition(file | block)]++;
        }
        for (int n : perTask) {
            assertTrue(n == 3 || n == 4, java.util.Arrays.toString(perTask));
        }
    }
}
