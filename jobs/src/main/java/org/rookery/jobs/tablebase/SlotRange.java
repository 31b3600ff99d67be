package org.rookery.jobs.tablebase;

import java.io.Serializable;

/** Slots [from, to) of one table file, the unit of work of the Parquet export. */
final class SlotRange implements Serializable {
    private static final long serialVersionUID = 1L;

    final String material;
    final String file;
    final long from, to;

    SlotRange(String material, String file, long from, long to) {
        this.material = material;
        this.file = file;
        this.from = from;
        this.to = to;
    }
}
