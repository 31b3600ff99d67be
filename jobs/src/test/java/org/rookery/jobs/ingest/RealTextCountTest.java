package org.rookery.jobs.ingest;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.Rejected;
import org.rookery.core.tools.ExternalTools;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * Real collections hold NUL bytes between files, tagless games and movetext wrapped every which
 * way. The games pass numbers games from a quick count, so that count has to be the reader's on
 * such text too (else the pass would run again), and {@code games} plus the {@code game} rows of
 * {@code rejected} must be the games of the input, the garbage between them being {@code fragment}s.
 */
class RealTextCountTest {
    /** The shared real corpus, when this machine has it ({@code -Drookery.corpus=FILE} to point elsewhere). */
    private static final Path REAL = Path.of(System.getProperty("rookery.corpus",
            "../../shared/data/corpora/pgnmentor-a.pgn.zst")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    /** The crafted text and what it was made of. */
    private record Crafted(String text, int games, int tagless, int nulFragments) {
        int inputGames() {
            return games + tagless;
        }
    }

    /**
     * Synthetic games with movetext re-wrapped at random widths (2 to 120 columns, trailing blanks,
     * a line per move), NUL bytes after the result of every 17th game (as between the collections of
     * the real corpus), and a tagless game after every 23rd
     * (unless NUL bytes precede it).
     */
    private Crafted craft(int count) throws IOException {
        String src = Files.readString(Corpora.synthetic(dir.resolve("src.pgn"), 71, count));
        String[] games = src.strip().split("\n\n(?=\\[Event )");
        assertEquals(count, games.length);
        Random rnd = new Random(5);
        StringBuilder sb = new StringBuilder();
        int tagless = 0;
        int nul = 0;
        for (int i = 0; i < games.length; i++) {
            int split = games[i].indexOf("\n\n");
            sb.append(games[i], 0, split).append("\n\n");
            String[] tokens = games[i].substring(split + 2).trim().split("\\s+");
            int width = 2 + rnd.nextInt(120);
            int column = 0;
            for (String t : tokens) {
                if (column > 0 && column + t.length() >= width) {
                    sb.append(rnd.nextBoolean() ? "  \n" : "\n");
                    column = 0;
                } else if (column > 0) {
                    sb.append(' ');
                    column++;
                }
                sb.append(t);
                column += t.length();
            }
            if (i % 17 == 5) {
                sb.append("\u0000\u0000");
                nul++;
            }
            sb.append("\n\n");
            // Not right after a NUL run: the reader skips a bad stretch up to the next result, so a
            // tagless game there would be read as part of the fragment.
            if (i % 23 == 11 && i % 17 != 5) {
                sb.append("1. d4 d5 2. c4 e6\n3. Nc3 Nf6 *\n\n");
                tagless++;
            }
        }
        return new Crafted(sb.toString(), count, tagless, nul);
    }

    @Test
    void theCountIsTheReadersOnNulBytesTaglessGamesAndWrapping() throws IOException {
        Crafted c = craft(600);
        byte[] bytes = c.text().getBytes(StandardCharsets.UTF_8);
        long[] reader = Units.count(new ByteArrayInputStream(bytes));
        // The reader numbers the NUL runs as skipped games of their own.
        assertEquals(c.inputGames() + c.nulFragments(), reader[0], "reader's games");
        long[] quick = Units.quickCount(new ByteArrayInputStream(bytes));
        assertEquals(0, quick[2], "the quick scan knows it cannot count this text");
        assertEquals(reader[0], Units.exactCount(bytes, bytes.length)[0]);
        assertEquals(reader[1], quick[1], "lines");

        // Wrapping alone keeps the quick count sure, and right.
        String clean = c.text().replace("\u0000", "").replace("1. d4 d5 2. c4 e6\n3. Nc3 Nf6 *\n\n", "");
        byte[] cleanBytes = clean.getBytes(StandardCharsets.UTF_8);
        long[] q = Units.quickCount(new ByteArrayInputStream(cleanBytes));
        assertEquals(1, q[2], "well-formed text, however wrapped, is counted by the quick scan");
        assertEquals(c.games(), q[0]);
        assertEquals(Units.count(new ByteArrayInputStream(cleanBytes))[0], q[0]);
    }

    @Test
    void gamesPlusGameRejectsAreTheGamesOfTheInputAndNoPassRunsTwice() throws Exception {
        Crafted c = craft(1200);
        Path plain = Corpora.write(dir.resolve("crafted.pgn"), c.text());
        Path zst = Corpora.write(dir.resolve("crafted.pgn.zst"), c.text());
        SparkSession spark = TestSpark.get();
        String data = dir.resolve("data").toString();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // Small splits and blocks, so most NUL runs and tagless games fall inside a piece, not before one.
        IngestJob.run(spark, new IngestJob.Options(List.of(plain.toString(), zst.toString()), data, "crafted",
                48 << 10, 48 << 10), new PrintStream(log, true, StandardCharsets.UTF_8));
        assertFalse(log.toString(StandardCharsets.UTF_8).contains("writing again"), log.toString());

        Dataset<Row> rejected = spark.read().parquet(Tables.path(data, Schemas.REJECTED));
        Dataset<Row> games = spark.read().parquet(Tables.path(data, Schemas.GAMES));
        for (Path file : new Path[] {plain, zst}) {
            String name = file.getFileName().toString();
            long written = games.where(col("source_file").equalTo(name)).count();
            long gameRejects = rejected.where(col("source_file").equalTo(name)
                    .and(col(Rejected.KIND).equalTo(Rejected.KIND_GAME))).count();
            long fragments = rejected.where(col("source_file").equalTo(name)
                    .and(col(Rejected.KIND).equalTo(Rejected.KIND_FRAGMENT))).count();
            assertEquals(c.inputGames(), written + gameRejects, name + ": games + rejected games");
            assertEquals(c.nulFragments(), fragments, name + ": the NUL runs are fragments");
            // Every game keeps the number a sequential reading gives it.
            Map<Long, String> expected = new TreeMap<>();
            for (Corpora.Game g : Corpora.read(file).games()) {
                if (g.replays()) {
                    expected.put(g.number(), g.site());
                }
            }
            Map<Long, String> actual = new TreeMap<>();
            for (Row r : games.where(col("source_file").equalTo(name))
                    .select("game_number", "site").collectAsList()) {
                actual.put(r.getLong(0), r.getString(1));
            }
            assertEquals(expected, actual, name);
        }

        Path pgnExtract = ExternalTools.locate("pgn-extract");
        Assumptions.assumeTrue(pgnExtract != null, "pgn-extract not installed: its count is not compared ("
                + ExternalTools.installHint("pgn-extract") + ")");
        assertEquals(c.inputGames(), pgnExtractGames(pgnExtract, plain), "pgn-extract's game count");
    }

    @Test
    @Tag("slow")
    void onTheRealCorpusGamesPlusGameRejectsArePgnExtractsGames() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(REAL), REAL + " is not on this machine: skipped");
        Path pgnExtract = ExternalTools.locate("pgn-extract");
        Assumptions.assumeTrue(pgnExtract != null, "pgn-extract not installed: skipped ("
                + ExternalTools.installHint("pgn-extract") + ")");
        Path plain = dir.resolve("real.pgn");
        try (var in = Compression.of(REAL.getFileName().toString()).decode(Files.newInputStream(REAL))) {
            Files.copy(in, plain);
        }
        long expected = pgnExtractGames(pgnExtract, plain);

