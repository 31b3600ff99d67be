package org.rookery.contract.matches;

import java.util.List;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.contract.tasks.TaskAdjudication;
import org.rookery.core.board.Variant;
import org.rookery.stats.Sprt;

/**
 * A {@code rookery.matches} record, the one definition of a match for its writers ({@code rookery
 * submit}, {@code rookery tune}, {@code --data} spools) and every reader (workers, the Parquet sink,
 * the dashboard, {@code analyze}); its JSON form is {@link MatchDefinitionCodec}. A field that a
 * record written before it existed lacks is null here, and is left out when written again, so an old
 * record re-encodes to the same JSON (and a match keeps its id, a hash of that JSON).
 *
 * @param schemaVersion {@code schema_version}: {@link MatchDefinitionCodec#SCHEMA_VERSION}; records before the field read as 1
 * @param matchId {@code m-} and 16 hex digits
 * @param createdAt ISO-8601 creation time, or null
 * @param tournament gauntlet, round-robin or spsa, or null
 * @param engines the engines in order; the first is the engine under test
 * @param rounds {@code -rounds}, or null (tuning runs)
 * @param gamesPerEncounter {@code -games}, or null
 * @param repeat {@code -repeat}, or null
 * @param noSwap {@code -noswap}, or null
 * @param reverse {@code -reverse}, or null
 * @param adjudication the adjudication rules, or null
 * @param seed {@code -srand}, or null
 * @param sprt the SPRT, or null for a fixed-length match
 * @param spsa a tuning run's SPSA section, or null
 * @param ratingInterval {@code -ratinginterval}, or null
 * @param football {@code -football}, or null
 * @param variantId {@code variant} (standard or chess960), or null before the field (standard)
 * @param quarantine the {@code -quarantine} rule, or null when the match set none
 * @param pairs planned game pairs, or null
 * @param games planned games, or null
 */
public record MatchDefinition(int schemaVersion, String matchId, String createdAt, String event, String site, String tournament,
        List<MatchEngine> engines, Integer rounds, Integer gamesPerEncounter, Boolean repeat, Boolean noSwap, Boolean reverse,
        TaskAdjudication adjudication, Long seed, SprtSection sprt, SpsaSection spsa, Integer ratingInterval, Boolean football,
        String variantId, QuarantineRule quarantine, Integer pairs, Integer games) {

    /** Copies the engine list. */
    public MatchDefinition {
        engines = List.copyOf(engines);
    }

    /** This definition under another id and creation time (the id is computed from the rest). */
    public MatchDefinition withId(String id, String created) {
        return new MatchDefinition(schemaVersion, id, created, event, site, tournament, engines, rounds, gamesPerEncounter, repeat,
                noSwap, reverse, adjudication, seed, sprt, spsa, ratingInterval, football, variantId, quarantine, pairs, games);
    }

    /** The engines' registry names, in order. */
    public List<String> engineNames() {
        return engines.stream().map(MatchEngine::name).toList();
    }

    /** The first engine's {@code tc} (each engine has its own limits), or null. */
    public String timeControl() {
        return engines.isEmpty() ? null : engines.get(0).timeControl();
    }

    /** The variant the games are played in; records before the field are standard. */
    public Variant variant() {
        return Variant.fromId(variantId);
    }

    /** The quarantine rule; a match without one has {@link QuarantineRule#DEFAULT}. */
    public QuarantineRule quarantineRule() {
        return quarantine == null ? QuarantineRule.DEFAULT : quarantine;
    }

    /** The SPRT ready to compute, or null for a fixed-length match. */
    public Sprt sprtTest() {
        return sprt == null ? null : sprt.test();
    }
}
