package org.rookery.workers.kafka;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rookery.contract.control.Quarantine;
import org.rookery.contract.fleet.WorkerHealth;

/** {@code rookery status}'s worker table: one line per worker of the match, flagged and quarantined ones marked. */
final class WorkerTable {
    private WorkerTable() {}

    static void print(PrintStream out, List<WorkerHealth.Row> rows, Map<String, Quarantine> quarantined) {
        if (rows.isEmpty()) return;
        out.println("Workers:");
        out.printf(Locale.ROOT, "  %-24s %6s %6s %7s %8s %8s  %-28s %s%n", "worker", "games", "pairs", "tl/1000", "crashes",
            "residual", "nps vs fleet", "state");
        for (WorkerHealth.Row r : rows) {
            StringBuilder nps = new StringBuilder();
            r.npsRatio().forEach((engine, x) -> {
                if (nps.length() > 0) nps.append(' ');
                nps.append(engine).append('=').append(Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.2f", x));
            });
            Quarantine q = quarantined.get(r.workerId());
            String state = q != null ? "QUARANTINED: " + q.reason() : r.verdict() != null ? "FLAGGED: " + r.verdict() : "ok";
            out.printf(Locale.ROOT, "  %-24s %6d %6d %7.1f %8d %8s  %-28s %s%n", r.workerId(), r.games(), r.pairs(),
                r.timeLossesPer1000(), r.crashes(), Double.isNaN(r.residual()) ? "-" : String.format(Locale.ROOT, "%.2f", r.residual()),
                nps, state);
        }
    }
}
