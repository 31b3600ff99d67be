package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link WorkerResiduals} against SciPy on random fleets: fishtest's {@code get_chi2} restated over
 * {@code scipy.stats.chi2_contingency} (fishtest_chi2.py beside this class), which computes the
 * table's χ² and each worker's collapsed 2 × 3 table by itself, so the test checks the algebra of
 * the adjusted row χ² as well as the numbers. Skipped, saying so, without python3 and SciPy.
 */
class WorkerResidualsOracleTest {
    @TempDir
    Path dir;

    @Test
    void randomFleetsGiveSciPysChiSquarePValueResidualsAndThresholds() throws Exception {
        SplittableRandom random = new SplittableRandom(1049);
        List<Map<String, double[]>> fleets = new ArrayList<>();
        StringBuilder input = new StringBuilder();
        for (int f = 0; f < 60; f++) {
            Map<String, double[]> fleet = new LinkedHashMap<>();
            int workers = 2 + random.nextInt(7);
            double win = 0.25 + 0.1 * random.nextDouble(), loss = 0.2 + 0.1 * random.nextDouble();
            for (int w = 0; w < workers; w++) {
                // some workers play a handful of pairs (fishtest leaves those out), one in four is off
                int pairs = random.nextInt(5) == 0 ? 5 + random.nextInt(20) : 100 + random.nextInt(900);
                double off = random.nextInt(4) == 0 ? 0.15 : 0;
                double[] row = new double[3];
                for (int p = 0; p < pairs; p++) {
                    double r = random.nextDouble();
                    row[r < win + off ? 0 : r < win + off + loss ? 1 : 2]++;
                }
                row[2] = Math.max(row[2], 1); // chi2_contingency refuses a column of zeros
                fleet.put("w" + w, row);
            }
            fleets.add(fleet);
            List<String> cells = new ArrayList<>();
            fleet.forEach((name, r) -> cells.add(name + " " + (long) r[0] + " " + (long) r[1] + " " + (long) r[2]));
            input.append(String.join(";", cells)).append('\n');
        }
        List<String> answers = scipy(input.toString());
        assertEquals(fleets.size(), answers.size(), String.join("\n", answers));
        int compared = 0;
        for (int f = 0; f < fleets.size(); f++) {
            WorkerResiduals.Result r = WorkerResiduals.of(fleets.get(f));
            String answer = answers.get(f);
            if (answer.equals("none")) {
                assertTrue(Double.isNaN(r.chi2()) && r.residual().isEmpty(), "fleet " + f + ": SciPy kept fewer than two workers");
                continue;
            }
            String[] a = answer.split(" ");
            String fleet = "fleet " + f + " " + input.toString().split("\n")[f];
            assertEquals(Double.parseDouble(a[0]), r.chi2(), 1e-9 * Math.max(1, r.chi2()), fleet + ": chi2");
            assertEquals(Integer.parseInt(a[1]), r.dof(), fleet + ": dof");
            double p = Double.parseDouble(a[2]);
            assertEquals(p, r.p(), Math.max(1e-12, p * 1e-6), fleet + ": p");
            assertEquals(Double.parseDouble(a[3]), r.z95(), 1e-9, fleet + ": z95");
            assertEquals(Double.parseDouble(a[4]), r.z99(), 1e-9, fleet + ": z99");
            Map<String, Double> want = new LinkedHashMap<>();
            for (String kv : a[5].split(",")) want.put(kv.substring(0, kv.indexOf('=')), Double.parseDouble(kv.substring(kv.indexOf('=') + 1)));
            assertEquals(want.keySet(), r.residual().keySet(), fleet + ": the workers kept");
            for (Map.Entry<String, Double> e : want.entrySet()) {
                assertEquals(e.getValue(), r.residual().get(e.getKey()), 1e-6, fleet + ": residual of " + e.getKey());
            }
            compared++;
        }
        assertTrue(compared >= 40, "fleets with at least two workers kept: " + compared);
    }

    /** fishtest_chi2.py's output lines for {@code input}; skips the test without python3 and SciPy. */
    private List<String> scipy(String input) throws IOException, InterruptedException {
        Path script = dir.resolve("fishtest_chi2.py");
        try (InputStream in = WorkerResidualsOracleTest.class.getResourceAsStream("fishtest_chi2.py")) {
            Files.copy(in, script);
        }
        Process probe;
        try {
            probe = new ProcessBuilder("python3", "-c", "import scipy.stats").redirectErrorStream(true).start();
        } catch (IOException e) {
            probe = null;
        }
        boolean present = probe != null && probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0;
        if (!present) System.err.println("WorkerResidualsOracleTest skipped: python3 with SciPy is missing (apt-get install -y python3-scipy)");
        Assumptions.assumeTrue(present, "python3 with SciPy missing (apt-get install -y python3-scipy)");
        Process p = new ProcessBuilder("python3", script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "fishtest_chi2.py did not finish");
        assertEquals(0, p.exitValue(), "fishtest_chi2.py failed: " + out);
        return List.of(out.split("\n"));
    }
}
