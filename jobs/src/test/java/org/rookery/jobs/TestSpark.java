package org.rookery.jobs;

import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.rookery.jobs.spark.Sessions;

/** One local[2] Spark session shared by every test class in the (single) test JVM. */
public final class TestSpark {
    private TestSpark() {
    }

    private static SparkSession session;

    /** The shared session, created on first use and stopped when the JVM exits. */
    public static synchronized SparkSession get() {
        if (session == null) {
            // Spark's share of the heap below its default (0.6): the tests' own arrays (tablebase
            // builds in tasks, fixtures) and Parquet writers' buffers are outside its accounting, and
            // a page Spark thinks it has but the heap has not is retried without end.
            session = Sessions.create("test", "local[2]", Map.of(
                    "spark.sql.shuffle.partitions", "4",
                    "spark.sql.adaptive.enabled", "true",
                    "spark.memory.fraction", "0.4"));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> session.stop()));
        }
        return session;
    }

    /** Spark's running jobs and their stages' task counts, a line each; empty before the session exists. */
    static synchronized String activeJobs() {
        if (session == null) return "";
        StringBuilder b = new StringBuilder();
        org.apache.spark.SparkStatusTracker tracker = session.sparkContext().statusTracker();
        for (int id : tracker.getActiveJobIds()) b.append("spark job ").append(id).append(" running\n");
        for (int id : tracker.getActiveStageIds()) {
            scala.Option<org.apache.spark.SparkStageInfo> stage = tracker.getStageInfo(id);
            if (stage.isEmpty()) continue;
            org.apache.spark.SparkStageInfo s = stage.get();
            b.append("spark stage ").append(id).append(' ').append(s.name()).append(": ").append(s.numCompletedTasks())
                    .append(" of ").append(s.numTasks()).append(" tasks done, ").append(s.numActiveTasks()).append(" running\n");
        }
        return b.toString();
    }
}
