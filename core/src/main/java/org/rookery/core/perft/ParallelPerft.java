package org.rookery.core.perft;

import java.util.concurrent.atomic.AtomicInteger;
import org.rookery.core.board.Position;

/** Perft split over root moves across threads, each with its own position copy and move stack. */
public final class ParallelPerft {
    private ParallelPerft() {}

    /** Per-root-move counts (indexed like {@code rootMoves}) for depth ≥ 1. */
    public static long[] divide(Position root, int[] rootMoves, int depth, int threads, boolean bulk) {
        long[] counts = new long[rootMoves.length];
        AtomicInteger next = new AtomicInteger();
        Runnable work = () -> {
            Position p = root.copy();
            Perft perft = new Perft(depth);
            int i;
            while ((i = next.getAndIncrement()) < rootMoves.length) {
                p.makeMove(rootMoves[i]);
                counts[i] = bulk ? perft.count(p, depth - 1) : perft.countMakingLeaves(p, depth - 1);
                p.unmakeMove();
            }
        };
        int n = Math.max(1, Math.min(threads, rootMoves.length));
        Thread[] pool = new Thread[n - 1];
        for (int t = 0; t < pool.length; t++) {
            pool[t] = new Thread(work, "perft-" + (t + 1));
            pool[t].start();
        }
        work.run();
        for (Thread t : pool) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("perft interrupted", e);
            }
        }
        return counts;
    }

    /** Total leaf count. */
    public static long count(Position root, int depth, int threads) {
        if (depth <= 0) return 1;
        if (threads <= 1) return new Perft(depth).count(root, depth);
        int[] moves = new int[Position.MAX_MOVES];
        int n = root.generateLegal(moves, 0);
        long total = 0;
        for (long c : divide(root, java.util.Arrays.copyOf(moves, n), depth, threads, true)) total += c;
        return total;
    }
}
