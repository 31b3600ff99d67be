package org.rookery.workers.tune;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.rookery.stats.spsa.Rounding;
import org.rookery.stats.spsa.Spsa;
import org.rookery.stats.spsa.SpsaParameter;
import org.rookery.stats.spsa.SpsaProbe;
import org.rookery.stats.spsa.SpsaStep;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.GameRunner;
import org.rookery.workers.match.MatchSettings;
import org.rookery.workers.match.Opening;
import org.rookery.workers.match.TablebaseAdjudicator;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.EngineException;
import org.rookery.workers.uci.UciEngine;

/**
 * Plays an SPSA run locally: {@code concurrency} slots each own one θ+ and one θ− engine process,
 * take the next probe, send its values with {@code setoption}, play the pair from one opening with
 * colours swapped, and count the result. Slots finish out of order, as fishtest's workers do; each
 * result is applied with the gains of the iteration its pair was handed out at.
 */
public final class TuneRunner {
    /** How long an engine may take to answer {@code uci} and {@code isready}. */
    static final long HANDSHAKE_MS = 15_000;

    private final MatchSettings settings;
    private final Spsa spsa;
    private final SplittableRandom rng;
    private final PrintStream out;
    private final AtomicBoolean stop = new AtomicBoolean();
    private volatile String failure;
    private volatile PairListener listener;

    /** Told of each pair as it is counted, from the slot that played it (so from several threads at once). */
    public interface PairListener {
        /** The pair of {@code step}, played from {@code opening}: game 0 with θ+ White, game 1 with θ− White. */
        void counted(SpsaStep step, Opening opening, List<GameRecord> games);
    }

    /**
     * @param settings the two engines (θ+ first, θ− second, otherwise identical), openings,
     *     adjudication and concurrency, as the gauntlet options give them
     * @param seed     seeds Δ and the randomized rounding, so a run can be repeated
     */
    public TuneRunner(MatchSettings settings, Spsa spsa, long seed, PrintStream out) {
        if (settings.engines().size() != 2) throw new IllegalArgumentException("tune plays one engine against itself, found " + settings.engines().size());
        this.settings = settings;
        this.spsa = spsa;
        this.rng = new SplittableRandom(seed);
        this.out = out;
    }

    /**
     * Starts the engine once and checks that it offers every tuned option, before any game.
     *
     * @throws IllegalArgumentException naming the first option the engine does not offer
     * @throws EngineException          when the engine cannot be started
     */
    public static void checkOptions(EngineConfig engine, List<SpsaParameter> params) throws EngineException {
        try (UciEngine e = new UciEngine(engine, null)) {
            e.start(HANDSHAKE_MS);
            var offered = e.offeredOptions();
            for (SpsaParameter p : params) {
                if (!offered.contains(p.name())) {
                    throw new IllegalArgumentException("-param " + p.name() + ": the engine offers no such option (it offers: "
                        + (offered.isEmpty() ? "none" : String.join(", ", new TreeSet<>(offered))) + ")");
                }
            }
        }
    }

    /** Sets who is told of each counted pair ({@code --data}); call before {@link #run()}. */
    public void onPair(PairListener l) { this.listener = l; }

    /** Asks the run to hand out no further pairs (running pairs finish and are counted). */
    public void requestStop() { stop.set(true); }

    /** Plays every pair; returns θ at the end. Throws with a one-line reason if an engine cannot be (re)started. */
    public double[] run() throws IOException, EngineException {
        int slots = Math.max(1, Math.min(settings.concurrency(), spsa.schedule().pairs()));
        long started = System.nanoTime();
        TuneProgress progress = new TuneProgress(out, spsa.params(), spsa.schedule().pairs());
        try (TablebaseAdjudicator tb = TablebaseAdjudicator.open(settings.adjudication())) {
            ExecutorService pool = Executors.newFixedThreadPool(slots, r -> new Thread(r, "tune-slot"));
            for (int s = 0; s < slots; s++) {
                int slot = s;
                pool.submit(() -> runSlot(slot, tb, progress));
            }
            pool.shutdown();
            try {
                while (!pool.awaitTermination(1, TimeUnit.SECONDS)) { /* pairs still running */ }
            } catch (InterruptedException e) {
                stop.set(true);
                pool.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
        if (failure != null) throw new EngineException(failure);
        double seconds = (System.nanoTime() - started) / 1e9;
        // Engine start-up included: with a no-op engine this is the driver's own cost per pair.
        out.printf(java.util.Locale.ROOT, "Throughput: %d pairs in %.1f s (%.1f pairs/s)%n", spsa.applied(), seconds,
            spsa.applied() / seconds);
        return spsa.theta();
    }

    private void runSlot(int slot, TablebaseAdjudicator tb, TuneProgress progress) {
        GameRunner runner = new GameRunner(settings.stallTimeoutMs(), 10_000, tb);
        EngineConfig plusCfg = settings.engines().get(0), minusCfg = settings.engines().get(1);
        UciEngine plus = null, minus = null;
        try {
            SpsaProbe probe;
            while (!stop.get() && (probe = next()) != null) {
                // A crashed engine is restarted: SPSA needs the pair, and the crash already cost it a game.
                plus = alive(plus, plusCfg, slot);
                minus = alive(minus, minusCfg, slot);
                send(plus, probe.plus());
                send(minus, probe.minus());
                Opening opening = settings.openings().next();
                int r = 0;
                List<GameRecord> pair = new ArrayList<>(2);
                for (int g = 0; g < 2; g++) {
                    // Numbered as the distributed run numbers them: games 2k−1 and 2k of pair k−1.
                    int k = (int) probe.k();
                    var spec = new GameRunner.GameSpec(2 * k - 1 + g, k - 1, k, opening,
                        settings.adjudication(), settings.event(), settings.site());
                    GameRecord rec = g == 0 ? runner.play(spec, plus, minus) : runner.play(spec, minus, plus);
                    pair.add(rec);
                    r += PairResult.of(rec, plusCfg.name());
                }
                SpsaStep step = spsa.update(probe, r);
                PairListener l = listener;
                if (l != null) l.counted(step, opening, pair);
                progress.counted(step);
            }
        } catch (EngineException | RuntimeException e) {
            failure = "slot " + slot + ": " + e.getMessage();
            stop.set(true);
        } finally {
            if (plus != null) plus.close();
            if (minus != null) minus.close();
        }
    }

    private SpsaProbe next() {
        // The generator is not thread-safe; drawing under one lock also keeps a seeded run's Δ sequence fixed.
        synchronized (rng) {
            return spsa.next(rng);
        }
    }

    private void send(UciEngine e, double[] values) {
        List<SpsaParameter> ps = spsa.params();
        for (int i = 0; i < values.length; i++) e.setOption(ps.get(i).name(), ps.get(i).format(values[i]));
    }

    private UciEngine alive(UciEngine e, EngineConfig cfg, int slot) throws EngineException {
        if (e != null && e.isAlive()) return e;
        if (e != null) {
            e.close();
            out.println("Restarting " + cfg.name());
        }
        Path log = settings.engineLog(cfg.name(), slot);
        UciEngine fresh = new UciEngine(cfg, log);
        fresh.start(HANDSHAKE_MS);
        return fresh;
    }

    /** The final values as the engine is sent them: integers rounded to the nearest whole number. */
    public static List<String> finalValues(List<SpsaParameter> params, double[] theta) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < theta.length; i++) {
            SpsaParameter p = params.get(i);
            out.add(p.format(p.integer() ? Rounding.DETERMINISTIC.apply(theta[i], null) : theta[i]));
        }
        return out;
    }
}
