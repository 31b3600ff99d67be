package org.rookery.contract.schema;

/** Table directory names under the data root ({@code DATA/<table>/}), as docs/schema.md and analysis.md name them. */
public final class Tables {
    private Tables() {
    }

    /** One row per game: ingestion and the sink. */
    public static final String GAMES = "games";
    /** Games that failed to parse, replay or validate. */
    public static final String REJECTED = "rejected";
    /** Match definitions the sink read from {@code rookery.matches}. */
    public static final String MATCHES = "matches";
    /** Per-game draw-rule facts ({@code analyze draw-rules}). */
    public static final String DRAW_RULES = "draw_rules";
    /** Draw-rule facts summed per dimension. */
    public static final String DRAW_RULES_SUMMARY = "draw_rules_summary";
    /** The opening tree ({@code analyze openings}). */
    public static final String OPENINGS = "openings";
    /** Per-game first entry into an endgame ({@code analyze endgames}). */
    public static final String ENDGAMES = "endgames";
    /** Endgame entries summed per material. */
    public static final String ENDGAMES_SUMMARY = "endgames_summary";

    /** Positions of the endgame tables ({@code tb export}). */
    public static final String TABLEBASE = "tablebase";
    /** Position counts per exported material. */
    public static final String TABLEBASE_SUMMARY = "tablebase_summary";

    /** Partition column of {@code games}, {@code rejected} and {@code matches}. */
    public static final String COLLECTION = "collection";
}
