package org.rookery.jobs.sink;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Rookery command in its own JVM, started as the launcher starts it (the module's main class on
 * the module's classpath), with its output in a log file: {@code rookery sink} on this JVM's
 * classpath, so a test can {@code kill -9} it, and the workers module's commands on that module's
 * own classpath, whose Jackson and Kafka versions must not meet Spark's.
 */
record ChildJvm(String name, Process process, Path log) implements AutoCloseable {

    /** {@code rookery sink ARGS} with Spark's JDK flags, as surefire gave them to this JVM. */
    static ChildJvm sink(Path log, String... args) throws IOException {
        List<String> flags = new ArrayList<>();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens") || a.startsWith("-XX:") || a.startsWith("-Djdk.reflect")) {
                flags.add(a);
            }
        }
        flags.add("-Xmx1g");
        List<String> cmd = new ArrayList<>(List.of("sink"));
        cmd.addAll(List.of(args));
        return start("sink", flags, System.getProperty("java.class.path"), "org.rookery.jobs.cli.JobsMain", cmd, log);
    }

    /** {@code rookery COMMAND ARGS} of the workers module ({@code worker}, {@code submit}, ...). */
    static ChildJvm workers(String classpath, Path log, String... commandAndArgs) throws IOException {
        return start(commandAndArgs[0], List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"), classpath,
                "org.rookery.workers.cli.WorkersMain", List.of(commandAndArgs), log);
    }

    private static ChildJvm start(String name, List<String> flags, String classpath, String main, List<String> args, Path log)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(flags);
        cmd.addAll(List.of("-cp", classpath, main));
        cmd.addAll(args);
        Files.createDirectories(log.toAbsolutePath().getParent());
        // Run where the log is (a test's temp dir): a gauntlet saves its config.json in its working directory.
        Process p = new ProcessBuilder(cmd).directory(log.toAbsolutePath().getParent().toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        return new ChildJvm(name, p, log);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits until the output has a match of {@code regex}; returns its first group (or the match). */
    String await(String regex, long timeoutMs) throws IOException, InterruptedException {
        Pattern p = Pattern.compile(regex);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            String out = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            Matcher m = p.matcher(out);
            if (m.find()) {
                return m.groupCount() > 0 ? m.group(1) : m.group();
            }
            if (!process.isAlive()) {
                throw new IOException(name + " exited (status " + process.exitValue() + ") without printing /" + regex + "/:\n" + tail());
            }
            if (System.nanoTime() > deadline) {
                throw new IOException(name + " did not print /" + regex + "/ within " + timeoutMs + " ms:\n" + tail());
            }
            Thread.sleep(100);
        }
    }

    /** SIGKILL: no shutdown hook, no clean stop, work abandoned wherever it was. */
    void kill9() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            throw new IllegalStateException(name + " survived SIGKILL for 20 s");
        }
    }

    /** The last lines of its output, for failure messages. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    /** SIGTERM (a worker leaves its group, ends its engines), SIGKILL if it lingers. */
    @Override
    public void close() throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(20, TimeUnit.SECONDS);
        }
    }
}
