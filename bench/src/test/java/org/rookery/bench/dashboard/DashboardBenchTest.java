package org.rookery.bench.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rookery.bench.TempTrees;
import org.rookery.dashboards.Dashboard;
import org.rookery.dashboards.DashboardConfig;
import org.rookery.dashboards.browser.Browser;
import org.rookery.dashboards.fixture.Fixture;

/**
 * The benchmark as a slow harness: explorer latency on 300,000 synthetic games, tablebase
 * probe latency over HTTP, and time to interactive of every page in headless chromium (median of
 * five loads; "interactive" is the page's own performance mark after its data is drawn). Prints
 * the figures; asserts only bounds far above the targets, since the machine is shared.
 */
@Tag("slow")
class DashboardBenchTest {
    static final int GAMES = 300_000;

    @Test
    void latenciesAndPageRenderTimes() throws Exception {
        Browser.assumeInstalled();
        Path root = Files.createTempDirectory("rookery-dash-bench-test");
        long rows = SyntheticCorpus.write(root, GAMES, 7);
        DashboardBench.Result r = DashboardBench.run(root, GAMES, 3000, 3000, System.out);
        System.out.printf("BENCH explorer table: %,d synthetic games, %,d positions%n", GAMES, rows);
        System.out.println("BENCH explorer (no filter):   " + r.explorer().summary());
        System.out.println("BENCH explorer (filtered):    " + r.explorerFiltered().summary());
        System.out.println("BENCH explorer (page-shaped): " + r.explorerPage().summary());
        System.out.println("BENCH tablebase probe (HTTP): " + r.probe().summary());
        assertEquals(1500, r.explorer().count());
        assertTrue(r.explorer().percentileMillis(0.99) < 250, "explorer p99 far beyond the 50 ms target");
        assertTrue(r.probe().percentileMillis(0.99) < 50, "probe p99 far beyond the 5 ms target");

        Map<String, Double> times = new LinkedHashMap<>();
        URI small = Fixture.dashboard().url();
        try (Browser b = Browser.start(small)) {
            for (String page : List.of("/matches", "/matches/m1", "/games/m1/0/0", "/tablebase", "/draw-rules", "/endgames")) {
                times.put(page, medianReady(b, page));
            }
        }
        try (Dashboard big = Dashboard.start(DashboardConfig.of(root)); Browser b = Browser.start(big.url())) {
            times.put("/explorer (300k games)", medianReady(b, "/explorer"));
            times.put("/explorer?play=e2e4,e7e5 (300k games)", medianReady(b, "/explorer?play=e2e4,e7e5"));
        }
        TempTrees.delete(root);
        for (Map.Entry<String, Double> e : times.entrySet()) {
            System.out.printf("BENCH page %-40s interactive after %.0f ms (median of 5)%n", e.getKey(), e.getValue());
            assertTrue(e.getValue() < 5000, e.getKey() + " far beyond the 1 s target");
        }
    }

    private static double medianReady(Browser b, String path) {
        List<Double> t = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            b.open(path);
            Object ms = b.script("const m = performance.getEntriesByName('rookery-ready'); return m.length ? m[0].startTime : -1;");
            t.add(((Number) ms).doubleValue());
        }
        Collections.sort(t);
        assertTrue(t.get(0) >= 0, path + ": no rookery-ready mark");
        return t.get(2);
    }
}
