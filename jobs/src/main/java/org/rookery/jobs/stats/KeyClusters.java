package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.shiftrightunsigned;

import java.util.Arrays;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.rookery.contract.schema.Openings;

/**
 * How the opening tables are laid out: occurrences shuffled once by the top bits of the position
 * key (the key is a uniform hash, so its top bits are a range partition that needs no sampling
 * pass over the walk), each partition sorted by key and the columns a fold groups by, and files
 * written with small row groups, so a reader looking up one key (DuckDB, by the row groups'
 * min/max) decodes one group of about a megabyte.
 */
final class KeyClusters {
    /** Row-group size of the written files: small, so a point lookup decodes little. */
    static final int ROW_GROUP_BYTES = 1024 * 1024;
    /** Key bits the shuffle partitions by (buckets of contiguous keys). */
    private static final int BUCKET_BITS = 10;
    /** Occurrences per output partition, roughly: 20,000 games of 30 plies. */
    private static final long GAMES_PER_PARTITION = 20_000;

    private KeyClusters() {
    }

    /** The partitions for {@code games} decided games: one per 20,000, at least 1, at most 64. */
    static int partitions(long games) {
        return (int) Math.max(1, Math.min(64, (games + GAMES_PER_PARTITION - 1) / GAMES_PER_PARTITION));
    }

    /** {@code occ} shuffled by key range into {@code partitions}, each sorted by {@code key} then {@code groupBy}. */
    static Dataset<Row> clustered(Dataset<Row> occ, int partitions, String... groupBy) {
        Column bucket = shiftrightunsigned(col(Openings.KEY), 64 - BUCKET_BITS);
        Column[] order = new Column[groupBy.length + 1];
        order[0] = col(Openings.KEY);
        for (int i = 0; i < groupBy.length; i++) order[i + 1] = col(groupBy[i]);
        return occ.repartition(partitions, bucket).sortWithinPartitions(order);
    }

    /** The Parquet writer options of the opening tables (small row groups). */
    static <T> DataFrameWriter<T> smallRowGroups(DataFrameWriter<T> w) {
        return w.option("parquet.block.size", ROW_GROUP_BYTES);
    }

    /** {@code a} followed by {@code b}. */
    static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
