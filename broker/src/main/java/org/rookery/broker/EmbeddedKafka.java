package org.rookery.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A single-node Apache Kafka broker in KRaft mode (one process is broker and controller), run in a
 * child JVM on the broker's own classpath so Kafka's Scala, Jackson and ZooKeeper-client jars never
 * meet anything else. Everything lives under {@code DATA/kafka}: the generated
 * {@code server.properties}, the log segments ({@code data/}), the broker's log ({@code broker.log}),
 * the pid file and {@code bootstrap.txt} with the address clients use.
 *
 * <p>Tests and the demo use {@link #start(Path)} and {@link #close()}: the broker is tied to the
 * calling JVM and ends with it, even when that JVM is killed. {@code rookery kafka start} uses
 * {@link #startDetached(Path)} so the broker outlives the command.
 */
public final class EmbeddedKafka implements AutoCloseable {
    /** Kafka's usual port, taken when it is free. */
    public static final int DEFAULT_PORT = 9092;
    /** The line {@code kafka.server.KafkaBroker} logs once it serves requests. */
    static final String STARTED_MESSAGE = "Kafka Server started";
    static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final String MARKER = "-Drookery.broker=";

    private final BrokerFiles files;
    private final Process process;
    private final String bootstrap;
    private final Thread shutdownHook;

    private EmbeddedKafka(BrokerFiles files, Process process, String bootstrap, Thread shutdownHook) {
        this.files = files;
        this.process = process;
        this.bootstrap = bootstrap;
        this.shutdownHook = shutdownHook;
    }

    /**
     * Starts a broker whose data lives under {@code dataRoot/kafka} and waits until it serves
     * requests. The broker stops when {@link #close()} is called or this JVM ends. Restarting on the
     * same directory keeps the topics and reuses the previous ports when they are free.
     */
    public static EmbeddedKafka start(Path dataRoot) throws IOException {
        return launch(dataRoot, true, 0);
    }

    /** Like {@link #start(Path)} but the broker keeps running after this JVM exits. */
    public static EmbeddedKafka startDetached(Path dataRoot) throws IOException {
        return launch(dataRoot, false, 0);
    }

    /** {@link #startDetached(Path)} with a preferred client port (0: 9092, else any free one). */
    public static EmbeddedKafka startDetached(Path dataRoot, int port) throws IOException {
        return launch(dataRoot, false, port);
    }

    private static EmbeddedKafka launch(Path dataRoot, boolean tied, int preferredPort) throws IOException {
        BrokerFiles files = new BrokerFiles(dataRoot);
        Optional<Running> running = running(dataRoot);
        if (running.isPresent()) {
            throw new IllegalStateException("a broker already runs for " + files.dir() + " (pid " + running.get().pid()
                + ", bootstrap " + running.get().bootstrap() + "); stop it with 'rookery kafka stop'");
        }
        Files.createDirectories(files.dir());
        Ports ports = Ports.choose(files, preferredPort);
        files.writeConfig(ports);
        List<String> classpath = brokerClasspath();
        if (!files.isFormatted()) format(files, classpath);

        List<String> cmd = javaCommand(files, classpath);
        cmd.add(BrokerMain.class.getName());
        if (tied) cmd.add(BrokerMain.EXIT_ON_STDIN_EOF);
        cmd.add(files.serverProperties().toString());
        long logStart = Files.exists(files.log()) ? Files.size(files.log()) : 0;
        ProcessBuilder pb = new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(files.log().toFile()));
        // Detached: stdin from /dev/null, so nothing ties the broker to this JVM. Tied: the pipe stays
        // open while this JVM lives and closes when it dies in any way, which BrokerMain watches.
        if (!tied) pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        files.writePid(p.pid());
        String bootstrap = ports.bootstrap();
        try {
            awaitStarted(p, files, logStart, ports.broker());
        } catch (IOException | RuntimeException e) {
            destroy(p.toHandle());
            files.clearRuntime();
            throw e;
        }
        files.writeBootstrap(bootstrap);
        Thread hook = null;
        if (tied) {
            Process child = p;
            hook = new Thread(() -> stopProcess(child.toHandle(), STOP_TIMEOUT), "rookery-kafka-stop");
            Runtime.getRuntime().addShutdownHook(hook);
        }
        return new EmbeddedKafka(files, p, bootstrap, hook);
    }

    /** {@code host:port} for clients' {@code bootstrap.servers}. */
    public String bootstrap() { return bootstrap; }

    /** {@code DATA/kafka}. */
    public Path directory() { return files.dir(); }

    public long pid() { return process.pid(); }

    public boolean isAlive() { return process.isAlive(); }

    /** Stops the broker cleanly (SIGTERM, Kafka's controlled shutdown), killing it after 30 s. */
    @Override
    public void close() {
        stopProcess(process.toHandle(), STOP_TIMEOUT);
        files.clearRuntime();
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException ignored) {
                // the JVM is already shutting down and the hook runs anyway
            }
        }
    }

    /** Kills the broker at once, as a crash would (tests of recovery). */
    public void kill() {
        destroy(process.toHandle());
        files.clearRuntime();
    }

    /** What {@code rookery kafka status} reports. */
    public record Running(long pid, String bootstrap, Path dir) {}

    /** The broker running for {@code dataRoot}, if any (found through its pid file). */
    public static Optional<Running> running(Path dataRoot) throws IOException {
        BrokerFiles files = new BrokerFiles(dataRoot);
        Optional<ProcessHandle> h = files.readPid().flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
            .filter(p -> isBroker(p, files));
        if (h.isEmpty()) return Optional.empty();
        return Optional.of(new Running(h.get().pid(), files.readBootstrap().orElse("(starting)"), files.dir()));
    }

    /** Stops the broker running for {@code dataRoot}; false when none was running. */
    public static boolean stop(Path dataRoot) throws IOException {
        Optional<Running> r = running(dataRoot);
        BrokerFiles files = new BrokerFiles(dataRoot);
        if (r.isEmpty()) {
            files.clearRuntime();
            return false;
        }
        ProcessHandle.of(r.get().pid()).ifPresent(h -> stopProcess(h, STOP_TIMEOUT));
        files.clearRuntime();
        return true;
    }

    private static boolean isBroker(ProcessHandle h, BrokerFiles files) {
        // A recycled pid must not get a SIGTERM meant for the broker.
        return h.info().commandLine().map(c -> c.contains(MARKER + files.dir() + " ")).orElse(true);
    }

    private static void stopProcess(ProcessHandle h, Duration timeout) {
        if (!h.isAlive()) return;
        h.destroy();
        try {
            h.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            destroy(h);
        }
    }

    private static void destroy(ProcessHandle h) {
        h.destroyForcibly();
        try {
            h.onExit().get(10, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // nothing more can be done about a process the kernel does not reap
        }
    }

    private static void format(BrokerFiles files, List<String> classpath) throws IOException {
        List<String> cmd = javaCommand(files, classpath);
        cmd.addAll(List.of("kafka.tools.StorageTool", "format", "-t", files.clusterId(), "-c",
            files.serverProperties().toString(), "--ignore-formatted"));
        Path out = files.dir().resolve("format.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            if (!p.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                destroy(p.toHandle());
                throw new IOException("formatting the Kafka storage in " + files.dir() + " timed out");
            }
        } catch (InterruptedException e) {
            destroy(p.toHandle());
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while formatting the Kafka storage");
        }
        if (p.exitValue() != 0) {
            throw new IOException("formatting the Kafka storage in " + files.dir() + " failed: " + lastLines(out, 3));
        }
    }

    private static void awaitStarted(Process p, BrokerFiles files, long logStart, int port) throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            if (!p.isAlive()) {
                throw new IOException("the Kafka broker exited during start-up (status " + p.exitValue() + "): "
                    + lastLines(files.log(), 3) + " (log: " + files.log() + ")");
            }
            if (logContains(files.log(), logStart, STARTED_MESSAGE) && accepts(port)) return;
            if (System.nanoTime() > deadline) {
                throw new IOException("the Kafka broker did not start within " + START_TIMEOUT.toSeconds() + " s (log: "
                    + files.log() + ")");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the Kafka broker");
            }
        }
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean logContains(Path log, long from, String needle) throws IOException {
        if (!Files.exists(log)) return false;
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long len = f.length();
            if (len <= from) return false;
            f.seek(from);
            byte[] buf = new byte[(int) Math.min(len - from, 64 << 20)];
            f.readFully(buf);
            return new String(buf, StandardCharsets.UTF_8).contains(needle);
        }
    }

    static String lastLines(Path file, int n) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            List<String> tail = new ArrayList<>();
            for (int i = lines.size() - 1; i >= 0 && tail.size() < n; i--) {
                String l = lines.get(i).trim();
                if (!l.isEmpty() && !l.startsWith("at ")) tail.add(0, l);
            }
            return String.join(" | ", tail);
        } catch (IOException e) {
            return "(no output)";
        }
    }

    private static List<String> javaCommand(BrokerFiles files, List<String> classpath) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        // First, so it survives the kernel's 4 KiB cut of long command lines: marks the process as
        // this directory's broker for status/stop.
        cmd.add(MARKER + files.dir());
        cmd.add("-Xms256m");
        cmd.add("-Xmx1g");
        cmd.add("-XX:+UseG1GC");
        cmd.add("-Djava.awt.headless=true");
        cmd.add("-Dlog4j.configuration=" + files.log4jProperties().toUri());
        cmd.add("-cp");
        cmd.add(String.join(java.io.File.pathSeparator, classpath));
        return cmd;
    }

    /** The broker JVM's classpath: Kafka's jars (listed at build time) plus this module's classes. */
    static List<String> brokerClasspath() throws IOException {
        List<String> cp = new ArrayList<>();
        try (InputStream in = EmbeddedKafka.class.getResourceAsStream("kafka-classpath.txt")) {
            if (in == null) throw new IOException("kafka-classpath.txt is missing from the broker module; rebuild it");
            for (String e : new String(in.readAllBytes(), StandardCharsets.UTF_8).trim().split(java.io.File.pathSeparator)) {
                if (e.isBlank()) continue;
                if (!Files.exists(Path.of(e))) {
                    throw new IOException("Kafka jar " + e + " is missing; run 'rookery build' (or mvn package) again");
                }
                cp.add(e);
            }
        }
        try {
            cp.add(Path.of(EmbeddedKafka.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate the broker module's classes: " + e.getMessage());
        }
        return cp;
    }
}
