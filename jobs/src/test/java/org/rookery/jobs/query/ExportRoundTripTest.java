package org.rookery.jobs.query;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.schema.Tables;
import org.rookery.core.cli.UsageError;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.tools.ExternalTools;

/**
 * Oracle test of {@code ./rookery export}: PGN ingested by the real ingest job and exported again
 * gives back the same games, tags, moves, clocks and evaluations, read by our PgnReader and by
 * pgn-extract (as it prints both files, tags sorted per game since writers order them differently).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExportRoundTripTest {
    @TempDir
    static Path dir;

    private QueryFixture f;

    @BeforeAll
    void ingest() throws IOException {
        f = QueryFixture.ingest(dir);
    }

    private Path export(String file, String where, String... more) {
        Path out = dir.resolve(file);
        List<String> args = new ArrayList<>(List.of("export", "--data=" + f.data, "--out=" + out));
        if (where != null) args.add("--where=" + where);
        args.addAll(List.of(more));
        assertEquals(0, QueryFixture.run(args.toArray(String[]::new)).status());
        return out;
    }

    private static List<PgnGame> read(InputStream in, String name) throws IOException {
        List<PgnGame> games = new ArrayList<>();
        try (PgnReader r = new PgnReader(in, name)) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                games.add(g);
                g = new PgnGame();
            }
        }
        return games;
    }

    private static List<PgnGame> read(Path file) throws IOException {
        return read(Files.newInputStream(file), file.toString());
    }

    private static Map<String, String> tags(PgnGame g) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < g.tagCount(); i++) m.put(g.tagName(i), g.tagValue(i));
        return m;
    }

    @Test
    void ourReaderGetsTheSameGamesTagsMovesClocksAndEvalsBack() throws IOException {
        List<PgnGame> original = read(f.input.resolve(QueryFixture.SYNTHETIC));
        List<PgnGame> back = read(export("synth.pgn", "source_file = '" + QueryFixture.SYNTHETIC + "'"));
        assertEquals(original.size(), back.size());
        int clocks = 0;
        int evals = 0;
        for (int i = 0; i < original.size(); i++) {
            PgnGame a = original.get(i);
            PgnGame b = back.get(i);
            String which = "game " + (i + 1);
            assertEquals(tags(a), tags(b), which);
            assertEquals(a.sans(), b.sans(), which);
            assertEquals(a.result(), b.result(), which);
            for (int p = 0; p < a.plyCount(); p++) {
                assertEquals(a.clockMillis(p), b.clockMillis(p), which + " ply " + p);
                assertEquals(a.evalCp(p), b.evalCp(p), which + " ply " + p);
                assertEquals(a.evalMate(p), b.evalMate(p), which + " ply " + p);
                if (a.clockMillis(p) != PgnGame.NO_CLOCK) clocks++;
                if (a.evalCp(p) != PgnGame.NO_EVAL || a.evalMate(p) != PgnGame.NO_EVAL) evals++;
            }
        }
        assertTrue(clocks > 0 && evals > 0, "the corpus has clocks (" + clocks + ") and evals (" + evals + ")");
    }

    @Test
    void aSetUpPositionComesBackWithItsFenAndMoveNumbers() throws IOException {
        Path out = export("fen-out.pgn", "source_file = '" + QueryFixture.FEN + "'");
        List<PgnGame> original = read(f.input.resolve(QueryFixture.FEN));
        List<PgnGame> back = read(out);
        assertEquals(1, back.size());
        assertEquals(tags(original.get(0)), tags(back.get(0)));
        assertEquals(List.of("Kd7", "e4", "Rh2", "e5", "Ke6", "Kd1", "Kxe5"), back.get(0).sans());
        assertTrue(Files.readString(out).contains("40... Kd7 41. e4"), Files.readString(out));
    }

    @Test
    void pgnExtractReadsTheSameGamesFromBothFiles() throws Exception {
        Path pgnExtract = ExternalTools.locate("pgn-extract");
        Assumptions.assumeTrue(pgnExtract != null, "pgn-extract not installed: skipped ("
                + ExternalTools.installHint("pgn-extract") + ")");
        Path exported = export("synth-pe.pgn", "source_file = '" + QueryFixture.SYNTHETIC + "'");
        List<String> a = pgnExtractGames(pgnExtract, f.input.resolve(QueryFixture.SYNTHETIC));
        List<String> b = pgnExtractGames(pgnExtract, exported);
        assertEquals(400, a.size());
        assertEquals(a, b);
    }

    /** Each game as pgn-extract writes it (no comments), its tag lines sorted. */
    private static List<String> pgnExtractGames(Path tool, Path file) throws Exception {
        Path out = Files.createTempFile(dir, "pe", ".pgn");
        Process p = new ProcessBuilder(tool.toString(), "-s", "-C", "-N", "-V", "-o" + out, file.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("pe.log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "pgn-extract still running");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("pe.log")));
        String[] blocks = Files.readString(out, StandardCharsets.UTF_8).strip().split("\n\\s*\n");
        List<String> games = new ArrayList<>();
        for (int k = 0; k + 1 < blocks.length; k += 2) {
            List<String> header = new ArrayList<>(blocks[k].lines().toList());
            header.sort(null);
            games.add(String.join("\n", header) + "\n\n" + blocks[k + 1]);
        }
        return games;
    }

    @Test
    void zstdOutputHoldsTheSameText() throws IOException {
        String where = "white_elo >= 1500";
        Path plain = export("sel.pgn", where);
        Path zst = export("sel.pgn.zst", where);
        byte[] unpacked;
        try (InputStream in = new ZstdInputStream(Files.newInputStream(zst))) {
            unpacked = in.readAllBytes();
        }
        assertArrayEquals(Files.readAllBytes(plain), unpacked);
        long expected = f.spark.read().parquet(f.data.resolve(Tables.GAMES).toString()).where(where).count();
        assertTrue(expected > 0 && expected < 403, "the condition selects some games: " + expected);
        assertEquals(expected, read(plain).size());
    }

    @Test
    void rejectedRawTextComesOnRequest() throws IOException {
        String where = "source_file = '" + QueryFixture.BAD + "'";
        String without = Files.readString(export("bad.pgn", where));
        String with = Files.readString(export("bad-rejected.pgn", where, "--rejected"));
        assertFalse(without.contains("illegal"), without);
        assertTrue(with.startsWith(without) && with.contains("[Site \"illegal\"]"), with);
        long rejected = f.spark.read().parquet(f.data.resolve(Tables.REJECTED).toString())
                .where(col("raw_text").isNotNull()).count();
        assertEquals(2 + rejected, read(dir.resolve("bad-rejected.pgn")).size(), "the rejected text reads as games again");
    }

    @Test
    void progressShowsWhileDuckDbSelectsAndSortsBeforeTheFirstGame() throws IOException {
        // The fixture's few hundred games sort in milliseconds; the condition's subquery (over a second
        // of DuckDB work on 30 million generated rows) stands in for a long ORDER BY on the real corpus:
        // both run inside the query, before its first row, where export used to be silent.
        String where = "source_file = '" + QueryFixture.SYNTHETIC + "'"
                + " AND (SELECT count(DISTINCT hash(range) % 1000003) FROM range(30000000)) > 0";
        Path out = dir.resolve("slow.pgn");
        long was = ProgressLines.afterMillis;
        ProgressLines.afterMillis = 200;
        QueryFixture.Run r;
        QueryFixture.Run quiet;
        try {
            r = QueryFixture.run("export", "--data=" + f.data, "--out=" + out, "--where=" + where);
            quiet = QueryFixture.run("export", "--data=" + f.data, "--out=" + dir.resolve("slow-quiet.pgn"),
                    "--where=" + where, "--quiet");
        } finally {
            ProgressLines.afterMillis = was;
        }
        assertEquals(0, r.status());
        List<String> err = r.err().lines().toList();
        assertTrue(err.size() >= 2, r.err());
        // This line is printed only while no game has come back from DuckDB.
        assertTrue(err.get(0).matches("export: selecting and sorting the games, \\d+ s(, \\d+% by DuckDB's estimate)?"),
                r.err());
        assertEquals("export: 400 games written to " + out, err.get(err.size() - 1));
        assertEquals(400, read(out).size());
        assertEquals(List.of("export: 400 games written to " + dir.resolve("slow-quiet.pgn")), quiet.err().lines().toList());
    }

    @Test
    void aFastExportPrintsOnlyItsSummary() {
        Path out = dir.resolve("fast.pgn");
        QueryFixture.Run r = QueryFixture.run("export", "--data=" + f.data, "--out=" + out,
                "--where=source_file = '" + QueryFixture.FEN + "'");
        assertEquals("export: 1 games written to " + out + "\n", r.err().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aBadConditionIsOneLineAndLeavesNoFile() {
        Path out = dir.resolve("none.pgn");
        UsageError e = assertThrows(UsageError.class, () -> QueryFixture.run("export", "--data=" + f.data,
                "--out=" + out, "--where=nosuch > 1"));
        assertTrue(e.getMessage().contains("nosuch") && !e.getMessage().contains("\n"), e.getMessage());
        assertFalse(Files.exists(out));
    }
}
