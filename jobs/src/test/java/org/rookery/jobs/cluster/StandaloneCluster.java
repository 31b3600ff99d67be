package org.rookery.jobs.cluster;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Runs a Rookery Spark command on {@code local-cluster[2,1,1024]}: Spark's standalone
 * master and workers, whose executors are JVMs of their own that get Spark from a Spark home and
 * Rookery only from the application jar shipped with {@code spark.jars}, as on a real cluster.
 *
 * <p>The Spark home is made of links to the jars on this JVM's class path (Spark and its
 * dependencies, none of Rookery's), and the application jar of Rookery's classes on it, so the
 * test needs no Spark download and no packaged build.
 */
final class StandaloneCluster {
    private final Path sparkHome;
    private final Path appJar;

    private StandaloneCluster(Path sparkHome, Path appJar) {
        this.sparkHome = sparkHome;
        this.appJar = appJar;
    }

    /** A Spark home and an application jar under {@code dir}. */
    static StandaloneCluster prepare(Path dir) throws IOException {
        Path jars = Files.createDirectories(dir.resolve("spark-home").resolve("jars"));
        List<Path> rookery = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            String name = p.getFileName().toString();
            boolean ours = name.startsWith("rookery-") || (Files.isDirectory(p) && isRookeryClasses(p));
            if (ours) {
                rookery.add(p);
            } else if (name.endsWith(".jar") && Files.isRegularFile(p) && !Files.exists(jars.resolve(name))) {
                Files.createSymbolicLink(jars.resolve(name), p);
            }
        }
        Path app = dir.resolve("rookery-app.jar");
        writeAppJar(app, rookery);
        return new StandaloneCluster(dir.resolve("spark-home"), app);
    }

    /** Main classes of a module (target/classes), not its test classes. */
    private static boolean isRookeryClasses(Path dir) {
        return dir.endsWith(Path.of("target", "classes")) && Files.isDirectory(dir.resolve("org/rookery"));
    }

    private static void writeAppJar(Path jar, List<Path> sources) throws IOException {
        Set<String> seen = new HashSet<>();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path src : sources) {
                if (Files.isDirectory(src)) {
                    try (Stream<Path> files = Files.walk(src)) {
                        for (Path f : files.filter(Files::isRegularFile).toList()) {
                            String name = src.relativize(f).toString().replace(File.separatorChar, '/');
                            if (seen.add(name)) {
                                out.putNextEntry(new JarEntry(name));
                                Files.copy(f, out);
                                out.closeEntry();
                            }
                        }
                    }
                } else {
                    try (JarFile in = new JarFile(src.toFile())) {
                        for (JarEntry e : java.util.Collections.list(in.entries())) {
                            if (!e.isDirectory() && !e.getName().startsWith("META-INF/") && seen.add(e.getName())) {
                                out.putNextEntry(new JarEntry(e.getName()));
                                try (InputStream is = in.getInputStream(e)) {
                                    is.transferTo(out);
                                }
                                out.closeEntry();
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Runs {@code JobsMain ARGS --master local-cluster[2,1,1024]} in a JVM of its own (a driver, as
     * the launcher starts one) and returns its output; fails with the output when it exits non-zero.
     */
    String run(Path log, String... args) throws IOException, InterruptedException {
        return runMain("org.rookery.jobs.cli.JobsMain", log, args);
    }

    /** {@link #run} with another main class of the jobs module (e.g. the {@code tb} commands'). */
    String runMain(String main, Path log, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens") || a.startsWith("-XX:") || a.startsWith("-Djdk.reflect")) {
                cmd.add(a);
            }
        }
        cmd.add("-Xmx1g");
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of("--master", "local-cluster[2,1,1024]", "--conf", "spark.jars=" + appJar.toUri(),
                "--conf", "spark.executor.extraJavaOptions=" + String.join(" ", executorFlags())));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("SPARK_HOME", sparkHome.toString());
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        Process p = pb.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("the cluster run did not finish in 10 minutes:\n" + tail(log));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException("the cluster run exited with " + p.exitValue() + ":\n" + tail(log));
        }
        return out;
    }

    /** Executor stderr logs the workers left under the Spark home's work directory. */
    long executorLogs() throws IOException {
        Path work = sparkHome.resolve("work");
        if (!Files.isDirectory(work)) {
            return 0;
        }
        try (Stream<Path> s = Files.walk(work)) {
            return s.filter(p -> p.getFileName().toString().equals("stderr")).count();
        }
    }

    /** The JDK flags Spark needs, for the executor JVMs the workers start. */
    private static List<String> executorFlags() {
        List<String> flags = new ArrayList<>();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect")) {
                flags.add(a);
            }
        }
        flags.add("-XX:-DontCompileHugeMethods");
        return flags;
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }
}
