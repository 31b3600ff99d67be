package org.rookery.jobs.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.ledger.OpeningStatsJob;
import org.rookery.jobs.query.DataViews;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rookery analyze books}: the opening_stats table and the openings too drawish or too one-sided for testing. */
@Command(name = "books", mixinStandardHelpOptions = true,
        description = {"Per gauntlet match and opening of its book (FEN, or the moves of a PGN book): games and",
            "colour-swapped pairs played, the tested engine's pentanomial, draw rate, decisiveness (pairs 2-0 or 0-2)",
            "and colour balance (White's score). Writes DATA/opening_stats/ through DuckDB (no Spark) and flags the",
            "openings that are too drawish or too one-sided for testing (docs/analysis.md#analyze-books)."})
final class BooksCommand extends LedgerCommand implements Callable<Integer> {
    @Option(names = "--max-draw-rate", paramLabel = "R",
            description = "flag an opening whose games are drawn at least this often (default: ${DEFAULT-VALUE})")
    double maxDrawRate = 0.90;

    @Option(names = "--max-white-score", paramLabel = "S",
            description = "flag an opening where White scores at least S, or at most 1 - S (default: ${DEFAULT-VALUE})")
    double maxWhiteScore = 0.90;

    @Option(names = "--min-pairs", paramLabel = "N",
            description = "flag only openings with at least N complete pairs (default: ${DEFAULT-VALUE})")
    long minPairs = 10;

    @Option(names = "--show", paramLabel = "N", description = "list at most N flagged openings (default: ${DEFAULT-VALUE})")
    int show = 20;

    @Override
    public Integer call() throws IOException {
        if (!(maxDrawRate > 0 && maxDrawRate <= 1)) throw new UsageError("--max-draw-rate must be in (0, 1], not " + maxDrawRate);
        if (!(maxWhiteScore > 0.5 && maxWhiteScore <= 1)) {
            throw new UsageError("--max-white-score must be in (0.5, 1], not " + maxWhiteScore);
        }
        if (minPairs < 1) throw new UsageError("--min-pairs must be at least 1, not " + minPairs);
        if (show < 0) throw new UsageError("--show must not be negative, not " + show);
        OpeningStatsJob.Summary s;
        try (DataViews views = DataViews.open(data)) {
            s = OpeningStatsJob.run(views, data);
        } catch (java.sql.SQLException e) {
            throw new IOException("closing the tables: " + DataViews.firstLine(e), e);
        }
        PrintWriter out = out();
        long pairs = 0, matches = s.rows().stream().map(OpeningStatsJob.Row::matchId).distinct().count();
        for (OpeningStatsJob.Row r : s.rows()) pairs += r.pairs();
        out.printf(Locale.ROOT, "opening_stats: %d rows (openings of %d matches), %d pairs from %d games%s%n", s.rows().size(),
                matches, pairs, s.games(), s.unfinished() > 0 ? " (" + s.unfinished() + " games without a result not counted)" : "");
        List<String> flagged = new ArrayList<>();
        for (OpeningStatsJob.Row r : s.rows()) {
            String why = flag(r);
            if (why != null) {
                flagged.add(String.format(Locale.ROOT, "  %-10s %s  pairs %d  draws %.1f%%  2-0/0-2 %.1f%%  White %.1f%%  %s", why,
                        r.matchId(), r.pairs(), 100 * r.drawRate(), 100 * r.decisiveness(), 100 * r.whiteScore(), r.opening()));
            }
        }
        out.printf(Locale.ROOT, "flagged: %d of the openings with at least %d pairs (drawish: draw rate >= %s; one-sided:"
                + " White's score >= %s or <= %s)%n", flagged.size(), minPairs, num(maxDrawRate), num(maxWhiteScore),
                num(1 - maxWhiteScore));
        for (int i = 0; i < Math.min(show, flagged.size()); i++) out.println(flagged.get(i));
        if (flagged.size() > show) out.printf("  ... and %d more: ./rookery sql \"SELECT * FROM opening_stats\" --data %s%n",
                flagged.size() - show, data);
        out.flush();
        return 0;
    }

    /** Why an opening is flagged ({@code drawish} before {@code one-sided}), or null. */
    private String flag(OpeningStatsJob.Row r) {
        if (r.pairs() < minPairs) return null;
        if (r.drawRate() >= maxDrawRate) return "drawish";
        double w = r.whiteScore();
        if (w >= maxWhiteScore || w <= 1 - maxWhiteScore) return "one-sided";
        return null;
    }

    private static String num(double x) {
        return String.format(Locale.ROOT, "%.2f", x);
    }
}
