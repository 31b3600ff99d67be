package org.rookery.jobs.query;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rookery.contract.schema.Games;
import org.rookery.contract.schema.Rejected;
import org.rookery.contract.schema.Tables;
import org.rookery.core.cli.ProgressTicker;
import org.rookery.core.cli.UsageError;
import org.rookery.core.notation.NotationException;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./rookery export}: the games an SQL condition selects, written back as PGN. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write the games of DATA/games/ that --where selects back as PGN: their tags,",
            "moves in SAN, and [%%clk]/[%%eval] comments where the games have them",
            "(pgn-extract's filtering, on Parquet). Streamed; a run longer than two seconds",
            "shows progress on stderr, from the query's start to the last game."})
final class ExportCommand implements Callable<Integer> {
    @Option(names = "--data", required = true, paramLabel = "DATA", description = "data root holding games/")
    Path data;

    @Option(names = "--where", paramLabel = "CONDITION",
            description = "SQL condition on the games table's columns (docs/schema.md), e.g. \"white_elo >= 2700 AND eco LIKE 'B9%%'\" (default: every game)")
    String where;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "FILE.pgn, or FILE.pgn.zst (zstd-compressed)")
    Path out;

    @Option(names = "--rejected", description = "also write the raw text of the rejected table's rows (all of them) after the games")
    boolean rejected;

    @Option(names = "--quiet", description = "No progress lines.")
    boolean quiet;

    @Spec
    CommandSpec spec;

    // Read by the progress ticker's thread while the main thread writes.
    private volatile Statement running;
    private volatile boolean writing;
    private volatile boolean readingRejected;
    private volatile long gamesWritten;
    private volatile long rejectedWritten;

    @Override
    public Integer call() throws IOException, SQLException {
        String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean zst = name.endsWith(".pgn.zst");
        if (!zst && !name.endsWith(".pgn")) throw new UsageError("--out " + out + ": name a .pgn or .pgn.zst file");
        if (where != null && SqlCommand.trimmed(where).isEmpty()) throw new UsageError("--where: the condition is empty");
        OutputFiles.checkParent(out);
        try (DataViews views = DataViews.open(data)) {
            if (!views.has(Tables.GAMES)) throw new UsageError("--data: " + data + " holds no games table (games/*.parquet)");
            if (rejected && !views.has(Tables.REJECTED)) {
                throw new UsageError("--rejected: " + data + " holds no rejected table (rejected/*.parquet)");
            }
            long games;
            long raw = 0;
            boolean done = false;
            PrintWriter err = spec.commandLine().getErr();
            try (ProgressTicker ticker = ProgressLines.start(err, quiet, this::progress);
                    OutputStream file = Files.newOutputStream(out);
                    OutputStream body = zst ? new ZstdOutputStream(new BufferedOutputStream(file, 1 << 16))
                            : new BufferedOutputStream(file, 1 << 16);
                    PgnWriter pgn = new PgnWriter(body)) {
                games = writeGames(views, pgn);
                if (rejected) {
                    pgn.flush();
                    raw = writeRejected(views, body);
                }
                done = true;
            } finally {
                // A half-written file would pass for a smaller selection.
                if (!done) Files.deleteIfExists(out);
            }
            err.println("export: " + games + " games" + (rejected ? " and " + raw + " rejected texts" : "")
                    + " written to " + out);
            return 0;
        }
    }

    /**
     * The ticker's line: until the first game arrives DuckDB is selecting and sorting (the ORDER BY
     * reads every selected row before it gives the first), then the games written so far.
     */
    private String progress(double seconds) {
        if (!writing) return "export: selecting and sorting the games, " + ProgressLines.elapsed(seconds, running);
        String time = ProgressLines.elapsed(seconds, null);
        if (!readingRejected) {
            return String.format(Locale.ROOT, "export: %,d games written, %s", gamesWritten, time);
        }
        return String.format(Locale.ROOT, "export: %,d games and %,d rejected texts written, %s", gamesWritten,
                rejectedWritten, time);
    }

    private long writeGames(DataViews views, PgnWriter pgn) throws IOException {
        String sql = "SELECT " + String.join(", ", GamePgn.COLUMNS) + " FROM " + Tables.GAMES
                + (where == null ? "" : " WHERE (" + SqlCommand.trimmed(where) + ")")
                + " ORDER BY " + Games.COLLECTION + ", " + Games.SOURCE_FILE + ", " + Games.GAME_NUMBER + ", " + Games.GAME_ID;
        GamePgn rows = new GamePgn();
        PgnGame g = new PgnGame();
        long n = 0;
        try (Statement s = views.connection().createStatement()) {
            running = s;
            ResultSet rs = query(s, sql);
            writing = true;
            while (rs.next()) {
                try {
                    rows.fill(rs, g);
                } catch (NotationException e) {
                    throw new UsageError("game " + rs.getString(GamePgn.GAME_ID) + ": moves_uci does not replay: "
                            + e.getMessage());
                }
                pgn.write(g);
                gamesWritten = ++n;
            }
            rs.close();
        } catch (SQLException e) {
            throw DataViews.badSql(e);
        } finally {
            running = null;
        }
        return n;
    }

    private long writeRejected(DataViews views, OutputStream body) throws IOException {
        String sql = "SELECT " + Rejected.RAW_TEXT + " FROM " + Tables.REJECTED + " WHERE " + Rejected.RAW_TEXT
                + " IS NOT NULL ORDER BY " + Tables.COLLECTION + ", " + Rejected.SOURCE_FILE + ", " + Rejected.GAME_NUMBER;
        long n = 0;
        Writer w = new java.io.OutputStreamWriter(body, StandardCharsets.UTF_8);
        readingRejected = true;
        try (Statement s = views.connection().createStatement(); ResultSet rs = query(s, sql)) {
            while (rs.next()) {
                String text = rs.getString(1).strip();
                // The raw text as it was, separated from its neighbours like any game.
                w.write(text);
                w.write("\n\n");
                rejectedWritten = ++n;
            }
        } catch (SQLException e) {
            throw DataViews.badSql(e);
        }
        w.flush();
        return n;
    }

    private static ResultSet query(Statement s, String sql) {
        try {
            return s.executeQuery(sql);
        } catch (SQLException e) {
            throw DataViews.badSql(e);
        }
    }
}
