package org.rookery.dashboards.data;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The explorer index's roll-up of its busiest positions ({@code cells}: one row per position, move
 * and breakdown cell), held in columns in memory. At such a position a lookup walks the key's cells
 * once in Java: it sums the ones the filters keep per move (and per month) and keeps the best and
 * latest few by their rank. DuckDB summed the same cells in 13-14 ms at the start position of a
 * 200,000-game table and its tail grew with the table; the walk is a loop over arrays.
 *
 * <p>Cell {@code i} here is row {@code crow = i} of {@code cells}: the statement that reads the
 * chosen cells' games asks for those rows. Each dimension is stored as a code into its own
 * dictionary of values, so a lookup turns the filters into one mask per dimension first
 * ({@link Filters}'s {@code keeps*} predicates, the SQL's meaning of each filter) and the walk only
 * indexes arrays.
 */
final class HeavyCells {
    /**
     * The heap a cell takes here: 2 + 2 + 2 bytes of move, band and month codes, 4 of other codes,
     * 5 counts of 4, 2 sums of 8, 2 ranks of 4, its rows (4) and first row (8). Measured: 143 MB of
     * heap after GC for 1,729,245 cells, with the JVM's own.
     */
    static final int BYTES_PER_CELL = 70;
    /** The columns read from {@code cells}, in this order, by {@link #load}. */
    static final String COLUMNS = "key, uci, rating_band, speed, month, source, masters, variant, white_wins, draws, black_wins, "
            + "mover_rating_sum, mover_rated, opponent_rating_sum, opponent_rated, top_rank, recent_rank, n, first_row";

    /** The sorted keys, and where each one's cells start ({@code starts[i]} to {@code starts[i + 1]}). */
    private final long[] keys;
    private final int[] starts;
    /** Each key's moves; a cell's {@code move} indexes its key's list. */
    private final String[][] moves;
    private final short[] move;
    private final Dictionary bands = new Dictionary("rating_band", Short.MAX_VALUE), months = new Dictionary("month", Short.MAX_VALUE),
            speeds = new Dictionary("speed", Byte.MAX_VALUE), sources = new Dictionary("source", Byte.MAX_VALUE),
            masters = new Dictionary("masters", Byte.MAX_VALUE), variants = new Dictionary("variant", Byte.MAX_VALUE);
    private final short[] band, month;
    private final byte[] speed, source, master, variant;
    /** Counts fit an int (checked as they are read); the rating sums need a long. */
    private final int[] white, draws, black, moverRated, opponentRated;
    private final long[] moverSum, opponentSum;
    /** A cell's place among all cells by its best first top game (0 best) and by its latest first recent game. */
    private final int[] topRank, recentRank;
    /** A cell's rows in {@code bd}: {@code rows} of them from {@code brow = firstRow}. */
    private final int[] rows;
    private final long[] firstRow;

    private HeavyCells(int keyCount, int cells) {
        keys = new long[keyCount];
        starts = new int[keyCount + 1];
        moves = new String[keyCount][];
        move = new short[cells];
        band = new short[cells];
        month = new short[cells];
        speed = new byte[cells];
        source = new byte[cells];
        master = new byte[cells];
        variant = new byte[cells];
        white = new int[cells];
        draws = new int[cells];
        black = new int[cells];
        moverRated = new int[cells];
        opponentRated = new int[cells];
        moverSum = new long[cells];
        opponentSum = new long[cells];
        topRank = new int[cells];
        recentRank = new int[cells];
        rows = new int[cells];
        firstRow = new long[cells];
    }

    /** A dimension's distinct values (NULL among them), coded in the order first seen. */
    private static final class Dictionary {
        private final Map<Object, Integer> codes = new HashMap<>();
        private final List<Object> values = new ArrayList<>();
        private final String name;
        private final int limit;

        Dictionary(String name, int limit) {
            this.name = name;
            this.limit = limit;
        }

        int code(Object value) throws SQLException {
            Integer c = codes.get(value);
            if (c != null) return c;
            if (values.size() == limit) throw new SQLException("explorer index: over " + limit + " values of " + name + " at the busiest positions");
            int made = values.size();
            values.add(value);
            codes.put(value, made);
            return made;
        }

