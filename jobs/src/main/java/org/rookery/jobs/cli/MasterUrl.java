package org.rookery.jobs.cli;

import java.util.regex.Pattern;
import org.rookery.core.cli.UsageError;

/**
 * The {@code --master} forms Spark 3.5 accepts, checked before a session starts: Spark's own
 * refusal is a 20-frame {@code SparkException} thrown from deep inside {@code SparkContext}.
 */
final class MasterUrl {
    private static final Pattern FORMS = Pattern.compile(
            "local|local\\[(\\*|[1-9]\\d*)(\\s*,\\s*\\d+)?]|local-cluster\\[\\s*\\d+\\s*,\\s*\\d+\\s*,\\s*\\d+\\s*]"
                    + "|yarn|(spark|k8s|mesos)://\\S+");

    private MasterUrl() {
    }

    /** Throws a {@link UsageError} naming {@code master} unless it is null or one of Spark's forms. */
    static void check(String master) {
        if (master != null && !FORMS.matcher(master).matches()) {
            throw new UsageError("--master must be local[*], local[N], spark://HOST:PORT, yarn or k8s://URL, not '"
                    + master + "'");
        }
    }
}
