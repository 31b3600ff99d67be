package org.rookery.jobs.stats;

import static org.rookery.jobs.Layouts.assertLayout;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.rookery.contract.schema.EndgamesSummary;
import org.rookery.contract.schema.Openings;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;

/**
 * The tables Spark's aggregations write (openings, its breakdown and the endgames summary) have the
 * contract's layout: its names and types, in order (the draw-rules summary: StatsJobsTest).
 */
class OpeningsLayoutTest {
    private final SparkSession spark = TestSpark.get();

    @Test
    void theExplorerWritesTheContractsColumns() {
        assertLayout(Openings.SCHEMA,
                OpeningsJob.explorer(spark.createDataFrame(List.<Row>of(), OpeningsJob.OCCURRENCE), 1, 1).schema());
    }

    @Test
    void theBreakdownWritesTheContractsColumns() {
        assertLayout(OpeningsBreakdown.SCHEMA, OpeningsBreakdownJob.aggregate(
                spark.createDataFrame(List.<Row>of(), OpeningsBreakdownJob.OCCURRENCE), 1).schema());
    }

    @Test
    void theEndgamesSummaryHasTheContractsColumns() {
        assertLayout(EndgamesSummary.SCHEMA,
                EndgamesJob.summarize(spark.createDataFrame(List.<Row>of(), Schemas.ENDGAMES_SCHEMA)).schema());
    }
}
