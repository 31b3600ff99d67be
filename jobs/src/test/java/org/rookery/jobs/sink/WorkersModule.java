package org.rookery.jobs.sink;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The workers module's own runtime classpath, as the launcher uses it: its classes plus the jars
 * its build listed in {@code workers/target/classpath.txt}. Worker JVMs started from the jobs
 * tests run on it because its Jackson and Kafka client versions are not Spark's.
 */
final class WorkersModule {
    private WorkersModule() {
    }

    /** The classpath; a missing build is an error that says what to run, never a silent skip. */
    static String classpath() throws IOException {
        Path target = Path.of("..", "workers", "target").toAbsolutePath().normalize();
        Path list = target.resolve("classpath.txt");
        Path classes = target.resolve("classes");
        if (!Files.isRegularFile(list) || !Files.isDirectory(classes)) {
            throw new IOException(list + " is missing: the workers module must be packaged before the jobs tests run "
                    + "(./rookery test and mvn verify do so; alone: mvn -o -pl workers -am package -DskipTests)");
        }
        return classes + java.io.File.pathSeparator + Files.readString(list, StandardCharsets.UTF_8).trim();
    }
}
