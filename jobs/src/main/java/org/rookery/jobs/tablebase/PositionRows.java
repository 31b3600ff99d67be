package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Paths;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.rookery.endgame.index.Boards;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.Values;

/**
 * The rows of the {@code tablebase} table for one {@link SlotRange}: one per slot that is a real
 * position (the slots a table's header counts), read lazily from the memory-mapped table file,
 * which is closed when the range is exhausted. Column order is {@link TablebaseExport#POSITIONS}'.
 */
final class PositionRows implements Iterator<Row> {
    private final SlotRange range;
    private final Table table;
    private final TableIndex index;
    private final long[] bb = new long[12];
    private long next;
    private boolean open = true;

    PositionRows(SlotRange range) {
        this.range = range;
        try {
            this.table = TableFile.open(Paths.get(range.file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.index = table.index();
        this.next = range.from;
        advance();
    }

    /** Moves {@code next} to the first real position at or after it, closing the table at the end. */
    private void advance() {
        while (next < range.to && !index.valid(next, bb)) next++;
        if (next >= range.to && open) {
            open = false;
            try {
                table.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public boolean hasNext() {
        return next < range.to;
    }

    @Override
    public Row next() {
        if (next >= range.to) throw new NoSuchElementException();
        long idx = next;
        // valid() left the decoded board in bb; its side to move is the index's stm bit.
        int stm = (int) ((idx / index.sideStride()) & 1);
        short dtm = table.dtm(idx), dtz = table.dtz(idx);
        Category c = Category.ofDtz(dtz);
        Row row = RowFactory.create(idx, Boards.fen(bb, stm), stm == 0 ? "w" : "b", c.api(), (byte) (c.ordinal() - 2),
            dtm == 0 ? null : signed(dtm), signed(dtz), range.material);
        next++;
        advance();
        return row;
    }

    /** Signed plies as the lichess API gives them: positive when the side to move wins, 0 when mated (or drawn). */
    static int signed(short v) {
        return v > 0 ? v : v == 0 ? 0 : -Values.plies(v);
    }
}
