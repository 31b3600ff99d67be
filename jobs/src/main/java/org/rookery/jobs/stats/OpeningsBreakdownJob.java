package org.rookery.jobs.stats;

import static org.rookery.contract.schema.Openings.KEY;
import static org.rookery.contract.schema.OpeningsBreakdown.MASTERS;
import static org.rookery.contract.schema.OpeningsBreakdown.MEAN_RATING;
import static org.rookery.contract.schema.OpeningsBreakdown.MONTH;
import static org.rookery.contract.schema.OpeningsBreakdown.RATING_BAND;
import static org.rookery.contract.schema.OpeningsBreakdown.SPEED;
import static org.rookery.contract.schema.Openings.UCI;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.rookery.contract.dimensions.GameMonth;
import org.rookery.contract.dimensions.TimeControlClass;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.core.notation.UciMoves;
import org.rookery.jobs.spark.Schemas;

/**
 * The {@code openings_breakdown} table: the moves of {@code openings} (same games, plies and
 * once-per-game rule) summed per mean-rating band, speed, month, source and masters flag, with the
 * highest-rated and latest games of each row. Written by {@code analyze openings} beside
 * {@code openings}; the dashboard's explorer filters sum its rows.
 */
public final class OpeningsBreakdownJob {
    private OpeningsBreakdownJob() {
    }

    /** The {@code games} columns the walk reads, in this order. */
    static final String[] INPUT = {Games.START_FEN, Games.MOVES_UCI, Games.RESULT, Games.WHITE_ELO, Games.BLACK_ELO,
        Games.TIME_CONTROL, Games.DATE, Games.SOURCE, Games.GAME_ID, Games.WHITE, Games.BLACK, Games.VARIANT,
        Games.COLLECTION_KIND};

    /** One move occurrence with its game's dimensions, before aggregation. */
    static final StructType OCCURRENCE = new StructType()
            .add(KEY, DataTypes.LongType, false)
            .add(UCI, DataTypes.StringType, false)
            .add(RATING_BAND, DataTypes.IntegerType, true)
            .add(SPEED, DataTypes.StringType, false)
            .add(MONTH, DataTypes.IntegerType, true)
            .add(Games.SOURCE, DataTypes.StringType, false)
            .add(MASTERS, DataTypes.BooleanType, false)
            .add(Games.VARIANT, DataTypes.StringType, false)
            .add("outcome", DataTypes.IntegerType, false)
            .add("mover_elo", DataTypes.IntegerType, true)
            .add("opponent_elo", DataTypes.IntegerType, true)
            .add(Games.GAME_ID, DataTypes.StringType, true)
            .add(MEAN_RATING, DataTypes.IntegerType, true)
            .add(Games.DATE, DataTypes.StringType, true)
            .add(Games.WHITE, DataTypes.StringType, true)
            .add(Games.BLACK, DataTypes.StringType, true)
            .add(Games.WHITE_ELO, DataTypes.IntegerType, true)
            .add(Games.BLACK_ELO, DataTypes.IntegerType, true)
            .add(Games.RESULT, DataTypes.StringType, true);

    /** The 100-point band of the floor of the mean rating, or null unless both ratings are positive. */
    public static Integer band(Integer whiteElo, Integer blackElo) {
        Integer mean = meanRating(whiteElo, blackElo);
        return mean == null ? null : Math.floorDiv(mean, OpeningsBreakdown.BAND_WIDTH) * OpeningsBreakdown.BAND_WIDTH;
    }

    /** The floor of the mean of both ratings, or null unless both are positive. */
    public static Integer meanRating(Integer whiteElo, Integer blackElo) {
        if (whiteElo == null || blackElo == null || whiteElo <= 0 || blackElo <= 0) return null;
        return (whiteElo + blackElo) / 2;
    }

