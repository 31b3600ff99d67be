package org.rookery.core.perft;

import org.rookery.core.board.Position;

/**
 * Perft: counts the leaf nodes of the legal move tree to a fixed depth, the standard oracle for a
 * move generator. One flat {@code int[]} move stack per instance, indexed by ply, so a run
 * allocates nothing after construction.
 */
public final class Perft {
    private final int[] stack;

    public Perft(int maxDepth) {
        stack = new int[(maxDepth + 1) * Position.MAX_MOVES];
    }

    /** Leaf count with bulk counting: the last ply is counted, not played. */
    public long count(Position p, int depth) {
        if (depth <= 0) return 1;
        return bulk(p, depth, 0);
    }

    private long bulk(Position p, int depth, int start) {
        if (depth == 1) return p.countLegal();
        int end = p.generateLegal(stack, start);
        long nodes = 0;
        for (int i = start; i < end; i++) {
            p.makeMove(stack[i]);
            nodes += depth == 2 ? p.countLegal() : bulk(p, depth - 1, end);
            p.unmakeMove();
        }
        return nodes;
    }

    /** Leaf count that makes and unmakes every leaf move, the fair comparison for make/unmake speed. */
    public long countMakingLeaves(Position p, int depth) {
        if (depth <= 0) return 1;
        return full(p, depth, 0);
    }

    private long full(Position p, int depth, int start) {
        int end = p.generateLegal(stack, start);
        if (depth == 1) {
            for (int i = start; i < end; i++) {
                p.makeMove(stack[i]);
                p.unmakeMove();
            }
            return end - start;
        }
        long nodes = 0;
        for (int i = start; i < end; i++) {
            p.makeMove(stack[i]);
            nodes += full(p, depth - 1, end);
            p.unmakeMove();
        }
        return nodes;
    }
}