        /** Which codes the filter keeps. */
        boolean[] mask(Predicate<Object> keeps) {
            boolean[] m = new boolean[values.size()];
            for (int i = 0; i < m.length; i++) m[i] = keeps.test(values.get(i));
            return m;
        }
    }

    /** Whether {@code key} is one of the rolled-up positions. */
    boolean has(long key) {
        return Arrays.binarySearch(keys, key) >= 0;
    }

    /** The rows of cell {@code i} in {@code bd}. */
    int rows(int i) {
        return rows[i];
    }

    /** The {@code brow} of cell {@code i}'s first row. */
    long firstRow(int i) {
        return firstRow[i];
    }

    /** Positions held, for tests. */
    int keys() {
        return keys.length;
    }

    /**
     * Reads {@code cells} (with its {@code crow} numbering {@code 0..n-1} and ranks) into memory;
     * {@code keyCount} and {@code cells} are its distinct keys and rows.
     */
    static HeavyCells load(Statement s, String table, int keyCount, int cells) throws SQLException {
        HeavyCells h = new HeavyCells(keyCount, cells);
        int k = -1, i = 0;
        Map<String, Short> keyMoves = new HashMap<>();
        List<String> keyMoveList = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT " + COLUMNS + ", crow FROM " + table + " ORDER BY crow")) {
            while (rs.next()) {
                if (rs.getLong("crow") != i) throw new SQLException("explorer index: cells are not numbered 0.." + (cells - 1));
                long key = rs.getLong(1);
                if (k < 0 || key != h.keys[k]) {
                    if (k >= 0 && key < h.keys[k]) throw new SQLException("explorer index: cells are not sorted by key");
                    if (k >= 0) h.moves[k] = keyMoveList.toArray(String[]::new);
                    k++;
                    h.keys[k] = key;
                    h.starts[k] = i;
                    keyMoves.clear();
                    keyMoveList.clear();
                }
                String uci = rs.getString(2);
                Short m = keyMoves.get(uci);
                if (m == null) {
                    m = (short) keyMoveList.size();
                    keyMoves.put(uci, m);
                    keyMoveList.add(uci);
                }
                h.move[i] = m;
                h.band[i] = (short) h.bands.code(rs.getObject(3) == null ? null : rs.getInt(3));
                h.speed[i] = (byte) h.speeds.code(rs.getString(4));
                h.month[i] = (short) h.months.code(rs.getObject(5) == null ? null : rs.getInt(5));
                h.source[i] = (byte) h.sources.code(rs.getString(6));
                h.master[i] = (byte) h.masters.code(rs.getObject(7) == null ? null : rs.getBoolean(7));
                h.variant[i] = (byte) h.variants.code(rs.getString(8));
                h.white[i] = count(rs, 9);
                h.draws[i] = count(rs, 10);
                h.black[i] = count(rs, 11);
                h.moverSum[i] = rs.getLong(12);
                h.moverRated[i] = count(rs, 13);
                h.opponentSum[i] = rs.getLong(14);
                h.opponentRated[i] = count(rs, 15);
                h.topRank[i] = rs.getInt(16);
                h.recentRank[i] = rs.getInt(17);
                h.rows[i] = count(rs, 18);
                h.firstRow[i] = rs.getLong(19);
                i++;
            }
        }
        if (i != cells || k + 1 != keyCount) {
            throw new SQLException("explorer index: read " + i + " cells of " + (k + 1) + " keys, expected " + cells + " of " + keyCount);
        }
        if (k >= 0) h.moves[k] = keyMoveList.toArray(String[]::new);
        h.starts[keyCount] = cells;
        return h;
    }

    /** A count column as an int. */
    private static int count(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        if (v < 0 || v > Integer.MAX_VALUE) throw new SQLException("explorer index: a cell count of " + v + " in column " + column);
        return (int) v;
    }

    /**
     * One move's sums under the filters, and the cell of its game when exactly one game reached it
     * (else -1).
     */
    record MoveSum(String uci, long white, long draws, long black, long moverSum, long moverRated, long opponentSum,
            long opponentRated, int onlyCell) {
    }

    /**
     * A heavy key's answer before its games are read: the moves' sums, the {@code top} best and
     * {@code recent} latest cells (best first), and the results per month when asked.
     */
    record Sums(List<MoveSum> moves, int[] top, int[] recent, List<OpeningsTable.MonthRow> history) {
    }

    /** Walks {@code key}'s cells the filters keep (the key must be {@link #has held}). */
    Sums sum(long key, Filters f, int top, int recent, boolean history) {
        int k = Arrays.binarySearch(keys, key);
        if (k < 0) throw new IllegalArgumentException("key " + key + " is not rolled up");
        boolean[] okBand = bands.mask(v -> f.keepsBand((Integer) v)), okSpeed = speeds.mask(v -> f.keepsSpeed((String) v)),
                okMonth = months.mask(v -> f.keepsMonth((Integer) v)), okSource = sources.mask(v -> f.keepsSource((String) v)),
                okMaster = masters.mask(v -> f.keepsMasters((Boolean) v)), okVariant = variants.mask(v -> f.keepsVariant((String) v));
        int n = moves[k].length;
        long[] w = new long[n], d = new long[n], b = new long[n], ms = new long[n], mn = new long[n], os = new long[n], on = new long[n];
        int[] only = new int[n];
        Arrays.fill(only, -1);
        long[] mw = history ? new long[months.values.size()] : null, md = history ? new long[mw.length] : null,
                mb = history ? new long[mw.length] : null;
        boolean[] seen = history ? new boolean[mw.length] : null;
        Best best = new Best(top, topRank), latest = new Best(recent, recentRank);
        for (int i = starts[k], end = starts[k + 1]; i < end; i++) {
            if (!(okBand[band[i]] && okSpeed[speed[i]] && okMonth[month[i]] && okSource[source[i]] && okMaster[master[i]]
                    && okVariant[variant[i]])) {
                continue;
            }
            int m = move[i];
            w[m] += white[i];
            d[m] += draws[i];
            b[m] += black[i];
            ms[m] += moverSum[i];
            mn[m] += moverRated[i];
            os[m] += opponentSum[i];
            on[m] += opponentRated[i];
            if (only[m] < 0) only[m] = i;
            if (history) {
                mw[month[i]] += white[i];
                md[month[i]] += draws[i];
                mb[month[i]] += black[i];
                seen[month[i]] = true;
            }
            best.offer(i);
            latest.offer(i);
        }
        List<MoveSum> out = new ArrayList<>();
        for (int m = 0; m < n; m++) {
            long games = w[m] + d[m] + b[m];
            if (only[m] < 0) continue;
            out.add(new MoveSum(moves[k][m], w[m], d[m], b[m], ms[m], mn[m], os[m], on[m], games == 1 ? only[m] : -1));
        }
        List<OpeningsTable.MonthRow> byMonth = new ArrayList<>();
        if (history) {
            for (int c = 0; c < mw.length; c++) {
                Integer yyyymm = (Integer) months.values.get(c);
                // As the SQL's "month % 100 <> 0": a NULL month and a year alone are not in the history.
                if (!seen[c] || yyyymm == null || yyyymm % 100 == 0) continue;
                byMonth.add(new OpeningsTable.MonthRow(yyyymm, mw[c], md[c], mb[c]));
            }
        }
        return new Sums(out, best.cells(), latest.cells(), byMonth);
    }

    /** The {@code limit} cells of lowest rank offered, kept sorted (limit is at most the API's 15). */
    private static final class Best {
        private final int[] cells;
        private final int[] rank;
        private int size;

        Best(int limit, int[] rank) {
            this.cells = new int[limit];
            this.rank = rank;
        }

        void offer(int cell) {
            int r = rank[cell];
            if (size == cells.length && (size == 0 || r >= rank[cells[size - 1]])) return;
            int at = size == cells.length ? size - 1 : size++;
            while (at > 0 && rank[cells[at - 1]] > r) {
                cells[at] = cells[at - 1];
                at--;
            }
            cells[at] = cell;
        }

        int[] cells() {
            return Arrays.copyOf(cells, size);
        }
    }
}
