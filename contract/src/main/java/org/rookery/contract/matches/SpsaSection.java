package org.rookery.contract.matches;

import java.util.List;

/**
 * The {@code spsa} section of a tuning run's definition ({@code rookery tune}).
 *
 * @param params one line per parameter, {@code name,start,min,max,c_end,r_end} as the tuner reads them
 * @param rounding {@code randomized} or {@code deterministic}
 */
public record SpsaSection(List<String> params, String rounding) {
    /** Copies the parameter list. */
    public SpsaSection {
        params = List.copyOf(params);
    }
}
