package org.rookery.workers.kafka;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code rookery worker} in its own JVM on the test classpath, so a test can kill -9 it. */
final class WorkerProcess implements AutoCloseable {
    final String id;
    final Process process;
    final Path log;

    private WorkerProcess(String id, Process process, Path log) {
        this.id = id;
        this.process = process;
        this.log = log;
    }

    static WorkerProcess start(String bootstrap, Path registry, Path dir, String id, String... extra) throws IOException {
        Path log = dir.resolve(id + ".log");
        Path config = dir.resolve("client.properties");
        // Short session timeout: a killed worker's partitions move on within seconds.
        Files.writeString(config, "session.timeout.ms=6000\nheartbeat.interval.ms=1000\n", StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "org.rookery.workers.cli.WorkersMain", "worker",
            "--bootstrap", bootstrap, "--kafka-config", config.toString(), "--engines", registry.toString(), "--id", id,
            "--log", dir.resolve("logs").toString()));
        cmd.addAll(List.of(extra));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new WorkerProcess(id, p, log);
    }

    /** Waits for the worker's start-up line. */
    void awaitReady() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) throw new AssertionError("worker " + id + " exited: " + Files.readString(log));
            if (Files.exists(log) && Files.readString(log).contains("Worker " + id + ":")) return;
            Thread.sleep(100);
        }
        throw new AssertionError("worker " + id + " did not start: " + Files.readString(log));
    }

    /** SIGKILL: no shutdown hook, no goodbye to the group, an abandoned game. */
    void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        if (!process.isAlive()) return;
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