        SparkSession spark = TestSpark.get();
        String data = dir.resolve("data").toString();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        IngestJob.Summary s = IngestJob.run(spark, new IngestJob.Options(List.of(REAL.toString()), data, "real",
                0, 0), new PrintStream(log, true, StandardCharsets.UTF_8));
        assertFalse(log.toString(StandardCharsets.UTF_8).contains("writing again"), log.toString());
        long gameRejects = spark.read().parquet(Tables.path(data, Schemas.REJECTED))
                .where(col(Rejected.KIND).equalTo(Rejected.KIND_GAME)).count();
        assertEquals(expected, s.games() + gameRejects, "games + rejected games vs pgn-extract");
    }

    /** The games pgn-extract reads from a file: what it writes back out, one Event tag per game. */
    private long pgnExtractGames(Path tool, Path file) throws Exception {
        Path out = Files.createTempFile(dir, "pe", ".pgn");
        Path log = dir.resolve("pe.log");
        Process p = new ProcessBuilder(tool.toString(), "-s", "-o" + out, file.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "pgn-extract still running");
        assertEquals(0, p.exitValue(), Files.readString(log));
        Matcher m = Pattern.compile("(?m)^\\[Event ").matcher(Files.readString(out, StandardCharsets.ISO_8859_1));
        long n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
