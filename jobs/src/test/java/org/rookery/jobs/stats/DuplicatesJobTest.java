package org.rookery.jobs.stats;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.cli.UsageError;
import org.rookery.jobs.Corpora;
import org.rookery.jobs.PgnExtract;
import org.rookery.jobs.RealCorpus;
import org.rookery.jobs.TestSpark;
import org.rookery.jobs.ingest.IngestJob;
import org.rookery.jobs.spark.Schemas;
import org.rookery.jobs.spark.Tables;

/**
 * {@code analyze duplicates}: each kind on hand-made games, {@code --dedupe} on the statistics
 * jobs, and the exact and same-moves duplicates against {@code pgn-extract -D -d} (which judges by
 * moves alone) on a synthetic corpus with copies and on the first games of the real corpus.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DuplicatesJobTest {
    @TempDir
    static Path dir;

    static final String LINE = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O";
    static final String CUT = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5";
    static final String CUT10 = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7";
    static final String CUT14 = CUT + " 7. Bb3 d6";

    static String game(String site, String white, String black, String result, String moves) {
        return "[Event \"x\"]\n[Site \"" + site + "\"]\n[White \"" + white + "\"]\n[Black \"" + black + "\"]\n"
                + "[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n\n";
    }

    static String dated(String site, String date, String white, String black, String result, String moves) {
        return game(site, white, black, result, moves).replace("[Result ", "[Date \"" + date + "\"]\n[Result ");
    }

    /** Site, then the site of the game kept in its place and the kind; unlisted sites are kept. */
    static final String[][] EXPECTED = {
        {"copy", "orig", "exact"},
        {"renamed", "orig", "moves"},
        {"other-result", "orig", "moves"},
        {"unfinished", "orig", "prefix"},
        {"unfinished-copy", "orig", "exact"},
        {"finished-later-copy", "finished-later", "exact"},
        {"cut-other-players", "orig", "moves"},
        {"same-day-unknown-day-cut", "kt-final", "prefix"},
    };

    static final String CRAFTED = game("orig", "Adams, Michael", "Anand, Viswanathan", "1/2-1/2", LINE)
            + game("copy", "Adams, Michael", "Anand, Viswanathan", "1/2-1/2", "{ annotated } " + LINE)
            + game("renamed", "Adams, M.", "Anand, V.", "1/2-1/2", LINE)
            + game("other-result", "Adams, Michael", "Anand, Viswanathan", "1-0", LINE)
            // The same game saved unfinished: its moves begin orig's, same players.
            + game("unfinished", "Adams, Michael", "Anand, Viswanathan", "*", CUT)
            + game("unfinished-copy", "Adams, Michael", "Anand, Viswanathan", "*", CUT)
            // orig cut short between other players, and with colours reversed: not a prefix.
            + game("other-players", "Short, Nigel", "Timman, Jan", "1/2-1/2", CUT10)
            + game("colours-reversed", "Anand, Viswanathan", "Adams, Michael", "1/2-1/2", CUT14)
            // The cut line again between other players: the same moves as "unfinished", so a
            // same-moves duplicate, kept in the place of the longer game "unfinished" is a prefix of.
            + game("cut-other-players", "Short, Nigel", "Timman, Jan", "1/2-1/2", CUT)
            // A transposition to orig's final position: another move sequence, so not a duplicate.
            + game("transposed", "Adams, Michael", "Anand, Viswanathan", "1/2-1/2",
                    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 d6 7. c3 b5 8. Bb3 O-O")
            // A shorter game stored first and its longer form later: the longer one is kept.
            + game("finished-later-cut", "Carlsen, Magnus", "Caruana, Fabiano", "*", "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4")
            + game("finished-later", "Carlsen, Magnus", "Caruana, Fabiano", "0-1",
                    "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5")
            + game("finished-later-copy", "Carlsen, Magnus", "Caruana, Fabiano", "0-1",
                    "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5")
            // The same players years apart: a short game that began the later one's line is another game,
            // not the later one saved unfinished; with the day unknown on one side it can be the same game.
            + dated("kt-2001-short", "2001.01.01", "Kramnik, Vladimir", "Topalov, Veselin", "1/2-1/2", "1. c4 e5 2. Nc3 Nf6")
            + dated("same-day-unknown-day-cut", "2006.09.??", "Kramnik, Vladimir", "Topalov, Veselin", "*",
                    "1. c4 e5 2. Nc3 Nf6 3. g3 d5")
            + dated("kt-final", "2006.09.23", "Kramnik, Vladimir", "Topalov, Veselin", "1-0",
                    "1. c4 e5 2. Nc3 Nf6 3. g3 d5 4. cxd5 Nxd5 5. Bg2 Nb6");

    private SparkSession spark;
    private Path corpus;
    private String data;
    private Map<String, String> siteById;

    @BeforeAll
    void setUp() throws IOException {
        spark = TestSpark.get();
        Path synthetic = Corpora.synthetic(dir.resolve("synthetic.pgn"), 57, 400);
        String games = Files.readString(synthetic, StandardCharsets.UTF_8);
        // Copies of a few synthetic games, further down: duplicates across the file.
        List<String> split = List.of(games.split("(?=\\[Event )"));
        StringBuilder text = new StringBuilder(CRAFTED).append(games);
        for (int i = 3; i < split.size(); i += 97) {
            text.append(split.get(i).replaceFirst("\\[Site \"[^\"]*\"\\]", "[Site \"again-" + i + "\"]"));
        }
        corpus = Files.writeString(dir.resolve("corpus.pgn"), text, StandardCharsets.UTF_8);
        data = dir.resolve("data").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(corpus.toString()), data, "c", 0, 0), null);
        DuplicatesJob.Summary s = DuplicatesJob.run(spark, data, null);
        assertTrue(s.duplicates() >= EXPECTED.length, "found " + s);
        siteById = new HashMap<>();
        for (Row r : spark.read().parquet(Tables.path(data, Schemas.GAMES)).select("game_id", "site").collectAsList()) {
            siteById.put(r.getString(0), r.getString(1));
        }
    }

    /** Duplicate site to {kept site, kind, plies, kept plies}. */
    private Map<String, String[]> duplicates(String data) {
        Map<String, String[]> out = new HashMap<>();
        for (Row r : spark.read().parquet(Tables.path(data, Schemas.DUPLICATES)).collectAsList()) {
            out.put(siteById.get(r.<String>getAs("game_id")), new String[] {siteById.get(r.<String>getAs("duplicate_of")),
                r.getAs("kind"), String.valueOf((int) r.getAs("plies")), String.valueOf((int) r.getAs("duplicate_of_plies"))});
        }
        return out;
    }

    @Test
    void everyKindOnHandMadeGames() {
        Map<String, String[]> dups = duplicates(data);
        for (String[] e : EXPECTED) {
            String[] got = dups.get(e[0]);
            assertTrue(got != null, e[0] + " is a duplicate");
            assertEquals(e[1], got[0], e[0] + ": the game kept in its place");
            assertEquals(e[2], got[1], e[0] + ": kind");
        }
        assertEquals("finished-later", dups.get("finished-later-cut")[0], "a prefix stored first points to the longer game");
        assertEquals("prefix", dups.get("finished-later-cut")[1]);
        assertEquals("12", dups.get("unfinished")[2]);
        assertEquals("16", dups.get("unfinished")[3]);
        for (String kept : List.of("orig", "other-players", "colours-reversed", "transposed", "finished-later", "kt-2001-short", "kt-final")) {
            assertFalse(dups.containsKey(kept), kept + " is kept");
        }
        // No row names a duplicate as the game kept in its place.
        for (String[] v : dups.values()) {
            assertFalse(dups.containsKey(v[0]), v[0] + " is itself listed");
        }
        for (String site : dups.keySet()) {
            if (site != null && site.startsWith("again-")) {
                assertEquals("exact", dups.get(site)[1], site + ": a copy with another Site is exact (same players, result)");
            }
        }
    }

    @Test
    void exactAndSameMovesDuplicatesAreWhatPgnExtractDrops() throws IOException {
        Set<String> theirs = pgnExtractDuplicates(corpus);
        Set<String> ours = new TreeSet<>();
        Set<String> prefixes = new HashSet<>();
        duplicates(data).forEach((site, v) -> (v[1].equals("prefix") ? prefixes : ours).add(site));
        // A prefix duplicate whose own copies exist: the copies are exact/moves duplicates for
        // pgn-extract as for Rookery; the prefix game itself is kept by pgn-extract.
        assertEquals(ours, theirs);
        for (String p : prefixes) {
            assertFalse(theirs.contains(p), p + ": pgn-extract does not look for prefixes");
        }
    }

    @Test
    void firstRealGamesAgreeWithPgnExtract() throws IOException {
        agreeWithPgnExtract("first", 0, 30_000);
    }

    /**
     * A slice from the corpus's later part (other players, other years, other duplicate patterns).
     * Slow: the duplicates job holds about 2 GiB live on 30,000 real games (measured with -Xlog:gc in
     * the test JVM), and the default suite keeps one such run: ./rookery test slow.
     */
    @Test
    @Tag("slow")
    void laterRealGamesAgreeWithPgnExtract() throws IOException {
        agreeWithPgnExtract("later", 150_000, 30_000);
    }

    /** Rookery's exact and same-moves duplicates of {@code count} real games after the first {@code skip} are pgn-extract -D's. */
    private void agreeWithPgnExtract(String slice, int skip, int count) throws IOException {
        RealCorpus.assumePresent("DuplicatesJobTest." + slice + "RealGamesAgreeWithPgnExtract");
        PgnExtract.require("DuplicatesJobTest");
        Path real = dir.resolve(slice + ".pgn");
        int written = RealCorpus.numbered(real, skip, count);
        String realData = dir.resolve(slice + "-data").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(real.toString()), realData, "real", 0, 0), null);
        DuplicatesJob.Summary s = DuplicatesJob.run(spark, realData, null);
        Map<String, String> sites = new HashMap<>();
        for (Row r : spark.read().parquet(Tables.path(realData, Schemas.GAMES)).select("game_id", "site").collectAsList()) {
            sites.put(r.getString(0), r.getString(1));
        }
        Set<String> ours = new TreeSet<>();
        long prefix = 0;
        for (Row r : spark.read().parquet(Tables.path(realData, Schemas.DUPLICATES)).collectAsList()) {
            if (r.<String>getAs("kind").equals("prefix")) {
                prefix++;
            } else {
                ours.add(sites.get(r.<String>getAs("game_id")));
            }
        }
        Set<String> theirs = pgnExtractDuplicates(real);
        // Games pgn-extract reads but Rookery rejects (illegal moves) are in neither table; a
        // rejected game's number counts the games of the slice file, whose Site names its corpus number.
        List<String> fileSites = new java.util.ArrayList<>();
        try (org.rookery.core.pgn.PgnReader reader = new org.rookery.core.pgn.PgnReader(Files.newInputStream(real), real.toString())) {
            org.rookery.core.pgn.PgnGame g = new org.rookery.core.pgn.PgnGame();
            while (reader.next(g)) fileSites.add(g.tag("Site"));
        }
        Set<String> rejected = new HashSet<>();
        if (Tables.exists(spark.sparkContext().hadoopConfiguration(), realData, Schemas.REJECTED)) {
            spark.read().parquet(Tables.path(realData, Schemas.REJECTED)).select("game_number").collectAsList()
                    .forEach(r -> rejected.add(fileSites.get((int) ((Number) r.get(0)).longValue() - 1)));
        }
        theirs.removeIf(rejected::contains);
        System.err.println("real corpus, " + written + " games after " + skip + ": " + s + "; pgn-extract -D drops " + theirs.size()
                + " (" + rejected.size() + " games Rookery rejects left out)");
        assertEquals(theirs, ours);
        assertTrue(ours.size() > 100, "the real games hold duplicates: " + ours.size());
        assertEquals(s.prefix(), prefix);
    }

    @Test
    void dedupeCountsEachGameOnce() throws IOException {
        long all = DrawRulesJob.run(spark, data, null, false).games();
        long once = DrawRulesJob.run(spark, data, null, true).games();
        long listed = spark.read().parquet(Tables.path(data, Schemas.DUPLICATES)).count();
        assertEquals(all - listed, once);
        Dataset<Row> listedIds = spark.read().parquet(Tables.path(data, Schemas.DUPLICATES)).select("game_id");
        Dataset<Row> games = spark.read().parquet(Tables.path(data, Schemas.GAMES))
                .where(col("result").isin("1-0", "0-1", "1/2-1/2"));
        long decided = games.join(listedIds, games.col("game_id").equalTo(listedIds.col("game_id")), "left_anti").count();
        assertEquals(decided, OpeningsJob.run(spark, data, null, 8, 1, true).games());
        EndgamesJob.run(spark, data, null, 7, null, true);
        Dataset<Row> endgames = spark.read().parquet(Tables.path(data, Schemas.ENDGAMES));
        long entries = endgames.join(listedIds, endgames.col("game_id").equalTo(listedIds.col("game_id")), "left_semi")
                .count();
        assertEquals(0, entries, "no listed duplicate enters the endgames table");
        DrawRulesJob.run(spark, data, null, false);
    }

    @Test
    void dedupeWithoutTheTableSaysWhatToRun() throws IOException {
        String bare = dir.resolve("bare").toString();
        IngestJob.run(spark, new IngestJob.Options(List.of(corpus.toString()), bare, "c", 0, 0), null);
        UsageError e = assertThrows(UsageError.class, () -> DrawRulesJob.run(spark, bare, null, true));
        assertTrue(e.getMessage().contains("rookery analyze duplicates --data " + bare), e.getMessage());
    }

    /** The Site tags of the games {@code pgn-extract -d} writes as duplicates. */
    static Set<String> pgnExtractDuplicates(Path input) throws IOException {
        Path dupes = input.resolveSibling(input.getFileName() + ".dupes.pgn");
        Path unique = input.resolveSibling(input.getFileName() + ".unique.pgn");
        return PgnExtract.sites(dupes, "-d" + dupes, "-o", unique.toString(), input.toString());
    }
}
