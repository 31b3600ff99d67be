package org.rookery.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The χ² test of workers' results against the match, as fishtest computes it ({@code util.get_chi2}):
 * a workers × 3 table of counts (pairs won [WW + WD], lost [LL + LD] and even [DD or WL] with
 * pentanomial results; games won, lost, drawn without), workers whose expected count in any cell is
 * ≤ 5 left out until none is, then the table's χ² with its p-value, and per worker a "residual": the χ²
 * of the 2 × 3 table of that worker against all the others, turned into a standard normal value
 * (capped below at 0). {@code z95} and {@code z99} are fishtest's Bonferroni thresholds for flagging.
 * With fewer than two workers left, or no games, every number is NaN and there are no residuals.
 */
public final class WorkerResiduals {
    private WorkerResiduals() {
    }

    /**
     * The test's outcome.
     *
     * @param chi2 the table's χ²
     * @param dof its degrees of freedom, (workers − 1) × 2
     * @param p the probability of a χ² this large if every worker played the same match
     * @param residual per worker kept, its standard normal residual (≥ 0), in the input's order
     * @param z95 the residual above which a worker is suspicious at 95% over all workers
     * @param z99 the same at 99%
     */
    public record Result(double chi2, int dof, double p, Map<String, Double> residual, double z95, double z99) {
        static final Result NONE = new Result(Double.NaN, 0, Double.NaN, Map.of(), Double.NaN, Double.NaN);
    }

    /** A worker's row from its complete pairs: [WW + WD, LL + LD, DD + WL], fishtest's merge of the rare cells. */
    public static double[] row(Pentanomial p) {
        return new double[] {p.ww() + p.wd(), p.ll() + p.ld(), p.ddWl()};
    }

    /** A worker's row from single games: [wins, losses, draws]. */
    public static double[] row(Trinomial t) {
        return new double[] {t.wins(), t.losses(), t.draws()};
    }

    /** The test over workers' rows (each of length 3), by worker name. */
    public static Result of(Map<String, double[]> table) {
        Map<String, double[]> users = new LinkedHashMap<>(table);
        double[][] observed;
        double[][] expected;
        double[] rowSums;
        double total;
        List<String> keys;
        while (true) {
            if (users.size() <= 1) return Result.NONE;
            keys = new ArrayList<>(users.keySet());
            int n = keys.size();
            observed = new double[n][];
            for (int i = 0; i < n; i++) observed[i] = users.get(keys.get(i));
            double[] colSums = new double[3];
            rowSums = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < 3; j++) {
                    colSums[j] += observed[i][j];
                    rowSums[i] += observed[i][j];
                }
            }
            total = colSums[0] + colSums[1] + colSums[2];
            if (total == 0) return Result.NONE;
            expected = new double[n][3];
            boolean done = true;
            for (int i = 0; i < n; i++) {
                double min = Double.POSITIVE_INFINITY;
                for (int j = 0; j < 3; j++) {
                    expected[i][j] = rowSums[i] * colSums[j] / total;
                    min = Math.min(min, expected[i][j]);
                }
                if (min <= 5) {
                    users.remove(keys.get(i));
                    done = false;
                }
            }
            if (done) break;
        }
        int rows = keys.size();
        int dof = (rows - 1) * 2;
        double chi2 = 0;
        Map<String, Double> residual = new LinkedHashMap<>();
        for (int i = 0; i < rows; i++) {
            double rowChi2 = 0;
            for (int j = 0; j < 3; j++) {
                double d = observed[i][j] - expected[i][j];
                rowChi2 += d * d / expected[i][j];
            }
            chi2 += rowChi2;
            // The χ² of this row against the others collapsed into one, χ² with 2 degrees of freedom.
            double adjusted = rowChi2 / (1 - rowSums[i] / total);
            double z = -Gaussian.quantile(chi2Survival(adjusted, 2));
            residual.put(keys.get(i), Math.max(0, z));
        }
        double z95 = Gaussian.quantile(1 - 0.05 / rows), z99 = Gaussian.quantile(1 - 0.01 / rows);
        return new Result(chi2, dof, chi2Survival(chi2, dof), residual, z95, z99);
    }

    /** P(X ≥ x) for X χ²-distributed with an even number {@code dof} of degrees of freedom (closed form). */
    static double chi2Survival(double x, int dof) {
        if (x <= 0) return 1;
        double half = x / 2, term = 1, sum = 1;
        for (int k = 1; k < dof / 2; k++) {
            term *= half / k;
            sum += term;
        }
        return Math.exp(-half) * sum;
    }
}
