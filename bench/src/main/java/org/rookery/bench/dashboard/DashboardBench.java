package org.rookery.bench.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.rookery.bench.TempTrees;
import org.rookery.contract.schema.OpeningsBreakdown;
import org.rookery.core.board.FenException;
import org.rookery.core.board.Position;
import org.rookery.dashboards.Dashboard;
import org.rookery.dashboards.DashboardConfig;
import org.rookery.dashboards.http.Json;
import org.rookery.endgame.generate.Generator;
import org.rookery.endgame.index.Material;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./rookery bench dashboard}: explorer query latency over HTTP on a synthetic corpus of at
 * least 300,000 games ({@link SyntheticCorpus}), and tablebase probe latency over HTTP. Explorer positions come from random
 * walks through the explorer's own answers (each step picks a move with probability proportional
 * to its game count, as users follow popular lines), alternating unfiltered and filtered queries.
 * Page render times need a browser and are measured by the slow-tagged {@code DashboardBenchTest}.
 */
@Command(name = "bench dashboard", mixinStandardHelpOptions = true,
        description = "Measure explorer and tablebase latency over HTTP (p50/p90/p99).")
public final class DashboardBench implements Callable<Integer> {
    @Option(names = "--data", paramLabel = "DIR", description = "Use this data root instead of a temporary one; when it has no "
            + "openings_breakdown yet, the synthetic corpus (and --real) is built into it first and kept, so paired runs reuse it.")
    Path data;

    @Option(names = "--games", paramLabel = "N", description = "Synthetic games for the explorer table (default: 300000).")
    int games = 300_000;

    @Option(names = "--real", paramLabel = "DIR", description = "A data root that 'analyze ingest' and 'analyze openings' "
            + "wrote (e.g. from the shared real corpus): its games and openings_breakdown are loaded together with the synthetic ones.")
    Path real;

    @Option(names = "--queries", paramLabel = "N", description = "Explorer queries measured (default: 3000).")
    int queries = 3000;

    @Option(names = "--probes", paramLabel = "N", description = "Tablebase probes measured (default: 3000).")
    int probes = 3000;

    /** What one run measured. */
    public record Result(long tableRows, Latency explorer, Latency explorerFiltered, Latency explorerPage, Latency probe) {
    }

    @Override
    public Integer call() throws Exception {
        Result r = run(data, real, games, queries, probes, System.out);
        System.out.println("explorer (no filter):   " + r.explorer().summary());
        System.out.println("explorer (filtered):    " + r.explorerFiltered().summary());
        System.out.println("explorer (page-shaped): " + r.explorerPage().summary());
        System.out.println("tablebase probe (HTTP): " + r.probe().summary());
        return 0;
    }

    /** Builds what is missing in a temporary root, starts a dashboard on it and measures. */
    public static Result run(Path dataRoot, int games, int queries, int probes, PrintStream log) throws Exception {
        return run(dataRoot, null, games, queries, probes, log);
    }

    /** As {@link #run(Path, int, int, int, PrintStream)}, with the tables of {@code real} linked in beside the synthetic ones. */
    public static Result run(Path dataRoot, Path real, int games, int queries, int probes, PrintStream log) throws Exception {
        if (games < 1 || queries < 1 || probes < 1) throw new IllegalArgumentException("--games, --queries and --probes must be positive");
        Path root = dataRoot != null ? dataRoot : Files.createTempDirectory("rookery-dash-bench");
        long rows = -1;
        if (dataRoot == null || !Files.isDirectory(dataRoot.resolve(OpeningsBreakdown.SCHEMA.name()))) {
            long t0 = System.nanoTime();
            rows = SyntheticCorpus.write(root, games, 7);
            long bytes = 0;
            try (var files = Files.list(root.resolve("openings_breakdown"))) {
                for (Path f : (Iterable<Path>) files::iterator) bytes += Files.size(f);
            }
            log.printf("explorer table: %,d synthetic games (no real corpus of that size here) -> %,d breakdown rows; "
                    + "openings_breakdown %.1f MB (%,.0f games per MB), built in %.1f s%n", games, rows, bytes / 1e6,
                    games / (bytes / 1e6), (System.nanoTime() - t0) / 1e9);
            if (real != null) RealTables.link(real, root, log);
        }
        Path tb = Files.createTempDirectory("rookery-dash-bench-tb");
        try (Generator g = new Generator(tb, 2, null)) {
            g.generate(Material.upTo(3));
        }
        long started = System.nanoTime();
        try (Dashboard d = Dashboard.start(DashboardConfig.of(root).withTablebases(tb))) {
            firstFilteredAnswer(d.url(), started, log);
            return measure(d, queries, probes, rows, log);
        } finally {
            // A synthetic corpus is ~200 MB: nothing of it outlives the run.
            if (dataRoot == null) TempTrees.delete(root);
            TempTrees.delete(tb);
        }
    }

