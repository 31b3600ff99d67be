package org.rookery.jobs.stats;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.util.AccumulatorV2;

/**
 * A Spark accumulator of {@link DrawRulesTally}: each task of the {@code draw_rules} write counts
 * the rows it writes, and the driver gets the merged counts with the write. Updates made in the
 * result stage of a job count once per partition, even if a task is retried.
 */
public final class DrawRulesTallies extends AccumulatorV2<InternalRow, DrawRulesTally> {
    private static final long serialVersionUID = 1L;

    private DrawRulesTally tally = new DrawRulesTally();

    @Override
    public boolean isZero() {
        return tally.isEmpty();
    }

    @Override
    public DrawRulesTallies copy() {
        DrawRulesTallies c = new DrawRulesTallies();
        c.tally = tally.copy();
        return c;
    }

    @Override
    public void reset() {
        tally = new DrawRulesTally();
    }

    @Override
    public void add(InternalRow row) {
        tally.add(row);
    }

    @Override
    public void merge(AccumulatorV2<InternalRow, DrawRulesTally> other) {
        tally.merge(other.value());
    }

    @Override
    public DrawRulesTally value() {
        return tally;
    }
}
