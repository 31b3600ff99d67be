package org.rookery.contract.schema;

/** The Kafka topics of distributed gauntlets (docs/schema.md). */
public final class Topics {
    private Topics() {
    }

    /** Match definitions, keyed by match id; compacted to the latest definition. */
    public static final String MATCHES = "rookery.matches";
    /** One record per game pair to play, keyed by match id. */
    public static final String TASKS = "rookery.tasks";
    /** Finished games, keyed by game id, written in the transaction that commits the task. */
    public static final String GAMES = "rookery.games";
    /** Stop requests (SPRT decisions, user stops), keyed by match id; compacted. */
    public static final String CONTROL = "rookery.control";
    /** Records a worker could not use, with the reason. */
    public static final String REJECTED = "rookery.rejected";
}