    /**
     * Whether a game counts for {@code /masters} ({@code OpeningsBreakdownSql.MASTERS}): its collection
     * was marked masters at ingest ({@code collection_kind}; null, in files written before the column,
     * is {@code other}), or it is an imported game (not a gauntlet's) whose players are both rated at
     * least {@link OpeningsBreakdown#MASTERS_RATING}.
     */
    public static boolean masters(String collectionKind, String source, Integer whiteElo, Integer blackElo) {
        return Games.KIND_MASTERS.equals(collectionKind) || Games.IMPORT.equals(source) && whiteElo != null && blackElo != null
                && whiteElo >= OpeningsBreakdown.MASTERS_RATING && blackElo >= OpeningsBreakdown.MASTERS_RATING;
    }

    /** The breakdown of the decided {@code games} (columns {@link #INPUT}) over their first {@code plies} plies. */
    static Dataset<Row> breakdown(Dataset<Row> games, int plies, int partitions) {
        return aggregate(games.select(INPUT[0], java.util.Arrays.copyOfRange(INPUT, 1, INPUT.length))
                .flatMap(new Walk(plies), Encoders.row(OCCURRENCE)), partitions);
    }

    /** Folds occurrences into the table's rows, in the contract's column order, clustered by key into {@code partitions}. */
    static Dataset<Row> aggregate(Dataset<Row> occ, int partitions) {
        String[] cell = java.util.Arrays.copyOfRange(OCCURRENCE.fieldNames(), 1, BreakdownFold.CELL_COLUMNS);
        return KeyClusters.clustered(occ, partitions, cell).mapPartitions(new BreakdownFold(), Encoders.row(SCHEMA));
    }

    /** The table's Spark schema, from the contract. */
    static final StructType SCHEMA = Schemas.struct(OpeningsBreakdown.SCHEMA.columns());

    /** Flat-maps a game to its move occurrences with the game's dimensions. */
    static final class Walk implements FlatMapFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final int plies;
        private transient OpeningWalk walk;
        private transient Map<String, String> speeds;

        Walk(int plies) {
            this.plies = plies;
        }

        @Override
        public Iterator<Row> call(Row g) {
            if (walk == null) {
                walk = new OpeningWalk(plies, false);
                speeds = TimeControlClass.newCache();
            }
            String result = g.getString(2);
            int outcome = switch (result == null ? "*" : result) {
                case "1-0" -> OpeningsJob.WHITE;
                case "0-1" -> OpeningsJob.BLACK;
                case "1/2-1/2" -> OpeningsJob.DRAW;
                default -> -1;
            };
            if (outcome < 0) return java.util.Collections.emptyIterator();
            Integer we = positive(g, 3), be = positive(g, 4);
            Integer band = band(we, be), mean = meanRating(we, be);
            String speed = TimeControlClass.of(g.getString(5), speeds);
            String date = g.getString(6);
            Integer month = GameMonth.of(date);
            String source = g.getString(7);
            boolean masters = masters(g.isNullAt(12) ? null : g.getString(12), source, we, be);
            String id = g.getString(8), white = g.getString(9), black = g.getString(10);
            String variant = OpeningsJob.variant(g, 11);
            List<Row> out = new ArrayList<>(plies);
            String[] moves = g.isNullAt(1) ? new String[0] : UciMoves.array(g.getList(1));
            walk.walk(g.getString(0), moves, new OpeningWalk.Sink() {
                @Override
                public void position(long key, String fen, int ply) {
                }

                @Override
                public void move(long key, String uci, String san) {
                    throw new IllegalStateException("the walk says who moved");
                }

                @Override
                public void move(long key, String uci, String san, boolean whiteMoves) {
                    out.add(RowFactory.create(key, uci, band, speed, month, source, masters, variant, outcome,
                            whiteMoves ? we : be, whiteMoves ? be : we, id, mean, date, white, black, we, be, result));
                }
            });
            return out.iterator();
        }

        private static Integer positive(Row g, int i) {
            if (g.isNullAt(i)) return null;
            int v = g.getInt(i);
            return v > 0 ? v : null;
        }
    }
}
