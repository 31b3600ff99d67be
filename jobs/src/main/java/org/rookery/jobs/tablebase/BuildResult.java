package org.rookery.jobs.tablebase;

import java.io.Serializable;

/** What one {@link BuildTask} produced: its slices' statistics, returned to the driver. */
public final class BuildResult implements Serializable {
    private static final long serialVersionUID = 1L;

    public final BuildTask task;
    /** Positions per side to move and category (loss..win), as in the table header. */
    public final long[][] counts;
    public final int[] longestDtm, longestDtz;
    public final long positions;
    public final long millis;
    /** Executor host that ran the task, for the progress report. */
    public final String host;

    BuildResult(BuildTask task, long[][] counts, int[] longestDtm, int[] longestDtz, long positions, long millis, String host) {
        this.task = task;
        this.counts = counts;
        this.longestDtm = longestDtm;
        this.longestDtz = longestDtz;
        this.positions = positions;
        this.millis = millis;
        this.host = host;
    }
}
