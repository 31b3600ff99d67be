package org.rookery.workers.match;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Termination;
import org.rookery.stats.Sprt;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.EngineException;
import org.rookery.workers.uci.Engine;
import org.rookery.workers.uci.Engines;

/**
 * Runs a local match: {@code concurrency} slots each own their engine processes (an engine process
 * is never shared by two games), take the next scheduled game, and report it. An engine that
 * crashes, hangs or misbehaves loses that game and never stops the run; with {@code -recover} it is
 * restarted, otherwise its remaining games are forfeited. SPRT stops the run once it decides.
 */
public final class MatchRunner {
    private final MatchSettings settings;
    private final MatchReport report;
    private final PrintStream out;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final boolean[] retired;
    private final List<GameRecord> results = new ArrayList<>();
    private final Consumer<GameRecord> listener;
    private final RunOptions run;
    private final RunStateStore state;
    /** What the engines' pipes also show ({@code -debug}, {@code -log engine=true}, {@code match_line=}). */
    private final org.rookery.workers.uci.EngineIo engineIo;
    private BufferedWriter pgnOut, epdOut;
    /** Lengths of the PGN and EPD files, the games written so far included (-1: no such file). */
    private long pgnLength = -1, epdLength = -1;
    /** CRC-32 of the whole PGN file as written so far (seeded from what it held), for {@code -crc32 pgn=true}. */
    private final java.util.zip.CRC32 pgnCrc = new java.util.zip.CRC32();
    private TablebaseAdjudicator tablebase;
    /** The knockout being played, whose next games wait on results; null for the other tournaments. */
    private volatile Knockout knockout;

    public MatchRunner(MatchSettings settings, PrintStream out, Consumer<GameRecord> listener) {
        this(settings, RunOptions.DEFAULTS, out, listener);
    }

    /** A runner that reports in {@code run}'s console format and writes its PGN and EPD files. */
    public MatchRunner(MatchSettings settings, RunOptions run, PrintStream out, Consumer<GameRecord> listener) {
        this(settings, run, out, listener, null);
    }

    /** A runner that saves its state to {@code state} as games finish, and resumes the state it loaded. */
    public MatchRunner(MatchSettings settings, RunOptions run, PrintStream out, Consumer<GameRecord> listener, RunStateStore state) {
        this.state = state;
        this.settings = settings;
        this.run = run;
        this.out = out;
        this.listener = listener;
        this.report = new MatchReport(out, settings, run);
        this.engineIo = run.engineIo(out);
        this.retired = new boolean[settings.engines().size()];
    }

    public MatchReport report() { return report; }

    /** Asks the run to start no further games (running games finish). */
    public void requestStop() { halt(); }

    /** Starts no further game, and wakes slots waiting for a knockout's next game. */
    private void halt() {
        stop.set(true);
        Knockout k = knockout;
        if (k != null) k.close();
    }

