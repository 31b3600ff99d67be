package org.rookery.jobs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.rookery.jobs.ledger.EngineStatsJob;
import org.rookery.jobs.query.DataViews;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rookery analyze matches}: the engine_stats table of the gauntlet games under a data root. */
@Command(name = "matches", mixinStandardHelpOptions = true,
        description = {"Per gauntlet match, engine and game phase (by material): mean and quantiles of nps, depth,",
            "seldepth, time and latency per move; time losses, crashes, stalls, illegal moves and mean game",
            "length. Writes DATA/engine_stats/ through DuckDB (no Spark)."})
final class MatchesCommand implements Callable<Integer> {
    @Option(names = "--data", required = true, paramLabel = "DATA", description = "data root with games")
    Path data;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, SQLException {
        EngineStatsJob.Summary s;
        try (DataViews views = DataViews.open(data)) {
            s = EngineStatsJob.run(views, data);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("engine_stats: %d rows from %d gauntlet games, %d engine moves%s%n", s.rows(), s.games(), s.moves(),
                s.replayErrors() > 0 ? " (" + s.replayErrors() + " games stopped replaying at a bad move; their earlier moves count)" : "");
        out.flush();
        return 0;
    }
}
