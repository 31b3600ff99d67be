package org.rookery.jobs.query;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.Tables;
import org.rookery.core.cli.UsageError;

/** {@code ./rookery sql} over an ingested data root: views, the terminal table, the three file formats and bad input. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlCommandTest {
    @TempDir
    static Path dir;

    private QueryFixture f;
    private long games;

    @BeforeAll
    void ingest() throws IOException {
        f = QueryFixture.ingest(dir);
        games = f.spark.read().parquet(f.data.resolve(Tables.GAMES).toString()).count();
    }

    private QueryFixture.Run sql(String statement, String... more) {
        String[] args = new String[3 + more.length];
        args[0] = "sql";
        args[1] = statement;
        args[2] = "--data=" + f.data;
        System.arraycopy(more, 0, args, 3, more.length);
        return QueryFixture.run(args);
    }

    @Test
    void everyTableDirectoryIsAView() {
        String out = sql("SHOW TABLES").out();
        assertTrue(out.contains("games") && out.contains("rejected"), out);
    }

    @Test
    void theTerminalTableIsAlignedAndCounts() {
        QueryFixture.Run r = sql("SELECT count(*) AS n, 'x' AS label FROM games;");
        assertEquals(0, r.status());
        List<String> lines = r.out().lines().toList();
        assertEquals(List.of("n", "label"), List.of(lines.get(0).split("\\s*\\|\\s*")));
        assertEquals(lines.get(0).length(), lines.get(1).length(), "the rule is as wide as the header");
        assertEquals(games, Long.parseLong(lines.get(2).split("\\|")[0].strip()));
        assertEquals("(1 row)", lines.get(3));
    }

    /**
     * Over a second of DuckDB work on this machine (30 million generated rows into a distinct count), with no
     * row before it ends; range() gives DuckDB no estimate, so the lines show the time alone.
     */
    private static final String SLOW = "SELECT count(DISTINCT hash(range) % 1000003) AS n FROM range(30000000)";

    /** Runs {@code body} with progress starting after 200 ms, so that the slow query need not take seconds. */
    private static <T> T soonProgress(java.util.function.Supplier<T> body) {
        long was = ProgressLines.afterMillis;
        ProgressLines.afterMillis = 200;
        try {
            return body.get();
        } finally {
            ProgressLines.afterMillis = was;
        }
    }

    @Test
    void aSlowQueryShowsProgressOnStderrAndOnlyItsTableOnStdout() {
        QueryFixture.Run r = soonProgress(() -> sql(SLOW));
        assertEquals(0, r.status());
        List<String> table = r.out().lines().toList();
        assertEquals(4, table.size(), r.out());
        assertEquals("n", table.get(0));
        assertTrue(Long.parseLong(table.get(2).strip()) > 0, r.out());
        assertEquals("(1 row)", table.get(3));
        List<String> progress = r.err().lines().toList();
        assertFalse(progress.isEmpty(), "no progress line on stderr");
        for (String line : progress) assertTrue(line.matches("sql: running, \\d+ s"), "not a progress line: " + line);
        assertFalse(r.err().contains("\r"), "stderr is no terminal here, so plain lines: " + r.err());
    }

    @Test
    void quietSilencesTheProgressOfASlowQuery() {
        QueryFixture.Run r = soonProgress(() -> sql(SLOW, "--quiet"));
        assertEquals(0, r.status());
        assertEquals(4, r.out().lines().count(), r.out());
        assertEquals("", r.err());
    }

    @Test
    void aSlowQueryToAFileShowsProgressOnStderr() throws IOException {
        Path csv = dir.resolve("slow.csv");
        QueryFixture.Run r = soonProgress(() -> sql(SLOW, "--out=" + csv));
        assertEquals(0, r.status());
        assertEquals("", r.out());
        List<String> err = r.err().lines().toList();
        assertTrue(err.size() >= 2, r.err());
        for (String line : err.subList(0, err.size() - 1)) {
            assertTrue(line.matches("sql: writing " + java.util.regex.Pattern.quote(csv.toString()) + ", \\d+ s"), line);
        }
        assertTrue(err.get(err.size() - 1).startsWith("sql: wrote " + csv + " (csv, "), r.err());
        assertEquals(2, Files.readAllLines(csv).size());
    }

    @Test
    void aFastQueryPrintsNoProgress() {
        QueryFixture.Run r = sql("SELECT 42 AS answer");
        assertEquals(List.of("answer", "------", "    42", "(1 row)"), r.out().lines().toList());
        assertEquals("", r.err());
    }

    @Test
    void theTerminalStopsAtMaxRowsAndSaysSo() {
        String out = sql("SELECT * FROM range(5000)", "--max-rows=3").out();
        List<String> lines = out.lines().toList();
        assertEquals(2 + 3 + 1, lines.size(), out);
        assertTrue(lines.get(5).startsWith("(3 rows; more not shown"), out);
        assertFalse(sql("SELECT * FROM range(3)", "--max-rows=3").out().contains("more not shown"));
    }

    @Test
    void csvJsonAndParquetFilesHoldTheWholeResult() throws IOException {
        String q = "SELECT game_id, white_elo FROM games ORDER BY game_id";
        Path csv = dir.resolve("g.csv");
        assertEquals(0, sql(q, "--out=" + csv).status());
        List<String> rows = Files.readAllLines(csv);
        assertEquals("game_id,white_elo", rows.get(0));
        assertEquals(games + 1, rows.size());
        Path json = dir.resolve("g.out");
        assertEquals(0, sql(q, "--format=json", "--out=" + json).status());
        List<String> objects = Files.readAllLines(json);
        assertEquals(games, objects.size());
        assertTrue(objects.get(0).startsWith("{\"game_id\":"), objects.get(0));
        Path parquet = dir.resolve("g.parquet");
        assertEquals(0, sql(q, "--out=" + parquet).status());
        assertEquals(games, f.spark.read().parquet(parquet.toString()).count());
        assertEquals(f.spark.read().parquet(f.data.resolve(Tables.GAMES).toString()).where(col("white_elo").isNull()).count(),
                f.spark.read().parquet(parquet.toString()).where(col("white_elo").isNull()).count());
    }

    @Test
    void explainAnalyzePrintsThePlanWhole() {
        QueryFixture.Run r = sql("EXPLAIN ANALYZE SELECT count(*) FROM games");
        assertEquals(0, r.status(), r.out());
        assertFalse(r.out().contains("…"), "the plan was cut: " + r.out());
        assertTrue(r.out().lines().count() > 10, r.out());
        assertTrue(r.out().contains("Total Time"), r.out());
        assertTrue(r.out().contains("games") || r.out().contains("READ_PARQUET") || r.out().contains("PARQUET"), r.out());
    }

    @Test
    void filesTakeCommentsShowDescribeAndSummarize() throws IOException {
        Path json = dir.resolve("commented.json");
        assertEquals(0, sql("SELECT count(*) AS n FROM games -- every game", "--format=json", "--out=" + json).status());
        assertEquals(List.of("{\"n\":" + games + "}"), Files.readAllLines(json));
        Path described = dir.resolve("describe.csv");
        assertEquals(0, sql("/* the columns */ DESCRIBE games", "--out=" + described).status());
        assertTrue(Files.readAllLines(described).stream().anyMatch(l -> l.startsWith("game_id,")), Files.readString(described));
        Path shown = dir.resolve("show.json");
        assertEquals(0, sql("SHOW TABLES", "--format=json", "--out=" + shown).status());
        assertTrue(Files.readString(shown).contains("\"games\""), Files.readString(shown));
        UsageError explain = assertThrows(UsageError.class, () -> sql("EXPLAIN SELECT 1", "--out=" + dir.resolve("plan.csv")));
        assertEquals("--out takes a query (SELECT, WITH, FROM, VALUES, SHOW, DESCRIBE or SUMMARIZE), not EXPLAIN: print it to "
            + "the terminal without --out", explain.getMessage());
    }

    @Test
    void badInputIsOneLineNamingIt() {
        UsageError syntax = assertThrows(UsageError.class, () -> sql("SELEC 1"));
        assertTrue(syntax.getMessage().startsWith("Parser Error: syntax error at or near \"SELEC\""), syntax.getMessage());
        UsageError column = assertThrows(UsageError.class, () -> sql("SELECT nosuch FROM games"));
        assertTrue(column.getMessage().contains("nosuch") && !column.getMessage().contains("\n"), column.getMessage());
        Path missing = dir.resolve("missing");
        UsageError data = assertThrows(UsageError.class, () -> QueryFixture.run("sql", "SELECT 1", "--data=" + missing));
        assertEquals("--data: " + missing + " is not a directory", data.getMessage());
        assertThrows(UsageError.class, () -> sql("SELECT 1", "--format=csv"));
        assertThrows(UsageError.class, () -> sql("SELECT 1", "--out=" + dir.resolve("x.txt")));
        assertThrows(UsageError.class, () -> sql(" ; "));
    }
}
