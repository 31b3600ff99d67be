package org.rookery.workers.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code rookery worker} in its own JVM on this JVM's classpath, for the demo and for tests that
 * must {@code kill -9} a worker. Output goes to a log file; {@link #close()} stops it with SIGTERM
 * (so it leaves the group and ends its engines) and kills it if it lingers.
 */
public record WorkerProcess(String id, Process process, Path log) implements AutoCloseable {

    /**
     * Starts a worker named {@code id}; {@code args} are further {@code rookery worker} options
     * ({@code --engines FILE}, {@code --concurrency N}, {@code --kafka-config FILE}, ...).
     */
    public static WorkerProcess start(String bootstrap, String id, Path log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "org.rookery.workers.cli.WorkersMain", "worker",
            "--bootstrap", bootstrap, "--id", id));
        cmd.addAll(List.of(args));
        Files.createDirectories(log.toAbsolutePath().getParent());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new WorkerProcess(id, p, log);
    }

    /** Waits until the worker has joined (its start-up line is in the log). */
    public void awaitReady(long timeoutMs) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (System.nanoTime() < deadline) {
            String out = Files.exists(log) ? Files.readString(log) : "";
            if (out.contains("Worker " + id + ":")) return;
            if (!process.isAlive()) throw new IOException("worker " + id + " exited (status " + process.exitValue() + "): " + out.strip());
            Thread.sleep(100);
        }
        throw new IOException("worker " + id + " did not start within " + timeoutMs + " ms (log: " + log + ")");
    }

    /** SIGKILL: no shutdown hook, no goodbye to the group, a game abandoned mid-move. */
    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        if (!process.isAlive()) return;
        process.destroy();
        if (!process.waitFor(40, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
