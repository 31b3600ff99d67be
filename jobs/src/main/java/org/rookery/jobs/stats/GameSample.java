package org.rookery.jobs.stats;

import java.util.Comparator;
import org.apache.spark.sql.Row;

/**
 * The best {@code capacity} games of one breakdown row under one order, kept while the row's
 * occurrences stream past: a small sorted array, reused from row to row (most rows hold one game).
 */
final class GameSample {
    /** One game as the fold sees it: the sort fields and the {@code GAME} struct to write. */
    record Entry(int rank, String date, String id, Row game) {
    }

    /** Highest rank first, then latest date, then highest id: the order both game lists use. */
    static final Comparator<Entry> BEST_FIRST = Comparator.comparingInt(Entry::rank).thenComparing(Entry::date)
            .thenComparing(Entry::id).reversed();

    private final Entry[] kept;
    private int size;

    GameSample(int capacity) {
        kept = new Entry[capacity];
    }

    void clear() {
        java.util.Arrays.fill(kept, 0, size, null);
        size = 0;
    }

    /** Offers a game; keeps it if it is among the best so far. */
    void offer(Entry e) {
        if (size == kept.length && BEST_FIRST.compare(e, kept[size - 1]) >= 0) return;
        int i = size < kept.length ? size++ : size - 1;
        while (i > 0 && BEST_FIRST.compare(e, kept[i - 1]) < 0) {
            kept[i] = kept[i - 1];
            i--;
        }
        kept[i] = e;
    }

    /** The kept games' structs, best first. */
    Row[] games() {
        Row[] out = new Row[size];
        for (int i = 0; i < size; i++) out[i] = kept[i].game();
        return out;
    }
}
