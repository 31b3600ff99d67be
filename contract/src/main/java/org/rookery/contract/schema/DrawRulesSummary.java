package org.rookery.contract.schema;

import static org.rookery.contract.schema.Column.optional;
import static org.rookery.contract.schema.Column.required;
import static org.rookery.contract.schema.ColumnType.Scalar.BIGINT;
import static org.rookery.contract.schema.ColumnType.Scalar.DOUBLE;
import static org.rookery.contract.schema.ColumnType.Scalar.STRING;

import java.util.List;

/**
 * The {@code draw_rules_summary} table ({@code analyze draw-rules}, docs/analysis.md): one row per
 * (dimension, value) with counts, averages and rates. Spark's aggregation produces it in this order;
 * nullability is Spark's (sums may be null), which jobs' tests check against this layout.
 */
public final class DrawRulesSummary {
    private DrawRulesSummary() {
    }

    public static final String DIMENSION = "dimension";
    public static final String VALUE = "value";
    /** The {@code dimension} (and {@code value}) of the row counting every game. */
    public static final String ALL = "all";
    public static final String GAMES = Openings.GAMES;
    public static final String THREEFOLD = "threefold";
    public static final String FIVEFOLD = "fivefold";
    public static final String FIFTY = "fifty";
    public static final String SEVENTYFIVE = "seventyfive";
    public static final String NEAR_THREEFOLD = "near_threefold";
    public static final String NEAR_FIFTY = "near_fifty";
    public static final String DRAWS = Openings.DRAWS;
    public static final String REPLAY_ERRORS = "replay_errors";
    public static final String AVG_MAX_HALFMOVE_CLOCK = "avg_max_halfmove_clock";
    public static final String AVG_LONGEST_REVERSIBLE_RUN = "avg_longest_reversible_run";
    public static final String AVG_PLIES = "avg_plies";
    /** Suffix of the rate columns: {@code <count>_rate} is the count over {@code games}. */
    public static final String RATE = "_rate";

    /** The counts, in column order. */
    public static final List<String> COUNTS = List.of(GAMES, THREEFOLD, DrawRules.THREEFOLD_CLAIMED, FIVEFOLD, FIFTY,
            DrawRules.FIFTY_CLAIMED, SEVENTYFIVE, NEAR_THREEFOLD, NEAR_FIFTY, DRAWS, REPLAY_ERRORS);

    /** The counts that get a rate column, in column order. */
    public static final List<String> RATED = List.of(THREEFOLD, DrawRules.THREEFOLD_CLAIMED, FIVEFOLD, FIFTY,
            SEVENTYFIVE, NEAR_THREEFOLD, NEAR_FIFTY);

    /** The table, not partitioned. */
    public static final TableSchema SCHEMA = new TableSchema(Tables.DRAW_RULES_SUMMARY, columns(), null);

    private static List<Column> columns() {
        List<Column> c = new java.util.ArrayList<>();
        c.add(optional(DIMENSION, STRING, "all or the dimension's column name"));
        c.add(optional(VALUE, STRING, "the dimension's value (unknown for null)"));
        for (String n : COUNTS) c.add(optional(n, BIGINT, "games counted"));
        c.add(optional(AVG_MAX_HALFMOVE_CLOCK, DOUBLE, "mean highest halfmove clock of the replayed games"));
        c.add(optional(AVG_LONGEST_REVERSIBLE_RUN, DOUBLE, "mean longest reversible run"));
        c.add(optional(AVG_PLIES, DOUBLE, "mean plies"));
        for (String n : RATED) c.add(optional(n + RATE, DOUBLE, "the count over games"));
        return c;
    }
}
