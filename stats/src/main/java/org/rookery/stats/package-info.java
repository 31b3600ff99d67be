/**
 * Match statistics for the match runner, {@code rookery status} and the dashboard: one
 * {@link org.rookery.stats.Tally} of games, score, Elo and normalized Elo with 95% intervals, LOS,
 * draw ratio, and the generalized SPRT log-likelihood ratio, for trinomial (W/D/L) and
 * pentanomial (game-pair) results.
 *
 * <p>Every quantity is computed the way a named peer computes it, and each method cites its
 * source by file and function: fishtest ({@code server/fishtest/stats/LLRcalc.py},
 * {@code stat_util.py}, {@code templates/tests_stats.mak}), cutechess-cli
 * ({@code projects/lib/src/elo.cpp}) and fastchess ({@code app/src/matchmaking/elo/},
 * {@code app/src/matchmaking/sprt/}). Where the peers disagree both variants are offered under
 * distinct names rather than silently picking one.
 *
 * <p>Degenerate inputs (no games, only draws, only wins) never throw: they yield {@code NaN} or an
 * infinity exactly where the peers' formulas do, as documented on each method. Only malformed
 * input (negative counts, wrong array length, invalid SPRT parameters) is rejected.
 */
package org.rookery.stats;
