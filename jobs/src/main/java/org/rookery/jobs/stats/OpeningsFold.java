package org.rookery.jobs.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.rookery.core.board.Variant;
import org.rookery.core.openings.Opening;
import org.rookery.core.openings.OpeningList;

/**
 * Folds a partition of {@code openings} occurrences, sorted by (key, variant, uci) with the
 * position's own occurrences (no uci) first, into one {@code openings} row per position and
 * variant, streaming: the position's counts and average ratings, its moves, most played first,
 * and the name the shipped opening list gives the position itself. Positions reached in fewer than
 * {@code minGames} games are left out.
 */
final class OpeningsFold implements MapPartitionsFunction<Row, Row> {
    private static final long serialVersionUID = 1L;
    /** Most played first, then (as sorting the structs descending did) the higher uci. */
    private static final Comparator<Row> MOST_PLAYED = Comparator.<Row>comparingLong(m -> m.getLong(0))
            .thenComparing(m -> m.getString(1)).reversed();

    private static final OpeningList OPENINGS = OpeningList.shipped();
    private static final String STANDARD = Variant.STANDARD.id();

    private final int minGames;

    OpeningsFold(int minGames) {
        this.minGames = minGames;
    }

    @Override
    public Iterator<Row> call(Iterator<Row> in) {
        return new Iterator<>() {
            private Row pending = in.hasNext() ? in.next() : null;
            private Row ready = advance();

            @Override
            public boolean hasNext() {
                return ready != null;
            }

            @Override
            public Row next() {
                if (ready == null) throw new NoSuchElementException();
                Row out = ready;
                ready = advance();
                return out;
            }

            private Row advance() {
                while (pending != null) {
                    Row row = fold();
                    if (row != null) return row;
                }
                return null;
            }

            /** The next position's row, or null when it falls under minGames. */
            private Row fold() {
                Row first = pending;
                long games = 0, white = 0, draws = 0, black = 0, whiteN = 0, blackN = 0;
                double whiteSum = 0, blackSum = 0;
                String fen = null;
                Integer ply = null;
                List<Row> moves = new ArrayList<>();
                Move move = null;
                while (pending != null && samePosition(first, pending)) {
                    Row r = pending;
                    int outcome = r.getInt(6);
                    if (r.isNullAt(2)) {
                        games++;
                        switch (outcome) {
                            case OpeningsJob.WHITE -> white++;
                            case OpeningsJob.DRAW -> draws++;
                            default -> black++;
                        }
                        if (fen == null && !r.isNullAt(3)) fen = r.getString(3);
                        if (!r.isNullAt(4)) ply = ply == null ? r.getInt(4) : Math.min(ply, r.getInt(4));
                        if (!r.isNullAt(7)) {
                            whiteSum += r.getInt(7);
                            whiteN++;
                        }
                        if (!r.isNullAt(8)) {
                            blackSum += r.getInt(8);
                            blackN++;
                        }
                    } else {
                        if (move == null || !move.uci.equals(r.getString(2))) {
                            if (move != null) moves.add(move.row());
                            move = new Move(r.getString(2), r.isNullAt(5) ? null : r.getString(5));
                        }
                        move.add(r, outcome);
                    }
                    pending = in.hasNext() ? in.next() : null;
                }
                if (move != null) moves.add(move.row());
                if (games < minGames) return null;
                moves.sort(MOST_PLAYED);
                // The list names standard chess positions; a Chess960 position is never one of them.
                Opening named = STANDARD.equals(first.getString(1)) ? OPENINGS.at(first.getLong(0)) : null;
                return RowFactory.create(first.getLong(0), fen, ply, games, white, draws, black,
                        whiteN == 0 ? null : whiteSum / whiteN, blackN == 0 ? null : blackSum / blackN,
                        moves.isEmpty() ? null : moves.toArray(new Row[0]), named == null ? null : named.eco(),
                        named == null ? null : named.name(), first.getString(1));
            }
        };
    }

    private static boolean samePosition(Row a, Row b) {
        return a.getLong(0) == b.getLong(0) && Objects.equals(a.get(1), b.get(1));
    }

    /** One move's running counts. */
    private static final class Move {
        final String uci;
        final String san;
        long games, white, draws, black, ratedN;
        double ratingSum;

        Move(String uci, String san) {
            this.uci = uci;
            this.san = san;
        }

        void add(Row r, int outcome) {
            games++;
            switch (outcome) {
                case OpeningsJob.WHITE -> white++;
                case OpeningsJob.DRAW -> draws++;
                default -> black++;
            }
            if (!r.isNullAt(7) && !r.isNullAt(8)) {
                ratingSum += (r.getInt(7) + r.getInt(8)) / 2.0;
                ratedN++;
            }
        }

        Row row() {
            return RowFactory.create(games, uci, san, white, draws, black, ratedN == 0 ? null : ratingSum / ratedN);
        }
    }
}