    /** Plays the whole schedule; returns the finished games in completion order. */
    public List<GameRecord> run() throws IOException {
        RunState resumed = state == null ? null : state.loaded();
        Iterator<Schedule.Game> all;
        if (settings.tournament() == MatchSettings.Tournament.KNOCKOUT) {
            if (resumed != null && !resumed.games().isEmpty()) {
                throw new IllegalArgumentException("-config file=: a knockout cannot be resumed (its later pairings depend on "
                    + "the order its games ended); start it again");
            }
            knockout = new Knockout(settings, report::block);
            all = knockout;
        } else {
            all = Schedule.stream(settings);
        }
        int total = Math.toIntExact(Schedule.size(settings));
        checkEngines();
        if (resumed != null) {
            // Files cut back to what the saved state holds: a game written after the last save is played again.
            cutBack(settings.pgnOut(), resumed.pgnBytes());
            cutBack(run.epdOut(), resumed.epdBytes());
            for (RunState.Finished f : resumed.games()) report.restore(f.toRecord());
            java.util.Set<Integer> done = state.done();
            all = skipping(all, done);
            out.println("Resuming from " + done.size() + " games" + (run.pgn().append() ? "" : ", ignoring -pgnout append=false"));
        }
        tablebase = TablebaseAdjudicator.open(settings.adjudication());
        long wallStart = System.nanoTime(), cpuStart = cpuNanos();
        if (settings.pgnOut() != null) {
            Path parent = settings.pgnOut().toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            boolean append = run.pgn().append() || resumed != null;
            if (append && run.crc32() && Files.exists(settings.pgnOut())) pgnCrc.update(Files.readAllBytes(settings.pgnOut()));
            pgnOut = Files.newBufferedWriter(settings.pgnOut(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        }
        if (run.epdOut() != null) {
            Path parent = run.epdOut().toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            epdOut = Files.newBufferedWriter(run.epdOut(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            epdLength = Files.size(run.epdOut());
        }
        if (pgnOut != null) pgnLength = Files.size(settings.pgnOut());
        if (state != null) state.begin(pgnLength, epdLength);
        if (report.decision() != Sprt.Decision.CONTINUE) stop.set(true); // the resumed run was already decided
        Iterator<Schedule.Game> schedule = all;
        int slots = Math.max(1, Math.min(settings.concurrency(), total));
        ExecutorService pool = Executors.newFixedThreadPool(slots, r -> {
            Thread t = new Thread(r, "match-slot");
            t.setDaemon(false);
            return t;
        });
        AtomicBoolean sprtStopped = new AtomicBoolean();
        try {
            for (int s = 0; s < slots; s++) {
                final int slot = s;
                pool.submit(() -> runSlot(slot, schedule, total, sprtStopped));
            }
        } finally {
            pool.shutdown();
            try {
                while (!pool.awaitTermination(1, TimeUnit.SECONDS)) { /* games still running */ }
            } catch (InterruptedException e) {
                stop.set(true);
                pool.shutdownNow();
                Thread.currentThread().interrupt();
            }
            if (pgnOut != null) pgnOut.close();
            if (epdOut != null) epdOut.close();
            if (state != null) state.save();
            if (tablebase != null) tablebase.close();
        }
        List<GameRecord> played;
        synchronized (results) {
            played = List.copyOf(results);
        }
        // Throughput first: the report's "Finished match" is the last line, as parsers expect.
        if (run.output() == RunOptions.OutputFormat.ROOKERY) printThroughput(played, System.nanoTime() - wallStart, cpuNanos() - cpuStart);
        report.finish(sprtStopped.get());
        return played;
    }

    /** Truncates {@code file} to {@code length} bytes when it is longer (a resumed run's PGN or EPD). */
    private static void cutBack(Path file, long length) throws IOException {
        if (file == null || length < 0 || !Files.exists(file) || Files.size(file) <= length) return;
        try (var ch = java.nio.channels.FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(length);
        }
    }

    /** The schedule without the games a resumed run already played: same numbers, openings and colours. */
    private static Iterator<Schedule.Game> skipping(Iterator<Schedule.Game> all, java.util.Set<Integer> done) {
        return new Iterator<>() {
            private Schedule.Game next = advance();

            private Schedule.Game advance() {
                while (all.hasNext()) {
                    Schedule.Game g = all.next();
                    if (!done.contains(g.number())) return g;
                }
                return null;
            }

            @Override
            public boolean hasNext() { return next != null; }

            @Override
            public Schedule.Game next() {
                if (next == null) throw new java.util.NoSuchElementException("the schedule is played out");
                Schedule.Game g = next;
                next = advance();
                return g;
            }
        };
    }

    /**
     * Refuses, before any game, an engine that cannot play as configured (as cutechess-cli does):
     * one handshake per engine that plays Chess960, sets options or speaks CECP, which must offer
     * {@code UCI_Chess960} (CECP: the fischerandom variant), every {@code option.NAME} and a way to
     * say its limits. Engines that fail for other reasons are left to the games, which forfeit them as usual.
     */
    private void checkEngines() {
        boolean chess960 = settings.openings().variant().isChess960();
        for (EngineConfig cfg : settings.engines()) {
            boolean options = cfg.options().keySet().stream().anyMatch(k -> !k.equals(EngineConfig.UCI_CHESS960));
            if (!chess960 && !options && cfg.setup().protocol() == org.rookery.workers.uci.EngineSetup.Protocol.UCI) continue;
            Engine probe = Engines.create(cfg, null, engineIo);
            try {
                probe.start(cfg.setup().scaled(15_000));
            } catch (EngineException e) {
                if (probe.lacksChess960()) throw new IllegalArgumentException("-variant fischerandom: " + e.getMessage());
                if (e.misconfigured()) throw new IllegalArgumentException(e.getMessage());
            } finally {
                probe.close();
            }
        }
    }

    /** CPU time of this JVM only (the runner), not of the engine processes. */
    private static long cpuNanos() {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }

    /** Games per minute, time losses, and what the runner itself costs per game and per move. */
    private void printThroughput(List<GameRecord> games, long wallNanos, long cpuNanos) {
        long moves = 0, timeLosses = 0;
        for (GameRecord g : games) {
            for (MoveRecord m : g.moves()) if (!m.book()) moves++;
            if (g.termination() == Termination.TIME_FORFEIT || g.termination() == Termination.STALL) timeLosses++;
        }
        int n = games.size();
        if (n == 0) return;
        out.printf(java.util.Locale.ROOT,
            "Throughput: %d games in %.1f s (%.1f games/min); time losses %d (%.2f%%); runner CPU %.1f ms/game, %.1f us/move%n",
            n, wallNanos / 1e9, n * 60e9 / wallNanos, timeLosses, 100.0 * timeLosses / n, cpuNanos / 1e6 / n,
            moves == 0 ? 0.0 : cpuNanos / 1e3 / moves);
        out.flush();
    }

    /** The next game to play, or null when the schedule is played out (the slots share one schedule). */
    private static Schedule.Game take(Iterator<Schedule.Game> schedule) {
        synchronized (schedule) {
            return schedule.hasNext() ? schedule.next() : null;
        }
    }

    private void runSlot(int slot, Iterator<Schedule.Game> schedule, int total, AtomicBoolean sprtStopped) {
        Engine[] engines = new Engine[settings.engines().size()];
        GameRunner runner = new GameRunner(settings.stallTimeoutMs(), 10_000, tablebase);
        if (run.showLatency()) runner.showLatency(out);
        try {
            Schedule.Game g;
            boolean first = true;
            while (!stop.get() && (g = take(schedule)) != null) {
                if (!first && run.waitMs() > 0) Thread.sleep(run.waitMs()); // -wait: a pause between a slot's games
                first = false;
                report.started(g, total);
                GameRecord rec;
                String failure = prepare(engines, g.white(), slot);
                boolean whiteFailed = failure != null;
                if (failure == null) failure = prepare(engines, g.black(), slot);
                if (failure != null) {
                    rec = forfeit(g, whiteFailed, failure);
                } else {
                    rec = runner.play(new GameRunner.GameSpec(g.number(), g.pairIndex(), g.round(), g.opening(),
                        settings.adjudication(), settings.event(), settings.site()), engines[g.white()], engines[g.black()]);
                }
                Sprt.Decision decision;
                synchronized (results) {
                    // One order for the PGN, the --data spool and the report's SPRT, so that analyze sprt,
                    // replaying the spool's order, meets the live LLR at every game count.
                    record(rec);
                    decision = report.finished(rec);
                }
                if (knockout != null) knockout.finished(rec);
                if (decision != Sprt.Decision.CONTINUE) {
                    sprtStopped.set(true);
                    halt();
                }
            }
        } catch (RuntimeException | IOException e) {
            out.println("rookery gauntlet: slot " + slot + " failed: " + e.getMessage());
            halt();
        } catch (InterruptedException e) {
            halt();
            Thread.currentThread().interrupt();
        } finally {
            for (Engine e : engines) if (e != null) e.close();
        }
    }

    /** Makes sure the slot's process for engine {@code idx} runs; returns a reason if it cannot. */
    private String prepare(Engine[] engines, int idx, int slot) {
        EngineConfig cfg = settings.engines().get(idx);
        synchronized (retired) {
            if (retired[idx]) return cfg.name() + " crashed earlier and -recover is not set";
        }
        Engine e = engines[idx];
        if (e != null && e.isAlive() && e.reusable()) return null;
        if (e != null && e.isAlive()) {
            // restart=on, or a CECP engine that said reuse=0: a fresh process for every game, as cutechess does.
            e.close();
            e = null;
        }
        if (e != null) {
            e.close();
            if (!settings.recover()) {
                synchronized (retired) {
                    retired[idx] = true;
                }
                out.println("Warning: " + cfg.name() + " terminated; its remaining games are forfeited (use -recover to restart it)");
                return cfg.name() + " crashed earlier and -recover is not set";
            }
            out.println("Restarting " + cfg.name());
        }
        Path log = settings.engineLog(cfg.name(), slot);
        Engine fresh = Engines.create(cfg, log, engineIo);
        engines[idx] = fresh;
        try {
            fresh.start(cfg.setup().scaled(15_000));
            return null;
        } catch (EngineException ex) {
            out.println("Warning: " + ex.getMessage());
            return ex.getMessage();
        }
    }

    private GameRecord forfeit(Schedule.Game g, boolean whiteFailed, String why) {
        EngineConfig w = settings.engines().get(g.white()), b = settings.engines().get(g.black());
        Outcome o = Outcome.win(whiteFailed ? 1 : 0, Termination.DISCONNECT);
        String reason = (whiteFailed ? "White" : "Black") + " disconnects: " + why;
        long now = System.currentTimeMillis();
        String pgn = "[Event \"" + settings.event() + "\"]\n[Site \"" + settings.site() + "\"]\n[Date \"????.??.??\"]\n[Round \""
            + g.round() + "\"]\n[White \"" + w.name() + "\"]\n[Black \"" + b.name() + "\"]\n[Result \"" + o.result().pgn()
            + "\"]\n" + variantTags(g.opening()) + "[Termination \"" + Termination.DISCONNECT.pgnTag() + "\"]\n[PlyCount \"0\"]\n\n{" + reason.replace('}', ')')
            + "} " + o.result().pgn() + "\n\n";
        return new GameRecord(g.number(), g.pairIndex(), g.round(), w.name(), b.name(), g.opening(), g.opening().fen(),
            o.result(), o.termination(), reason, List.of(), now, now, w.timeControl(), b.timeControl(), pgn);
    }

    /** A Chess960 forfeit still says its variant and start, so it replays as Chess960. */
    private static String variantTags(Opening o) {
        if (!o.variant().isChess960()) return "";
        return "[Variant \"" + org.rookery.core.pgn.PgnVariant.CHESS960 + "\"]\n[SetUp \"1\"]\n[FEN \"" + o.startPosition().toFen() + "\"]\n";
    }

    private void record(GameRecord rec) throws IOException {
        synchronized (results) {
            results.add(rec);
            if (pgnOut != null) {
                String text = PgnFormatter.format(PgnFormatter.of(rec, settings.event(), settings.site(),
                    settings.openings().variant().isChess960() ? org.rookery.core.pgn.PgnVariant.CHESS960 : null), run.pgn(),
                    settings.pgnOutMinimal());
                if (!text.endsWith("\n\n")) text = text + "\n";
                byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                pgnOut.write(text);
                pgnOut.flush();
                pgnLength += bytes.length;
                if (run.crc32()) {
                    pgnCrc.update(bytes);
                    // fastchess's line, which fishtest reads the checksum from (its last word).
                    out.println("File " + settings.pgnOut() + " has CRC32: 0x" + Long.toHexString(pgnCrc.getValue()));
                }
            }
            if (epdOut != null) {
                String line = EpdLine.finalPosition(rec) + "\n";
                epdOut.write(line);
                epdOut.flush();
                epdLength += line.getBytes(StandardCharsets.UTF_8).length;
            }
            if (state != null) state.finished(rec, pgnLength, epdLength);
        }
        if (listener != null) listener.accept(rec);
    }
}
