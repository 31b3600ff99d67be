package org.rookery.jobs.query;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
import org.rookery.core.cli.UsageError;
import org.rookery.core.notation.NotationException;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ./rookery export}: the games an SQL condition selects, written back as PGN. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write the games of DATA/games/ that --where selects back as PGN: their tags,",
            "moves in SAN, and [%%clk]/[%%eval] comments where the games have them",
            "(pgn-extract's filtering, on Parquet). Streamed; progress on stderr."})
final class ExportCommand implements Callable<Integer> {
    private static final long PROGRESS_NANOS = 5_000_000_000L;

    @Option(names = "--data", required = true, paramLabel = "DATA", description = "data root holding games/")
    Path data;

    @Option(names = "--where", paramLabel = "CONDITION",
            description = "SQL condition on the games table's columns (docs/schema.md), e.g. \"white_elo >= 2700 AND eco LIKE 'B9%%'\" (default: every game)")
    String where;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "FILE.pgn, or FILE.pgn.zst (zstd-compressed)")
    Path out;

    @Option(names = "--rejected", description = "also write the raw text of the rejected table's rows (all of them) after the games")
    boolean rejected;

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
            try (OutputStream file = Files.newOutputStream(out);
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
            System.err.println("export: " + games + " games" + (rejected ? " and " + raw + " rejected texts" : "")
                    + " written to " + out);
            return 0;
        }
    }

    private long writeGames(DataViews views, PgnWriter pgn) throws IOException {
        String sql = "SELECT " + String.join(", ", GamePgn.COLUMNS) + " FROM " + Tables.GAMES
                + (where == null ? "" : " WHERE (" + SqlCommand.trimmed(where) + ")")
                + " ORDER BY " + Games.COLLECTION + ", " + Games.SOURCE_FILE + ", " + Games.GAME_NUMBER + ", " + Games.GAME_ID;
        GamePgn rows = new GamePgn();
        PgnGame g = new PgnGame();
        long n = 0;
        long last = System.nanoTime();
        try (Statement s = views.connection().createStatement(); ResultSet rs = query(s, sql)) {
            while (rs.next()) {
                try {
                    rows.fill(rs, g);
                } catch (NotationException e) {
                    throw new UsageError("game " + rs.getString(GamePgn.GAME_ID) + ": moves_uci does not replay: "
                            + e.getMessage());
                }
                pgn.write(g);
                n++;
                if (System.nanoTime() - last > PROGRESS_NANOS) {
                    last = System.nanoTime();
                    System.err.println("export: " + n + " games ...");
                }
            }
        } catch (SQLException e) {
            throw DataViews.badSql(e);
        }
        return n;
    }

    private static long writeRejected(DataViews views, OutputStream body) throws IOException {
        String sql = "SELECT " + Rejected.RAW_TEXT + " FROM " + Tables.REJECTED + " WHERE " + Rejected.RAW_TEXT
                + " IS NOT NULL ORDER BY " + Tables.COLLECTION + ", " + Rejected.SOURCE_FILE + ", " + Rejected.GAME_NUMBER;
        long n = 0;
        Writer w = new java.io.OutputStreamWriter(body, StandardCharsets.UTF_8);
        try (Statement s = views.connection().createStatement(); ResultSet rs = query(s, sql)) {
            while (rs.next()) {
                String text = rs.getString(1).strip();
                // The raw text as it was, separated from its neighbours like any game.
                w.write(text);
                w.write("\n\n");
                n++;
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
