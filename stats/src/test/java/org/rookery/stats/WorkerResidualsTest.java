package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * fishtest's {@code util.get_chi2} on example worker tables. The expected numbers are SciPy's
 * ({@code scipy.stats.chi2}, {@code scipy.stats.norm}, SciPy 1.17) following fishtest's steps,
 * computed independently of this implementation.
 */
class WorkerResidualsTest {
    @Test
    void pentanomialWorkersWithOneOffWorkerAndOneTooSmall() {
        Map<String, double[]> rows = new LinkedHashMap<>();
        rows.put("w1", WorkerResiduals.row(new Pentanomial(10, 300, 2000, 320, 12)));
        rows.put("w2", WorkerResiduals.row(new Pentanomial(8, 290, 2050, 310, 9)));
        rows.put("w3", WorkerResiduals.row(new Pentanomial(30, 420, 1700, 330, 20)));
        rows.put("w4", WorkerResiduals.row(new Pentanomial(1, 2, 3, 2, 1))); // expected counts ≤ 5: left out
        WorkerResiduals.Result r = WorkerResiduals.of(rows);
        assertEquals(74.56540367672866, r.chi2(), 1e-9);
        assertEquals(4, r.dof());
        // For 4 degrees of freedom the χ² tail has a closed form, e^(-x/2)(1 + x/2): an oracle independent of the
        // library's incomplete gamma, held to a relative tolerance (an absolute one would pass any tiny p).
        double closedForm = Math.exp(-r.chi2() / 2) * (1 + r.chi2() / 2);
        assertEquals(2.4622429469250697e-15, closedForm, 1e-24);
        assertEquals(closedForm, r.p(), closedForm * 1e-6);
        assertEquals(List.of("w1", "w2", "w3"), List.copyOf(r.residual().keySet()));
        assertEquals(2.845559348585601, r.residual().get("w1"), 1e-6);
        assertEquals(4.473003314882247, r.residual().get("w2"), 1e-6);
        assertEquals(8.21917852755118, r.residual().get("w3"), 1e-6);
        assertEquals(2.128045234184983, r.z95(), 1e-6);
        assertEquals(2.7130518884727213, r.z99(), 1e-6);
        assertTrue(r.residual().get("w3") > r.z99(), "the off worker is flagged");
    }

    @Test
    void trinomialWorkersThatAgreeHaveZeroResiduals() {
        Map<String, double[]> rows = new LinkedHashMap<>();
        rows.put("a", WorkerResiduals.row(new Trinomial(120, 300, 100)));
        rows.put("b", WorkerResiduals.row(new Trinomial(110, 310, 105)));
        rows.put("c", WorkerResiduals.row(new Trinomial(115, 290, 98)));
        WorkerResiduals.Result r = WorkerResiduals.of(rows);
        assertEquals(0.8348488716663481, r.chi2(), 1e-9);
        assertEquals(0.9337159690243997, r.p(), 1e-9);
        assertEquals(Map.of("a", 0.0, "b", 0.0, "c", 0.0), r.residual());
    }

    @Test
    void fewerThanTwoWorkersGiveNothing() {
        WorkerResiduals.Result r = WorkerResiduals.of(Map.of("only", new double[] {100, 100, 100}));
        assertTrue(Double.isNaN(r.chi2()));
        assertTrue(r.residual().isEmpty());
    }
}
