package org.rookery.workers.tune;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import org.rookery.stats.spsa.SpsaParameter;
import org.rookery.stats.spsa.SpsaStep;

/**
 * The progress lines of a tuning run: the iteration, θ per parameter and the θ+ engine's score over
 * the last {@link #WINDOW} pairs (about 50% when θ sits at an optimum, more while the perturbation
 * still finds a slope). Thread-safe.
 */
final class TuneProgress {
    /** Pairs in the "recent score". */
    static final int WINDOW = 50;

    private final PrintStream out;
    private final List<SpsaParameter> params;
    private final int total;
    private final int every;
    private final ArrayDeque<Double> recent = new ArrayDeque<>();
    private double recentSum;
    private int counted;

    TuneProgress(PrintStream out, List<SpsaParameter> params, int total) {
        this(out, params, total, 0);
    }

    /** @param counted pairs already counted (a resumed run): the lines go on from there */
    TuneProgress(PrintStream out, List<SpsaParameter> params, int total, int counted) {
        this.counted = counted;
        this.out = out;
        this.params = params;
        this.total = total;
        // About 100 lines per run: enough to see the path, few enough to read.
        this.every = Math.max(1, total / 100);
    }

    synchronized void counted(SpsaStep step) {
        // R in −2..2 as a score in 0..1 for the θ+ engine.
        double score = (step.result() + 2) / 4;
        recent.addLast(score);
        recentSum += score;
        if (recent.size() > WINDOW) recentSum -= recent.removeFirst();
        counted++;
        if (counted % every == 0 || counted == total) {
            out.println(String.format(Locale.ROOT, "Iteration %d/%d: %s, recent score %.1f%% (%d pairs)", counted, total,
                values(step.after()), 100 * recentSum / recent.size(), recent.size()));
            out.flush();
        }
    }

    private String values(double[] theta) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < theta.length; i++) {
            if (i > 0) sb.append(' ');
            sb.append(params.get(i).name()).append('=').append(String.format(Locale.ROOT, "%.3f", theta[i]));
        }
        return sb.toString();
    }
}
