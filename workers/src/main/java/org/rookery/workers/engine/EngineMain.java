package org.rookery.workers.engine;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.rookery.core.cli.Cli;
import org.rookery.core.cli.UsageError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rookery engine}: the built-in engine speaking UCI on standard input and output, for
 * cutechess-cli, a GUI or Rookery's own gauntlets. With {@code --bench} it instead searches a
 * fixed position set and prints nodes and nodes per second.
 *
 * <p>Limit precedence: a {@code go} command's own limits (depth, nodes, movetime, clock) always
 * win; {@code --depth}/{@code --nodes} apply only to a {@code go} with none of those, such as a
 * bare {@code go} or {@code go infinite} (which then ends at that limit instead of waiting for
 * {@code stop}). {@code --level} below 20 caps every search whatever {@code go} says, and can be
 * changed later with the {@code Skill Level} option.
 */
@Command(name = "engine", mixinStandardHelpOptions = true,
    description = {"Run Rookery's built-in chess engine as a UCI engine on stdin/stdout.",
        "A go command's own limits win; --depth/--nodes apply to a go without any (e.g. 'go' or 'go infinite')."})
public final class EngineMain implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--depth", paramLabel = "N", description = "Default depth for a go with no limits of its own.")
    int depth;

    @Option(names = "--nodes", paramLabel = "N", description = "Default node budget for a go with no limits of its own.")
    long nodes;

    @Option(names = "--level", paramLabel = "K", description = "Skill level 0..20 (default: ${DEFAULT-VALUE}, full strength).")
    int level = SkillLevel.MAX;

    @Option(names = "--hash", paramLabel = "MB", description = "Transposition table size (default: ${DEFAULT-VALUE}).")
    int hashMb = EngineSettings.DEFAULT_HASH_MB;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the skill-level noise (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--bench", description = "Search the bench positions to --depth (default " + Bench.DEFAULT_DEPTH + ") and print nodes/s.")
    boolean bench;

    public static void main(String[] args) {
        System.exit(Cli.run(new EngineMain(), args));
    }

    /** The settings the options describe; a bad value is a one-line usage error. */
    EngineSettings settings() {
        if (depth < 0 || depth >= Score.MAX_PLY) throw new UsageError("--depth must be 1.." + (Score.MAX_PLY - 1) + ", got " + depth);
        if (nodes < 0) throw new UsageError("--nodes must be positive, got " + nodes);
        if (level < SkillLevel.MIN || level > SkillLevel.MAX) throw new UsageError("--level must be 0..20, got " + level);
        if (hashMb < 1 || hashMb > EngineSettings.MAX_HASH_MB) {
            throw new UsageError("--hash must be 1.." + EngineSettings.MAX_HASH_MB + " MB, got " + hashMb);
        }
        if (seed < 0 || seed > Integer.MAX_VALUE) throw new UsageError("--seed must be 0.." + Integer.MAX_VALUE + ", got " + seed);
        return new EngineSettings(depth, nodes, level, hashMb, seed, EngineSettings.DEFAULT_MOVE_OVERHEAD_MS);
    }

    @Override
    public Integer call() throws IOException {
        EngineSettings s = settings();
        if (bench) {
            PrintWriter out = spec.commandLine().getOut();
            Bench.run(depth > 0 ? depth : Bench.DEFAULT_DEPTH, hashMb, out);
            return 0;
        }
        new UciLoop(System.in, System.out, s).run();
        return 0;
    }
}