    private static Result measure(Dashboard d, int queries, int probes, long rows, PrintStream log) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI base = d.url();
        long t0 = System.nanoTime();
        awaitExplorerCopy(http, base);
        log.printf("explorer index ready (answers came from the Parquet files in place until then) %.1f s after the first answer%n",
                (System.nanoTime() - t0) / 1e9);
        Latency plain = new Latency(), filtered = new Latency(), page = new Latency();
        walk(http, base, queries / 10, "", new Latency(), new SplittableRandom(1)); // warm-up: JIT, footers, page cache
        walk(http, base, queries / 2, "", plain, new SplittableRandom(2));
        walk(http, base, queries - queries / 2, FILTERED, filtered, new SplittableRandom(3));
        walk(http, base, queries - queries / 2, FILTERED + PAGE, page, new SplittableRandom(6));
        Latency probe = new Latency();
        probeRandom(http, base, probes / 10, new Latency(), new SplittableRandom(4));
        probeRandom(http, base, probes, probe, new SplittableRandom(5));
        return new Result(rows, plain, filtered, page, probe);
    }

    /** What the explorer page asks on top of the filters: 50 moves, 8 top and 8 recent games and the history. */
    static final String PAGE = "&moves=50&topGames=8&recentGames=8&history=true";

    /** The filtered lookups: lichess bands, speeds and a month range, as a user sets them. */
    static final String FILTERED = "&ratings=1600,1800,2000,2200,2500&speeds=blitz,rapid,classical,unknown&since=2016-03";

    /** Time from the start of a fresh dashboard to its first filtered answer (the table is read in place). */
    private static void firstFilteredAnswer(URI base, long started, PrintStream log) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String q = "/api/explorer?play=e2e4" + FILTERED;
        while (true) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(q)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 200) break;
            if (r.statusCode() != 503) throw new IllegalStateException("explorer answered " + r.statusCode() + ": " + r.body());
            if (System.nanoTime() - started > 600_000_000_000L) throw new IllegalStateException("no filtered answer in 10 minutes");
            Thread.sleep(50);
        }
        log.printf("first filtered answer %.2f s after Dashboard.start (%s)%n", (System.nanoTime() - started) / 1e9, q);
    }

    /** Waits (up to 10 minutes) until the dashboard says the explorer's index of the table is made. */
    private static void awaitExplorerCopy(HttpClient http, URI base) throws Exception {
        long deadline = System.nanoTime() + 600_000_000_000L;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/api/status")).build(),
                    HttpResponse.BodyHandlers.ofString());
            String state = Json.MAPPER.readTree(r.body()).path("explorer_cache").asText();
            if (state.equals("ready")) return;
            if (state.equals("missing")) throw new IllegalStateException("the explorer table is missing");
            Thread.sleep(250);
        }
        throw new IllegalStateException("the explorer index took more than 10 minutes");
    }

    private static void walk(HttpClient http, URI base, int count, String filters, Latency lat, SplittableRandom rnd) throws Exception {
        List<String> line = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String q = "/api/explorer?play=" + String.join(",", line) + filters;
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(q)).build(), HttpResponse.BodyHandlers.ofString());
            lat.add(System.nanoTime() - t0);
            if (r.statusCode() != 200) throw new IllegalStateException("explorer answered " + r.statusCode() + ": " + r.body());
            JsonNode moves = Json.MAPPER.readTree(r.body()).get("moves");
            long total = 0;
            for (JsonNode m : moves) total += m.get("white").asLong() + m.get("draws").asLong() + m.get("black").asLong();
            if (total == 0 || line.size() >= 24) {
                line.clear();
                continue;
            }
            long x = rnd.nextLong(total);
            for (JsonNode m : moves) {
                x -= m.get("white").asLong() + m.get("draws").asLong() + m.get("black").asLong();
                if (x < 0) {
                    line.add(m.get("uci").asText());
                    break;
                }
            }
        }
    }

    private static void probeRandom(HttpClient http, URI base, int count, Latency lat, SplittableRandom rnd) throws Exception {
        String[] extra = {"Q", "R", "q", "r", "P", "N"};
        int done = 0;
        while (done < count) {
            char[] board = new char[64];
            Arrays.fill(board, '.');
            int wk = rnd.nextInt(64), bk = rnd.nextInt(64), p = rnd.nextInt(64);
            if (wk == bk || p == wk || p == bk) continue;
            board[wk] = 'K';
            board[bk] = 'k';
            board[p] = extra[rnd.nextInt(extra.length)].charAt(0);
            String fen = fen(board) + (rnd.nextBoolean() ? " w" : " b") + " - - 0 1";
            try {
                Position.fromFen(fen);
            } catch (FenException e) {
                continue; // kings adjacent, pawn on the back rank, side not to move in check
            }
            String q = "/api/tablebase?fen=" + URLEncoder.encode(fen, StandardCharsets.UTF_8);
            long t0 = System.nanoTime();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(q)).build(), HttpResponse.BodyHandlers.ofString());
            lat.add(System.nanoTime() - t0);
            if (r.statusCode() != 200 || r.body().contains("\"unknown\"")) {
                throw new IllegalStateException("probe of " + fen + " answered " + r.statusCode() + ": " + r.body());
            }
            done++;
        }
    }

    private static String fen(char[] board) {
        StringBuilder sb = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char c = board[rank * 8 + file];
                if (c == '.') {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                sb.append(c);
            }
            if (empty > 0) sb.append(empty);
            if (rank > 0) sb.append('/');
        }
        return sb.toString();
    }
}
