package org.rookery.workers.uci;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * An engine process together with everything it starts, and the means to end all of it. The
 * engine runs in its own process group ({@code setsid}) with a marker variable in its environment
 * that its children inherit, and a watchdog {@code sh} process waits on a pipe from this JVM. When
 * the pipe closes, because {@link #kill()} closed it or because this JVM died in any way
 * ({@code kill -9} included: the kernel closes the pipe), the watchdog kills the engine's process
 * group and every process carrying the marker, so children that outlive the engine, leave its
 * group or {@code setsid} themselves still end. A shell instead of a Java watchdog: it costs about
 * a megabyte and a millisecond per engine, where a JVM would cost tens of megabytes and half a second.
 *
 * <p>Linux only: the marker is looked up in {@code /proc/PID/environ}. Where {@code setsid} or
 * {@code /proc} is missing the engine runs without the group or the marker sweep, and only its
 * live descendants are killed. A child that clears its environment and leaves the group escapes.
 */
final class ProcessTree {
    /** The environment variable that marks an engine and all its descendants. */
    static final String MARKER = "ROOKERY_ENGINE";

    /**
     * $1 is the marker value. The first line read is the engine's process group; then it waits for
     * the end of its input and kills: the group first, then (repeatedly, as a dying process may
     * have forked) every process whose environment holds the marker.
     */
    private static final String WATCHDOG = """
        read group
        while read line; do :; done
        [ -n "$group" ] && kill -s KILL -- "-$group" 2>/dev/null
        i=0
        while [ $i -lt 20 ]; do
          found=
          for f in $(grep -lzx "%s=$1" /proc/[0-9]*/environ 2>/dev/null); do
            p=${f#/proc/}; p=${p%%/environ}
            kill -s KILL "$p" 2>/dev/null && found=1
          done
          [ -z "$found" ] && break
          i=$((i + 1))
        done
        """.formatted(MARKER);

    private static final boolean LINUX = Files.isDirectory(Path.of("/proc/self")) && onPath("sh");
    private static final boolean SETSID = LINUX && onPath("setsid");

    private final Process process;
    private final Process watchdog;
    private final OutputStream toWatchdog;

    private ProcessTree(Process process, Process watchdog) {
        this.process = process;
        this.watchdog = watchdog;
        this.toWatchdog = watchdog == null ? null : watchdog.getOutputStream();
    }

    /**
     * Starts the watchdog, then the command of {@code pb} under it. The watchdog comes first so a
     * JVM killed in between still has its engine swept by the marker.
     */
    static ProcessTree start(ProcessBuilder pb) throws IOException {
        List<String> command = pb.command();
        if (!LINUX) return new ProcessTree(pb.start(), null);
        String marker = UUID.randomUUID().toString();
        Process watchdog = new ProcessBuilder("sh", "-c", WATCHDOG, "rookery-engine-watchdog", marker)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        pb.environment().put(MARKER, marker);
        Process p;
        try {
            if (SETSID) {
                List<String> wrapped = new java.util.ArrayList<>(List.of("setsid"));
                wrapped.add(executable(command.get(0), pb.directory() == null ? null : pb.directory().toPath()));
                wrapped.addAll(command.subList(1, command.size()));
                pb.command(wrapped);
            }
            p = pb.start();
        } catch (IOException e) {
            watchdog.getOutputStream().close();
            throw e;
        } finally {
            pb.command(command);
        }
        ProcessTree tree = new ProcessTree(p, watchdog);
        // setsid(1) only forks when it is a group leader, which a child of this JVM never is: the
        // engine keeps the pid it was started with, and that pid is its process group.
        tree.tell(SETSID ? p.pid() + "\n" : "\n");
        return tree;
    }

    /** The engine itself. */
    Process process() { return process; }

    /**
     * Kills the engine, its live descendants, its process group and everything carrying its
     * marker, and waits (up to five seconds) until the watchdog has done so.
     */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        if (watchdog == null) return;
        try {
            toWatchdog.close();
        } catch (IOException ignored) {
            // the watchdog is gone already; it can sweep nothing more
        }
        try {
            if (!watchdog.waitFor(5, TimeUnit.SECONDS)) watchdog.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void tell(String line) {
        try {
            toWatchdog.write(line.getBytes(StandardCharsets.US_ASCII));
            toWatchdog.flush();
        } catch (IOException ignored) {
            // a watchdog that died cannot be told; the engine then ends by kill()'s own signals
        }
    }

    /**
     * The command resolved to a file as the JVM would run it, so a missing engine fails in
     * {@link ProcessBuilder#start()} with its usual message rather than inside setsid.
     */
    private static String executable(String command, Path dir) throws IOException {
        if (command.contains("/")) {
            Path p = Path.of(command);
            Path resolved = p.isAbsolute() || dir == null ? p : dir.resolve(p);
            if (!Files.isExecutable(resolved)) throw notFound(command);
            return resolved.toAbsolutePath().toString();
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, command)) && !Files.isDirectory(Path.of(d, command))) {
                return Path.of(d, command).toAbsolutePath().toString();
            }
        }
        throw notFound(command);
    }

    private static IOException notFound(String command) {
        return new IOException("Cannot run program \"" + command + "\": error=2, No such file or directory");
    }

    private static boolean onPath(String cmd) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, cmd))) return true;
        }
        return false;
    }
}
