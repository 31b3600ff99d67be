package org.rookery.workers.local;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.kafka.GameJson;
import org.rookery.workers.kafka.MatchSubmission;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.kafka.Topics;
import org.rookery.workers.match.GameRecord;

/**
 * A local gauntlet's records: its definition on {@code rookery.matches} (the one {@code submit} would
 * publish for the same options, so the match id is the same hash) and each finished game as the
 * {@code rookery.games} record a worker would commit for it ({@link GameJson}, the contract's codec).
 */
public final class GauntletRecords implements Consumer<GameRecord> {
    /** The name local games give as their worker. */
    public static final String WORKER = "local";

    private final RecordSpool spool;
    private final MatchSubmission definition;
    private final Map<Integer, PairTask> taskOf = new HashMap<>();
    private final Map<Integer, Integer> inPair = new HashMap<>();

    private GauntletRecords(RecordSpool spool, MatchSubmission definition) {
        this.spool = spool;
        this.definition = definition;
        for (PairTask t : definition.tasks()) {
            for (int i = 0; i < t.games().size(); i++) {
                taskOf.put(t.games().get(i).gameNumber(), t);
                inPair.put(t.games().get(i).gameNumber(), i);
            }
        }
    }

    /**
     * The definition of {@code schedule} (parsed from the same options and seed as the run, but apart
     * from it: building the tasks draws the book's openings), then the spool under {@code data}.
     */
    public static GauntletRecords open(java.nio.file.Path data, GauntletOptions.Parsed schedule, boolean resumed) throws java.io.IOException {
        MatchSubmission def;
        try {
            def = MatchSubmission.of(schedule, Instant.now());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--data: " + e.getMessage().replace("a submitted match", "the matches table"));
        }
        RecordSpool spool = RecordSpool.open(data, def.matchId(), resumed);
        if (!resumed) spool.add(Topics.MATCHES, def.matchId(), def.toJson());
        return new GauntletRecords(spool, def);
    }

    /** The match id the games are recorded under. */
    public String matchId() { return definition.matchId(); }

    /** The spool. */
    public RecordSpool spool() { return spool; }

    @Override
    public void accept(GameRecord g) {
        PairTask task = taskOf.get(g.gameNumber());
        if (task == null) throw new IllegalStateException("game " + g.gameNumber() + " is not in the match's schedule");
        spool.add(Topics.GAMES, task.gameId(inPair.get(g.gameNumber())),
            GameJson.of(task, inPair.get(g.gameNumber()), g, WORKER));
    }
}
