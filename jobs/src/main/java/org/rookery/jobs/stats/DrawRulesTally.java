package org.rookery.jobs.stats;

import static org.rookery.contract.schema.DrawRulesSummary.ALL;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.rookery.contract.schema.DrawFactsColumns;
import org.rookery.contract.schema.DrawRules;
import org.rookery.contract.schema.DrawRulesSummary;
import org.rookery.contract.schema.Games;
import org.rookery.core.pgn.PgnGame;
import org.rookery.jobs.spark.Schemas;

/**
 * The counts behind {@code draw_rules_summary}, kept per value of each dimension while the per-game
 * rows are written, so the summary needs no second pass over {@code draw_rules}: reading it back and
 * aggregating it twice through Spark's shuffles cost as much as the per-game scan. The summary cuts
 * each dimension on its own, so its values are counted apart (a few hundred, mostly ECO codes): a
 * tally of every combination of the six reached 6 MB a task on the real corpus, which Spark sent
 * back through its block manager and the driver deserialized, in all half a second a task.
 * {@link #summaryRows()} gives the rows, with Spark SQL's semantics for the averages and
 * {@code round(x, 6)}.
 */
public final class DrawRulesTally implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The layout of {@code draw_rules_summary}, from the contract. */
    public static final StructType SUMMARY_SCHEMA = Schemas.struct(DrawRulesSummary.SCHEMA.columns());

    // Places of the counters in a combination's array: the contract's COUNTS first, in order.
    private static final int GAMES = 0, THREEFOLD = 1, THREEFOLD_CLAIMED = 2, FIVEFOLD = 3, FIFTY = 4,
            FIFTY_CLAIMED = 5, SEVENTYFIVE = 6, NEAR_THREEFOLD = 7, NEAR_FIFTY = 8, DRAWS = 9, REPLAY_ERRORS = 10,
            OK = 11, SUM_MAX_HALFMOVE = 12, SUM_LONGEST_RUN = 13, SUM_PLIES = 14, SIZE = 15;

    // Places of the inputs in a draw_rules row, from the contract's layout.
    private static final int RESULT = field(Games.RESULT), PLIES = field(Games.PLY_COUNT),
            THREEFOLD_PLY = field(DrawFactsColumns.THREEFOLD_PLY), CLAIMED3 = field(DrawRules.THREEFOLD_CLAIMED),
            FIVEFOLD_PLY = field(DrawFactsColumns.FIVEFOLD_PLY), FIFTY_PLY = field(DrawFactsColumns.FIFTY_PLY),
            CLAIMED50 = field(DrawRules.FIFTY_CLAIMED), SEVENTYFIVE_PLY = field(DrawFactsColumns.SEVENTYFIVE_PLY),
            MAX_HALFMOVE = field(DrawFactsColumns.MAX_HALFMOVE_CLOCK),
            LONGEST_RUN = field(DrawFactsColumns.LONGEST_REVERSIBLE_RUN),
            MAX_REPETITIONS = field(DrawFactsColumns.MAX_REPETITIONS), BAND = field(DrawRules.RATING_BAND),
            TC = field(DrawRules.TIME_CONTROL_CLASS), YEAR = field(DrawRules.YEAR), ECO = field(Games.ECO),
            ERROR = field(DrawRules.REPLAY_ERROR), VARIANT = field(Games.VARIANT);

    private static final UTF8String DRAW = UTF8String.fromString(PgnGame.DRAW);
    private static final String UNKNOWN = "unknown";

    // The dimensions in the order of DrawRulesJob.DIMENSIONS, each with its values' counts.
    private static final int D_ALL = 0, D_BAND = 1, D_TC = 2, D_YEAR = 3, D_RESULT = 4, D_ECO = 5, D_VARIANT = 6,
            DIMENSIONS = 7;
    private static final String[] DIMENSION_NAMES = {ALL, DrawRules.RATING_BAND, DrawRules.TIME_CONTROL_CLASS,
        DrawRules.YEAR, Games.RESULT, Games.ECO, Games.VARIANT};

    /** Per dimension, its values (UTF8String, Integer for the year, null) and their counts. */
    private final HashMap<Object, long[]>[] byValue = newMaps();
    /** The counts of the row being added; reused (made again after the accumulator is deserialized in a task). */
    private transient long[] row;

    @SuppressWarnings("unchecked")
    private static HashMap<Object, long[]>[] newMaps() {
        HashMap<Object, long[]>[] maps = new HashMap[DIMENSIONS];
        for (int d = 0; d < DIMENSIONS; d++) {
            maps[d] = new HashMap<>();
        }
        return maps;
    }

    private static int field(String name) {
        return Schemas.DRAW_RULES_SCHEMA.fieldIndex(name);
    }

    /** Whether nothing has been counted. */
    public boolean isEmpty() {
        return byValue[D_ALL].isEmpty();
    }

    /** Counts one {@code draw_rules} row; its strings must not be reused by its producer. */
    public void add(InternalRow r) {
        if (row == null) {
            row = new long[SIZE];
        }
        long[] c = row;
        java.util.Arrays.fill(c, 0);
        UTF8String result = str(r, RESULT);
        boolean ok = r.isNullAt(ERROR);
        c[GAMES] = 1;
        c[THREEFOLD] = r.isNullAt(THREEFOLD_PLY) ? 0 : 1;
        c[THREEFOLD_CLAIMED] = !r.isNullAt(CLAIMED3) && r.getBoolean(CLAIMED3) ? 1 : 0;
        c[FIVEFOLD] = r.isNullAt(FIVEFOLD_PLY) ? 0 : 1;
        c[FIFTY] = r.isNullAt(FIFTY_PLY) ? 0 : 1;
        c[FIFTY_CLAIMED] = !r.isNullAt(CLAIMED50) && r.getBoolean(CLAIMED50) ? 1 : 0;
        c[SEVENTYFIVE] = r.isNullAt(SEVENTYFIVE_PLY) ? 0 : 1;
        c[NEAR_THREEFOLD] = ok && r.getInt(MAX_REPETITIONS) == 2 ? 1 : 0;
        int clock = r.getInt(MAX_HALFMOVE);
        c[NEAR_FIFTY] = clock >= 80 && clock <= 99 ? 1 : 0;
        c[DRAWS] = DRAW.equals(result) ? 1 : 0;
        c[REPLAY_ERRORS] = ok ? 0 : 1;
        if (ok) {
            c[OK] = 1;
            c[SUM_MAX_HALFMOVE] = clock;
            c[SUM_LONGEST_RUN] = r.getInt(LONGEST_RUN);
            c[SUM_PLIES] = r.getInt(PLIES);
        }
        add(D_ALL, ALL, c);
        add(D_BAND, str(r, BAND), c);
        add(D_TC, str(r, TC), c);
        add(D_YEAR, r.isNullAt(YEAR) ? null : r.getInt(YEAR), c);
        add(D_RESULT, result, c);
        add(D_ECO, str(r, ECO), c);
        add(D_VARIANT, str(r, VARIANT), c);
    }

    private void add(int dimension, Object value, long[] counts) {
        long[] sum = byValue[dimension].computeIfAbsent(value, k -> new long[SIZE]);
        for (int k = 0; k < SIZE; k++) {
            sum[k] += counts[k];
        }
    }

    private static UTF8String str(InternalRow r, int i) {
        return r.isNullAt(i) ? null : r.getUTF8String(i);
    }

    /** Adds the counts of {@code other} to these. */
    public void merge(DrawRulesTally other) {
        for (int d = 0; d < DIMENSIONS; d++) {
            for (Map.Entry<Object, long[]> e : other.byValue[d].entrySet()) {
                add(d, e.getKey(), e.getValue());
            }
        }
    }

    /** An independent copy. */
    public DrawRulesTally copy() {
        DrawRulesTally t = new DrawRulesTally();
        t.merge(this);
        return t;
    }

    /**
     * The rows of {@code draw_rules_summary} ({@link #SUMMARY_SCHEMA}), unordered: per dimension of
     * {@link DrawRulesJob#DIMENSIONS} and value (null values as {@code unknown}, as in the table) the
     * counts, the averages over the games that replayed (null when none did) and the rates.
     */
    public List<Row> summaryRows() {
        // Keyed by the value as the table writes it, so a null and a value spelled "unknown" share a row.
        Map<List<String>, long[]> cut = new HashMap<>();
        for (int d = 0; d < DIMENSIONS; d++) {
            for (Map.Entry<Object, long[]> e : byValue[d].entrySet()) {
                add(cut, DIMENSION_NAMES[d], text(d, e.getKey()), e.getValue());
            }
        }
        List<Row> rows = new ArrayList<>(cut.size());
        List<String> counts = DrawRulesSummary.COUNTS;
        List<String> rated = DrawRulesSummary.RATED;
        for (Map.Entry<List<String>, long[]> e : cut.entrySet()) {
            long[] c = e.getValue();
            Object[] v = new Object[2 + counts.size() + 3 + rated.size()];
            v[0] = e.getKey().get(0);
            v[1] = e.getKey().get(1);
            for (int k = 0; k < counts.size(); k++) {
                v[2 + k] = c[k];
            }
            int at = 2 + counts.size();
            v[at] = mean(c[SUM_MAX_HALFMOVE], c[OK]);
            v[at + 1] = mean(c[SUM_LONGEST_RUN], c[OK]);
            v[at + 2] = mean(c[SUM_PLIES], c[OK]);
            for (int k = 0; k < rated.size(); k++) {
                v[at + 3 + k] = rate(c[counts.indexOf(rated.get(k))], c[GAMES]);
            }
            rows.add(new GenericRowWithSchema(v, SUMMARY_SCHEMA));
        }
        return rows;
    }

    private static void add(Map<List<String>, long[]> cut, String dimension, String value, long[] counts) {
        long[] sum = cut.computeIfAbsent(java.util.Arrays.asList(dimension, value), k -> new long[SIZE]);
        for (int k = 0; k < SIZE; k++) {
            sum[k] += counts[k];
        }
    }

    /** A dimension's value as {@code draw_rules_summary.value} holds it. */
    private static String text(int dimension, Object value) {
        return switch (dimension) {
            case D_ALL -> ALL;
            case D_YEAR, D_RESULT, D_ECO -> value == null ? UNKNOWN : value.toString();
            default -> value == null ? null : value.toString();
        };
    }

    /** {@code sum / n} as Spark divides two longs; null when no game replayed. */
    private static Double mean(long sum, long n) {
        return n > 0 ? (double) sum / n : null;
    }

    /** Spark SQL's {@code round(count / games, 6)}: HALF_UP on the double's shortest decimal form. */
    static Double rate(long count, long games) {
        if (games == 0) {
            return null;
        }
        double d = (double) count / games;
        return BigDecimal.valueOf(d).setScale(6, RoundingMode.HALF_UP).doubleValue();
    }
}
