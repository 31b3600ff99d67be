package org.rookery.dashboards.matches;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.rookery.stats.Sprt;

/**
 * The parts of a match definition (a {@code rookery.matches} record) the dashboard shows:
 * engines, time control, planned pairs and the SPRT, read by the contract's
 * {@link org.rookery.contract.matches.MatchDefinition}, with the SPRT ready to compute.
 *
 * @param matchId the match id
 * @param engines engine registry names; the first is the engine under test
 * @param timeControl the first engine's time control, or null
 * @param pairs planned number of game pairs, or null
 * @param sprt the SPRT, or null for a fixed-length match
 * @param createdAt ISO-8601 creation time, or null
 */
public record MatchDefinition(String matchId, List<String> engines, String timeControl, Integer pairs, Sprt sprt,
        String createdAt) {

    /**
     * Reads a definition with the contract's one parser; a malformed one (an SPRT section without
     * its bounds, say) is a {@link org.rookery.contract.ContractException}.
     */
    public static MatchDefinition fromJson(String matchId, JsonNode n) {
        org.rookery.contract.matches.MatchDefinition d = org.rookery.contract.matches.MatchDefinition.parse(matchId, n);
        return new MatchDefinition(d.matchId(), d.engines(), d.timeControl(), d.pairs(),
                d.sprt() == null ? null : d.sprt().test(), d.createdAt());
    }
}
