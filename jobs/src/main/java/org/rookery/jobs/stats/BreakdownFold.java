package org.rookery.jobs.stats;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.rookery.contract.schema.OpeningsBreakdown;

/**
 * Folds a partition of breakdown occurrences, sorted by their cell (key, uci, band, speed, month,
 * source, masters, variant), into one {@code openings_breakdown} row per cell, streaming: sums, and
 * the cell's best games by rating and by date in two bounded samples. This replaces a groupBy with
 * {@code collect_list}, which Spark can only run as a sort-based object aggregation over every
 * occurrence (twice, before and after the shuffle).
 */
final class BreakdownFold implements MapPartitionsFunction<Row, Row> {
    private static final long serialVersionUID = 1L;
    /** Columns of {@link OpeningsBreakdownJob#OCCURRENCE} that make a cell. */
    static final int CELL_COLUMNS = 8;

    @Override
    public Iterator<Row> call(Iterator<Row> in) {
        return new Iterator<>() {
            private Row pending = in.hasNext() ? in.next() : null;
            private final GameSample top = new GameSample(OpeningsBreakdown.SAMPLE_GAMES);
            private final GameSample recent = new GameSample(OpeningsBreakdown.SAMPLE_GAMES);

            @Override
            public boolean hasNext() {
                return pending != null;
            }

            @Override
            public Row next() {
                if (pending == null) throw new NoSuchElementException();
                Row first = pending;
                long white = 0, draws = 0, black = 0, moverSum = 0, moverN = 0, opponentSum = 0, opponentN = 0;
                top.clear();
                recent.clear();
                Row r = first;
                while (true) {
                    switch (r.getInt(8)) {
                        case OpeningsJob.WHITE -> white++;
                        case OpeningsJob.DRAW -> draws++;
                        default -> black++;
                    }
                    if (!r.isNullAt(9)) {
                        moverSum += r.getInt(9);
                        moverN++;
                    }
                    if (!r.isNullAt(10)) {
                        opponentSum += r.getInt(10);
                        opponentN++;
                    }
                    String id = r.isNullAt(11) ? "" : r.getString(11);
                    Integer mean = r.isNullAt(12) ? null : r.getInt(12);
                    String date = r.isNullAt(13) ? "" : r.getString(13);
                    Row game = RowFactory.create(r.isNullAt(11) ? null : id, mean, r.isNullAt(13) ? null : date,
                            r.get(14), r.get(15), r.get(16), r.get(17), r.get(18));
                    top.offer(new GameSample.Entry(mean == null ? -1 : mean, date, id, game));
                    recent.offer(new GameSample.Entry(r.isNullAt(4) ? -1 : r.getInt(4), date, id, game));
                    pending = in.hasNext() ? in.next() : null;
                    if (pending == null || !sameCell(first, pending)) break;
                    r = pending;
                }
                return RowFactory.create(first.get(0), first.get(1), first.get(2), first.get(3), first.get(4), first.get(5),
                        first.get(6), first.get(7), white, draws, black, moverSum, moverN, opponentSum, opponentN,
                        top.games(), recent.games());
            }
        };
    }

    private static boolean sameCell(Row a, Row b) {
        for (int i = 0; i < CELL_COLUMNS; i++) {
            if (!Objects.equals(a.get(i), b.get(i))) return false;
        }
        return true;
    }
}
