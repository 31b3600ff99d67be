package org.rookery.jobs.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.ledger.MatchGames;
import org.rookery.jobs.ledger.SprtReport;
import org.rookery.jobs.query.DataViews;
import org.rookery.stats.Sprt;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rookery analyze sprt}: a match's SPRT asked again over its stored games, without re-running it. */
@Command(name = "sprt", mixinStandardHelpOptions = true,
        description = {"Recompute Elo, nElo, LOS and the SPRT LLR of a gauntlet match over its stored games (pairs kept",
            "as played, in the order the live run counted them): the live bounds give the live numbers; other",
            "bounds show where the run would have stopped. Reads DATA/games and DATA/matches through DuckDB."})
final class SprtCommand implements Callable<Integer> {
    @Option(names = "--data", required = true, paramLabel = "DATA", description = "data root with games (and matches)")
    Path data;

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

    @Option(names = "--model", paramLabel = "MODEL", description = "normalized or logistic (default: the live test's, else logistic)")
    String model;

    @Option(names = "--as-of", paramLabel = "N", description = "count only the first N games of the tested engine")
    long asOf;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException, SQLException {
        if (asOf < 0) throw new UsageError("--as-of must be a positive game count, not " + asOf);
        if ((elo0 == null) != (elo1 == null)) throw new UsageError("--elo0 and --elo1 go together");
        if (model != null && !model.equals("normalized") && !model.equals("logistic")) {
            if (model.equals("bayesian")) {
                throw new UsageError("--model bayesian: not supported yet; Rookery's SPRT has the normalized and logistic models");
            }
            throw new UsageError("--model must be normalized or logistic, not " + model);
        }
        try (DataViews views = DataViews.open(data)) {
            MatchGames m = MatchGames.read(views, match);
            Sprt live = m.definition() == null || m.definition().sprt() == null ? null : m.definition().sprt().test();
            Sprt asked = null;
            if (elo0 != null || alpha != null || beta != null || model != null) {
                if (elo0 == null && live == null) throw new UsageError("--elo0 and --elo1 are needed: the match had no live SPRT");
                Sprt.Model mo = model != null ? (model.equals("normalized") ? Sprt.Model.NORMALIZED : Sprt.Model.LOGISTIC)
                        : live != null ? live.model() : Sprt.Model.LOGISTIC;
                try {
                    asked = new Sprt(alpha != null ? alpha : live != null ? live.alpha() : 0.05,
                            beta != null ? beta : live != null ? live.beta() : 0.05, elo0 != null ? elo0 : live.elo0(),
                            elo1 != null ? elo1 : live.elo1(), mo);
                } catch (IllegalArgumentException e) {
                    throw new UsageError("SPRT options: " + e.getMessage());
                }
            }
            SprtReport.print(m, live, asked, asOf, spec.commandLine().getOut());
            spec.commandLine().getOut().flush();
        }
        return 0;
    }
}
