package org.rookery.workers.kafka;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.contract.tasks.PairTask;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Termination;
import org.rookery.workers.match.Adjudication;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.GameRunner;
import org.rookery.workers.match.Opening;
import org.rookery.workers.match.TablebaseAdjudicator;
import org.rookery.workers.uci.Engine;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.EngineException;
import org.rookery.workers.uci.EngineSetup;
import org.rookery.workers.uci.Engines;

/**
 * Plays tasks with real engines from the worker's registry through {@link GameRunner}, over UCI or
 * CECP as the entry's {@code proto} says. The slot keeps its engine processes from task to task
 * while a task needs the same engine with the same limits (the usual case inside one match), and
 * restarts an engine that died or that may not play another game (CECP {@code reuse=0}, {@code restart: on}).
 */
public final class EnginePlayer implements GamePlayer {
    private final EngineRegistry registry;
    private final GameRunner runner;
    private final Path logDir;
    private final int slot;
    private final Map<String, Engine> running = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile boolean aborted;

    private final TablebaseAdjudicator tablebase;

    /** @param logDir where engines' stderr goes ({@code NAME-SLOT.stderr.log}), or null to discard it */
    public EnginePlayer(EngineRegistry registry, long stallTimeoutMs, Path logDir, int slot) {
        this(registry, stallTimeoutMs, logDir, slot, null);
    }

    /**
     * @param tablebase the worker's own tables ({@code worker --tb}), shared by its slots, for tasks
     *     that ask for tablebase adjudication; null when the worker has none (such tasks are rejected)
     */
    public EnginePlayer(EngineRegistry registry, long stallTimeoutMs, Path logDir, int slot, TablebaseAdjudicator tablebase) {
        this.registry = registry;
        this.runner = new GameRunner(stallTimeoutMs, 10_000, tablebase);
        this.logDir = logDir;
        this.slot = slot;
        this.tablebase = tablebase;
    }

    @Override
    public void check(PairTask task) {
        if (task.adjudication().tablebase() && tablebase == null) {
            throw new BadRecordException("the match asks for tablebase adjudication (-tb) and this worker has no tables: start it with --tb DIR");
        }
        for (var e : task.engines().entrySet()) {
            String name = e.getValue().entry(e.getKey());
            if (registry.find(name).isEmpty()) {
                throw new BadRecordException("engine \"" + PairTask.abbreviate(name) + "\" is not in this worker's registry (known: "
                    + String.join(", ", new java.util.TreeSet<>(registry.names())) + ")");
            }
            EngineRegistry.Entry entry = registry.find(name).orElseThrow();
            if (entry.bench() != null) {
                long nodes;
                try {
                    nodes = registry.bench(entry).nodes();
                } catch (IllegalStateException ex) {
                    throw new BadRecordException("bench signature not measured: " + ex.getMessage());
                }
                if (nodes != entry.bench()) {
                    throw new BadRecordException("engine \"" + name + "\": its bench gives " + nodes + " nodes, this worker's registry expects "
                        + entry.bench() + " (bench: " + entry.bench() + "): another build of the engine; the worker refuses the task");
                }
            }
        }
    }

    @Override
    public List<GameRecord> play(PairTask task) {
        check(task);
        Map<String, EngineConfig> configs = new HashMap<>();
        boolean chess960 = task.opening().variant().isChess960();
        for (var e : task.engines().entrySet()) {
            EngineConfig c = registry.find(e.getValue().entry(e.getKey())).orElseThrow().configure(e.getValue());
            // Played under the task's name: θ+ and θ− of a tuning run are two processes of one entry.
            configs.put(e.getKey(), new EngineConfig(e.getKey(), c.command(), c.args(), c.workingDir(), c.env(), c.options(),
                calibrated(e.getValue(), e.getValue().entry(e.getKey()), c.timeControl()), c.nodes(), c.depth(), c.setup()));
            if (chess960) {
                configs.put(e.getKey(), configs.get(e.getKey()).withOption(EngineConfig.UCI_CHESS960, "true"));
            }
        }
        retireUnused(configs);
        Opening opening = TaskTypes.opening(task);
        Adjudication adjudication = TaskTypes.adjudication(task);
        List<GameRecord> games = new ArrayList<>();
        for (PairTask.Game g : task.games()) {
            if (aborted) throw new IllegalStateException("the worker is closing");
            Engine white = engine(configs.get(g.white()));
            Engine black = engine(configs.get(g.black()));
            GameRunner.GameSpec spec = new GameRunner.GameSpec(g.gameNumber(), task.pairIndex(), task.round(), opening,
                adjudication, task.event(), task.site());
            String failed = !white.isAlive() ? white.config().name() : !black.isAlive() ? black.config().name() : null;
            if (failed == null) {
                // Sent before the game's ucinewgame/isready, which makes the engine apply them.
                setOptions(white, task.engines().get(g.white()));
                setOptions(black, task.engines().get(g.black()));
            }
            Engine down = !white.isAlive() ? white : black;
            if (failed != null && down.lacksChess960()) {
                // Not a crash: this worker's build can't play the variant, so the task is rejected
                // with the reason (and counted nowhere) rather than scored as a forfeit.
                throw new IllegalStateException(down.config().setup().protocol() == EngineSetup.Protocol.XBOARD
                    ? "engine " + failed + " does not announce the variant fischerandom, which a Chess960 match needs"
                    : "engine " + failed + " offers no UCI_Chess960 option, which a Chess960 match needs");
            }
            games.add(failed == null ? runner.play(spec, white, black)
                : forfeit(spec, white.config(), black.config(), !white.isAlive(), failed));
            // CECP reuse=0 or restart: on: the next game gets a fresh process (engine() starts one).
            for (Engine e : List.of(white, black)) {
                if (e.isAlive() && !e.reusable()) e.close();
            }
        }
        if (aborted) throw new IllegalStateException("the worker is closing");
        return games;
    }

