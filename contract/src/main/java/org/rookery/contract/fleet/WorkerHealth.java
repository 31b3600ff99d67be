package org.rookery.contract.fleet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.rookery.contract.games.GameRow;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.WorkerResiduals;

/**
 * The health of each worker of one distributed match, from its game records as they arrive (the one
 * computation behind {@code rookery status}, the dashboard and the quarantine judge): games, complete
 * pairs, time losses and crashes (games lost on time or by a disconnected engine, the terminations
 * {@code analyze matches} counts), each engine's mean nps on the worker relative to its mean over the
 * fleet, and the χ² residual of the worker's pentanomial pair results against the match
 * ({@link WorkerResiduals}, as fishtest computes it). Not thread-safe: one reader feeds it.
 */
public final class WorkerHealth {
    /**
     * One worker's line.
     *
     * @param npsRatio per engine, the worker's mean nps over the fleet's (NaN when either has no nps)
     * @param residual the χ² residual, NaN while the worker or the match has too few pairs to judge
     * @param verdict why the worker passes the match's quarantine rule, or null
     */
    public record Row(String workerId, long games, long pairs, long timeLosses, long crashes, double timeLossesPer1000,
            Map<String, Double> npsRatio, double residual, String verdict) {
    }

    /** Per worker, per engine: sum and count of per-move nps. */
    private static final class Speed {
        double sum;
        long n;
    }

    private final String engineUnderTest;
    private final QuarantineRule rule;
    private final Set<String> seen = new HashSet<>();
    private final Map<String, long[]> counts = new TreeMap<>(); // games, time losses, crashes
    private final Map<String, Map<Integer, Double>> halfPairs = new HashMap<>(); // worker -> pair -> first game's score
    private final Map<String, long[]> penta = new TreeMap<>(); // worker -> ll, ld, ddwl, wd, ww
    private final Map<String, Map<String, Speed>> speed = new TreeMap<>();
    private final Map<String, Speed> fleetSpeed = new TreeMap<>();

    /**
     * @param engineUnderTest the engine whose pair scores the residual tests (the match's first engine);
     *     null takes White of each pair's first game
     * @param rule the match's quarantine rule
     */
    public WorkerHealth(String engineUnderTest, QuarantineRule rule) {
        this.engineUnderTest = engineUnderTest;
        this.rule = rule;
    }

    /** Adds one game; a game id seen before, or a game without worker or pair, is ignored. */
    public void add(GameRow g) {
        if (g.workerId() == null || g.pairIndex() == null || g.gameId() == null || !seen.add(g.gameId())) return;
        String w = g.workerId();
        long[] c = counts.computeIfAbsent(w, k -> new long[3]);
        c[0]++;
        boolean lost = "1-0".equals(g.result()) || "0-1".equals(g.result());
        if (lost && "time_forfeit".equals(g.termination())) c[1]++;
        if (lost && "disconnect".equals(g.termination())) c[2]++;
        addSpeed(w, g);
        String tested = engineUnderTest != null ? engineUnderTest : g.gameInPair() != null && g.gameInPair() == 1 ? g.blackEngine() : g.whiteEngine();
        double s = score(g, tested);
        if (s < 0) return;
        Map<Integer, Double> open = halfPairs.computeIfAbsent(w, k -> new HashMap<>());
        Double other = open.remove(g.pairIndex());
        if (other == null) {
            open.put(g.pairIndex(), s);
            return;
        }
        int cell = (int) Math.round(2 * (s + other)); // twice the pair score: 0 = LL … 4 = WW
        penta.computeIfAbsent(w, k -> new long[5])[cell]++;
    }

    private void addSpeed(String w, GameRow g) {
        if (g.nps() == null) return;
        boolean whiteMoves = g.startFen() == null || !g.startFen().contains(" b ");
        for (Long nps : g.nps()) {
            String engine = whiteMoves ? g.whiteEngine() : g.blackEngine();
            whiteMoves = !whiteMoves;
            if (nps == null || nps <= 0 || engine == null) continue;
            Speed s = speed.computeIfAbsent(w, k -> new TreeMap<>()).computeIfAbsent(engine, k -> new Speed());
            s.sum += nps;
            s.n++;
            Speed f = fleetSpeed.computeIfAbsent(engine, k -> new Speed());
            f.sum += nps;
            f.n++;
        }
    }

    private static double score(GameRow g, String engine) {
        if (engine == null || g.result() == null) return -1;
        boolean white = engine.equals(g.whiteEngine()), black = engine.equals(g.blackEngine());
        if (!white && !black) return -1;
        return switch (g.result()) {
            case "1-0" -> white ? 1 : 0;
            case "0-1" -> white ? 0 : 1;
            case "1/2-1/2" -> 0.5;
            default -> -1;
        };
    }

    /** The workers' pentanomial counts (complete pairs only), by worker. */
    public Map<String, Pentanomial> pentanomials() {
        Map<String, Pentanomial> out = new LinkedHashMap<>();
        for (String w : counts.keySet()) {
            long[] p = penta.getOrDefault(w, new long[5]);
            out.put(w, new Pentanomial(p[0], p[1], p[2], p[3], p[4]));
        }
        return out;
    }

    /** Every worker's line, by worker id. */
    public List<Row> rows() {
        Map<String, Pentanomial> pentas = pentanomials();
        Map<String, double[]> table = new LinkedHashMap<>();
        pentas.forEach((w, p) -> table.put(w, WorkerResiduals.row(p)));
        WorkerResiduals.Result chi2 = WorkerResiduals.of(table);
        List<Row> out = new ArrayList<>();
        for (var e : counts.entrySet()) {
            String w = e.getKey();
            long[] c = e.getValue();
            Map<String, Double> ratio = new TreeMap<>();
            for (var f : fleetSpeed.entrySet()) {
                Speed mine = speed.getOrDefault(w, Map.of()).get(f.getKey());
                ratio.put(f.getKey(), mine == null || mine.n == 0 ? Double.NaN : (mine.sum / mine.n) / (f.getValue().sum / f.getValue().n));
            }
            double per1000 = c[0] == 0 ? 0 : 1000.0 * c[1] / c[0];
            double residual = chi2.residual().getOrDefault(w, Double.NaN);
            long pairs = pentas.get(w).pairs();
            out.add(new Row(w, c[0], pairs, c[1], c[2], per1000, ratio, residual, rule.verdict(c[0], per1000, residual)));
        }
        return out;
    }

    /** fishtest's 99% Bonferroni threshold over the workers the χ² kept (NaN with fewer than two). */
    public double z99() {
        Map<String, double[]> table = new LinkedHashMap<>();
        pentanomials().forEach((w, p) -> table.put(w, WorkerResiduals.row(p)));
        return WorkerResiduals.of(table).z99();
    }
}
