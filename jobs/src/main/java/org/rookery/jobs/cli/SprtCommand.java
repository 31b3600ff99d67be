package org.rookery.jobs.cli;

import java.io.IOException;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.rookery.core.cli.UsageError;
import org.rookery.contract.ledger.MatchGames;
import org.rookery.contract.ledger.SprtAnswer;
import org.rookery.contract.ledger.SprtQuery;
import org.rookery.contract.schema.Tables;
import org.rookery.jobs.ledger.SprtReport;
import org.rookery.jobs.query.DataViews;
import org.rookery.stats.Sprt;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rookery analyze sprt}: a match's SPRT asked again over its stored games, without re-running it. */
@Command(name = "sprt", mixinStandardHelpOptions = true,
        description = {"Recompute Elo, nElo, LOS and the SPRT LLR of a gauntlet match over its stored games (pairs kept",
            "as played, in the order the live run counted them): the live bounds give the live numbers; other",
            "bounds show where the run would have stopped. Reads DATA/games and DATA/matches through DuckDB."})
final class SprtCommand extends LedgerCommand implements Callable<Integer> {
    @Option(names = "--match", paramLabel = "M", description = "match id (may be left out when the data holds one match)")
    String match;

    @Option(names = "--elo0", paramLabel = "E", description = "H0 Elo of the asked test")
    Double elo0;

    @Option(names = "--elo1", paramLabel = "E", description = "H1 Elo of the asked test")
    Double elo1;

    @Option(names = "--alpha", paramLabel = "A", description = "type I error (default: the live test's, else 0.05)")
    Double alpha;

    @Option(names = "--beta", paramLabel = "B", description = "type II error (default: the live test's, else 0.05)")
    Double beta;

    @Option(names = "--model", paramLabel = "MODEL", description = "normalized, logistic or bayesian (default: the live test's, else normalized, the gauntlet's default)")
    String model;

    @Option(names = "--as-of", paramLabel = "N", description = "count only the first N games of the tested engine")
    long asOf;

    @Override
    public Integer call() throws IOException, SQLException {
        if (asOf < 0) throw new UsageError("--as-of must be a positive game count, not " + asOf);
        SprtQuery query = new SprtQuery(elo0, elo1, alpha, beta, model);
        if (model != null) {
            try {
                SprtQuery.model(model);
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
        }
        try (DataViews views = DataViews.open(data)) {
            if (!views.has(Tables.GAMES)) throw new UsageError("--data: no games table (run a gauntlet with the sink, or ingest)");
            MatchGames m;
            try {
                m = MatchGames.read(views.connection(), Tables.GAMES, views.has(Tables.MATCHES) ? Tables.MATCHES : null, match);
            } catch (SQLException e) {
                throw new IOException("reading the games: " + DataViews.firstLine(e), e);
            }
            Sprt asked;
            try {
                asked = query.resolve(m.liveTest());
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
            SprtReport.print(SprtAnswer.of(m, asked, asOf), out());
            out().flush();
        }
        return 0;
    }
}
