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
 * The counts behind {@code draw_rules_summary}, kept per combination of all dimension values while
 * the per-game rows are written (a few thousand combinations however many games), so the summary
 * needs no second pass over {@code draw_rules}: reading it back and aggregating it twice through
 * Spark's shuffles cost as much as the per-game scan. {@link #summaryRows()} cuts the dimensions
 * from the combinations, with Spark SQL's semantics for the averages and {@code round(x, 6)}.
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

    /** One combination of the dimension values of {@link DrawRules#DIMENSIONS}. */
    private record Combo(UTF8String band, UTF8String timeControl, Integer year, UTF8String result, UTF8String eco,
            UTF8String variant) implements Serializable {
    }

    private final HashMap<Combo, long[]> combos = new HashMap<>();

    private static int field(String name) {
        return Schemas.DRAW_RULES_SCHEMA.fieldIndex(name);
    }

    /** Whether nothing has been counted. */
    public boolean isEmpty() {
        return combos.isEmpty();
    }

    /** Counts one {@code draw_rules} row; its strings must not be reused by its producer. */
    public void add(InternalRow r) {
        Combo key = new Combo(str(r, BAND), str(r, TC), r.isNullAt(YEAR) ? null : r.getInt(YEAR), str(r, RESULT),
                str(r, ECO), str(r, VARIANT));
        long[] c = combos.computeIfAbsent(key, k -> new long[SIZE]);
        boolean ok = r.isNullAt(ERROR);
        c[GAMES]++;
        c[THREEFOLD] += r.isNullAt(THREEFOLD_PLY) ? 0 : 1;
        c[THREEFOLD_CLAIMED] += !r.isNullAt(CLAIMED3) && r.getBoolean(CLAIMED3) ? 1 : 0;
        c[FIVEFOLD] += r.isNullAt(FIVEFOLD_PLY) ? 0 : 1;
        c[FIFTY] += r.isNullAt(FIFTY_PLY) ? 0 : 1;
        c[FIFTY_CLAIMED] += !r.isNullAt(CLAIMED50) && r.getBoolean(CLAIMED50) ? 1 : 0;
        c[SEVENTYFIVE] += r.isNullAt(SEVENTYFIVE_PLY) ? 0 : 1;
        c[NEAR_THREEFOLD] += ok && r.getInt(MAX_REPETITIONS) == 2 ? 1 : 0;
        int clock = r.getInt(MAX_HALFMOVE);
        c[NEAR_FIFTY] += clock >= 80 && clock <= 99 ? 1 : 0;
        c[DRAWS] += DRAW.equals(key.result()) ? 1 : 0;
        c[REPLAY_ERRORS] += ok ? 0 : 1;
        if (ok) {
            c[OK]++;
            c[SUM_MAX_HALFMOVE] += clock;
            c[SUM_LONGEST_RUN] += r.getInt(LONGEST_RUN);
            c[SUM_PLIES] += r.getInt(PLIES);
        }
    }

    private static UTF8String str(InternalRow r, int i) {
        return r.isNullAt(i) ? null : r.getUTF8String(i);
    }

    /** Adds the counts of {@code other} to these. */
    public void merge(DrawRulesTally other) {
        for (Map.Entry<Combo, long[]> e : other.combos.entrySet()) {
            long[] mine = combos.get(e.getKey());
            if (mine == null) {
                combos.put(e.getKey(), e.getValue().clone());
            } else {
                for (int k = 0; k < SIZE; k++) {
                    mine[k] += e.getValue()[k];
                }
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
        Map<List<String>, long[]> cut = new HashMap<>();
        for (Map.Entry<Combo, long[]> e : combos.entrySet()) {
            Combo k = e.getKey();
            add(cut, ALL, ALL, e.getValue());
            add(cut, DrawRules.RATING_BAND, text(k.band(), null), e.getValue());
            add(cut, DrawRules.TIME_CONTROL_CLASS, text(k.timeControl(), null), e.getValue());
            add(cut, DrawRules.YEAR, k.year() == null ? UNKNOWN : k.year().toString(), e.getValue());
            add(cut, Games.RESULT, text(k.result(), UNKNOWN), e.getValue());
            add(cut, Games.ECO, text(k.eco(), UNKNOWN), e.getValue());
            add(cut, Games.VARIANT, text(k.variant(), null), e.getValue());
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

    private static String text(UTF8String s, String ifNull) {
        return s == null ? ifNull : s.toString();
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
