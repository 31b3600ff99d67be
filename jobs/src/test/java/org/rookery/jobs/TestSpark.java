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
            session = Sessions.create("test", "local[2]", Map.of(
                    "spark.sql.shuffle.partitions", "4",
                    "spark.sql.adaptive.enabled", "true"));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> session.stop()));
        }
        return session;
    }
}
