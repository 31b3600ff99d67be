package org.rookery.benchmarks;

import java.util.SplittableRandom;
import org.rookery.core.board.Position;

/**
 * Prints {@link SyzygyProbeBenchmark}'s positions as FENs, one a line, so another prober (fathom,
 * bench/fathom-probe-cost.sh) can be timed on exactly the positions the benchmark probes.
 */
public final class SyzygyProbeFens {
    private SyzygyProbeFens() {}

    /** {@code [N]}: the first N positions (default all {@value SyzygyProbeBenchmark#POSITIONS}). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : SyzygyProbeBenchmark.POSITIONS;
        StringBuilder out = new StringBuilder();
        for (Position p : SyzygyProbeBenchmark.positions(n)) out.append(p.toFen()).append('\n');
        System.out.print(out);
    }
}