    /**
     * The clock of an engine whose limits carry a reference speed ({@code nps=}), scaled by it over
     * this worker's bench speed of the engine (measured once per worker and engine).
     */
    private org.rookery.core.clock.TimeControl calibrated(EngineLimits limits, String entryName, org.rookery.core.clock.TimeControl tc) {
        if (limits.nps() <= 0) return tc;
        EngineRegistry.Entry entry = registry.find(entryName).orElseThrow();
        long measured;
        try {
            measured = registry.bench(entry).nps();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("nps=" + limits.nps() + " needs the engine's speed: " + e.getMessage());
        }
        if (measured <= 0) throw new IllegalStateException("nps=" + limits.nps() + ": the bench of engine " + entryName + " gave no speed");
        return SpeedCalibration.scale(tc, SpeedCalibration.factor(limits.nps(), measured));
    }

    /** A tuning task's option values; an option the engine does not offer makes the task unplayable. */
    private static void setOptions(Engine e, EngineLimits limits) {
        for (var o : limits.setOption().entrySet()) {
            if (!e.offeredOptions().contains(o.getKey())) {
                throw new IllegalStateException("engine " + e.config().name() + " offers no option \"" + o.getKey() + "\"");
            }
            e.setOption(o.getKey(), o.getValue());
        }
    }

    /** The slot's process for this engine and these limits, started (or restarted) as needed. */
    private Engine engine(EngineConfig cfg) {
        String key = key(cfg);
        Engine e = running.get(key);
        if (e != null && e.isAlive()) return e;
        if (e != null) e.close();
        Path log = logDir == null ? null : logDir.resolve(cfg.name().replaceAll("[^A-Za-z0-9._-]", "_") + "-" + slot + ".stderr.log");
        Engine fresh = Engines.create(cfg, log);
        running.put(key, fresh);
        try {
            fresh.start(cfg.setup().scaled(15_000));
        } catch (EngineException ex) {
            // A CECP engine that cannot play the task as given (a limit its protocol cannot say, an
            // option it lacks) is the task's problem, not a crash: rejected with the reason, never scored.
            if (ex.misconfigured() && cfg.setup().protocol() == EngineSetup.Protocol.XBOARD && !fresh.lacksChess960()) {
                throw new IllegalStateException(ex.getMessage());
            }
            System.err.println("rookery worker: " + ex.getMessage());
        }
        return fresh;
    }

    private static String key(EngineConfig cfg) {
        return cfg.name() + "\u0000" + cfg.timeControl() + "\u0000" + cfg.nodes() + "\u0000" + cfg.depth() + "\u0000" + cfg.chess960();
    }

    private void retireUnused(Map<String, EngineConfig> needed) {
        Set<String> keep = new HashSet<>();
        for (EngineConfig c : needed.values()) keep.add(key(c));
        running.entrySet().removeIf(e -> {
            if (keep.contains(e.getKey())) return false;
            e.getValue().close();
            return true;
        });
    }

    /** An engine that cannot start loses the game, as in a local gauntlet. */
    private static GameRecord forfeit(GameRunner.GameSpec spec, EngineConfig w, EngineConfig b, boolean whiteFailed, String who) {
        Outcome o = Outcome.win(whiteFailed ? 1 : 0, Termination.DISCONNECT);
        String reason = (whiteFailed ? "White" : "Black") + " disconnects: " + who + " could not be started";
        long now = System.currentTimeMillis();
        String pgn = GameRunner.pgn(spec, w, b, spec.opening().fen(), List.of(), o, reason, now);
        return new GameRecord(spec.gameNumber(), spec.pairIndex(), spec.round(), w.name(), b.name(), spec.opening(),
            spec.opening().fen(), o.result(), o.termination(), reason, List.of(), now, now, w.timeControl(), b.timeControl(), pgn);
    }

    @Override
    public boolean batches() { return false; }

    @Override
    public void abort() {
        aborted = true;
        // Called from another thread: killing the processes ends the game at its next read.
        for (Engine e : List.copyOf(running.values())) e.kill();
    }

    @Override
    public void close() {
        for (Engine e : running.values()) e.close();
        running.clear();
    }
}
