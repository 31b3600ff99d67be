package org.rookery.dashboards.tune;

import java.util.List;

/**
 * One counted pair of a tuning run, as the {@code spsa} table or a {@code rookery.spsa} result
 * record has it.
 *
 * @param counted the pair's place in the order the run counted them (1 … N), 0 when the row does not say
 * @param iteration k, the iteration the pair was handed out at
 * @param result R, wins minus losses of the θ+ engine (−2 … 2)
 * @param before θ just before the result was counted
 * @param after θ after it
 */
public record TunePoint(String runId, int pairs, List<String> parameters, long counted, int iteration, int result,
        List<Double> before, List<Double> after) {
    public TunePoint {
        parameters = List.copyOf(parameters);
        before = List.copyOf(before);
        after = List.copyOf(after);
    }
}
