package org.rookery.contract.games;

/**
 * The {@code draw_facts} of a game (see {@link org.rookery.contract.schema.DrawFactsColumns}): the
 * plies where the draw rules first applied, null where they never did, and the counts.
 */
public record DrawFacts(Integer threefoldPly, Integer fivefoldPly, Integer fiftyPly, Integer seventyFivePly,
        int maxHalfmoveClock, int longestReversibleRun, int repeatedPositions, int maxRepetitions,
        int finalRepetitions, int finalHalfmoveClock) {
}
