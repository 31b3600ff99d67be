package org.rookery.jobs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.rookery.jobs.ledger.EngineStatsJob;
import org.rookery.jobs.query.DataViews;
import picocli.CommandLine.Command;

/** {@code rookery analyze matches}: the engine_stats table of the gauntlet games under a data root. */
@Command(name = "matches", mixinStandardHelpOptions = true,
        description = {"Per gauntlet match, engine and game phase (by material): mean and quantiles of nps, depth,",
            "seldepth, time and latency per move; time losses, crashes, stalls, illegal moves and mean game",
            "length. Writes DATA/engine_stats/ through DuckDB (no Spark)."})
final class MatchesCommand extends LedgerCommand implements Callable<Integer> {
    @Override
    public Integer call() throws IOException, SQLException {
        EngineStatsJob.Summary s;
        try (DataViews views = DataViews.open(data)) {
            s = EngineStatsJob.run(views, data);
        }
        PrintWriter out = out();
        out.printf("engine_stats: %d rows from %d gauntlet games, %d engine moves%s%n", s.rows(), s.games(), s.moves(),
                s.replayErrors() > 0 ? " (" + s.replayErrors() + " games stopped replaying at a bad move; their earlier moves count)" : "");
        out.flush();
        return 0;
    }
}
