package org.rookery.jobs.cli;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.spark.Sessions;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Base of the commands that run a Spark job: the {@code --master} and {@code --conf} options, one
 * session per command, and failures of the job turned into one line naming their cause.
 */
abstract class SparkCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master: local[*] (default), local[N], spark://HOST:7077, yarn, k8s://...")
    String master;

    @Option(names = "--conf", paramLabel = "KEY=VALUE",
            description = "Further Spark setting, e.g. --conf spark.ui.enabled=true (repeatable).")
    Map<String, String> conf = new LinkedHashMap<>();

    /** The job's work, in a session that is closed afterwards. */
    abstract int run(SparkSession spark) throws IOException;

    @Override
    public final Integer call() throws IOException {
        MasterUrl.check(master);
        validate();
        SparkSession spark = Sessions.create(spec.name(), master, conf);
        try {
            return run(spark);
        } catch (RuntimeException e) {
            throw Failures.explain(e);
        } finally {
            spark.stop();
        }
    }

    /** Checks options (and prepares local output directories) before a session is started; throws {@link UsageError}. */
    void validate() {
    }
}
