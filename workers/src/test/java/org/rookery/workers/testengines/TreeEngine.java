package org.rookery.workers.testengines;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A test-only UCI engine in {@code sh} that starts a child at {@code uci} and misbehaves at its
 * first {@code go}: {@code fork} starts the child in its own process group and exits,
 * {@code setsid} starts it in a new session and exits, {@code hang} keeps its child and never
 * answers. Every process it starts carries a marker in its command line, so a test can look for
 * leftovers in the process table.
 */
public final class TreeEngine {
    private static final String SCRIPT = """
        mode=$1; marker=$2
        while read -r line; do
          case "$line" in
            uci)
              if [ "$mode" = setsid ]; then
                setsid sh -c 'while :; do sleep 1; done' "$marker-child" </dev/null >/dev/null 2>&1 &
              else
                sh -c 'while :; do sleep 1; done' "$marker-child" </dev/null >/dev/null 2>&1 &
              fi
              echo "id name tree-$mode"; echo uciok;;
            isready) echo readyok;;
            go*) if [ "$mode" = hang ]; then while :; do sleep 1; done; fi; exit 0;;
            quit) exit 0;;
          esac
        done
        """;

    private final Path script;
    private final String marker = "rookery-tree-test-" + UUID.randomUUID();

    private TreeEngine(Path script) {
        this.script = script;
    }

    /** Writes the script into {@code dir}. */
    public static TreeEngine write(Path dir) throws IOException {
        Path f = dir.resolve("tree-engine.sh");
        Files.writeString(f, SCRIPT, StandardCharsets.UTF_8);
        return new TreeEngine(f);
    }

    /** The engine's command line for one mode: {@code sh SCRIPT MODE MARKER}. */
    public List<String> commandLine(String mode) {
        return List.of("sh", script.toString(), mode, marker);
    }

    public Path script() { return script; }

    public String marker() { return marker; }

    /** Command lines of live processes that hold the marker. */
    public List<String> running() throws IOException {
        List<String> found = new ArrayList<>();
        try (var dirs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path d : dirs) {
                String cmd;
                try {
                    cmd = new String(Files.readAllBytes(d.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
                } catch (IOException e) {
                    continue; // ended while we looked
                }
                if (cmd.contains(marker) && !isZombie(d)) found.add(d.getFileName() + ": " + cmd.strip());
            }
        }
        return found;
    }

    private static boolean isZombie(Path proc) {
        try {
            String stat = Files.readString(proc.resolve("stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    /** Waits up to {@code ms} for no marked process to be left; returns what is left then. */
    public List<String> awaitNoneLeft(long ms) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + ms * 1_000_000;
        List<String> left = running();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = running();
        }
        return left;
    }

    /** Waits up to {@code ms} until at least {@code n} marked processes run (the engine and its child, say; a fork about to exec counts twice). */
    public List<String> awaitRunning(int n, long ms) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + ms * 1_000_000;
        List<String> now = running();
        while (now.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(50);
            now = running();
        }
        return now;
    }
}
