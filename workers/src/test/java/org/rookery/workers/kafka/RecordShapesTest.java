package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.ContractException;
import org.rookery.contract.control.ControlMessage;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.match.GameRecord;

/** Record shapes against docs/schema.md, match ids, task validation and the match file — no broker needed. */
class RecordShapesTest {
    @TempDir Path tmp;

    /** The {@code games} table's columns, in order, read from docs/schema.md. */
    static List<String> schemaColumns() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "schema.md"), StandardCharsets.UTF_8);
        String table = doc.substring(doc.indexOf("## `games`"), doc.indexOf("## `rejected`"));
        Set<String> cols = new LinkedHashSet<>();
        Matcher row = Pattern.compile("(?m)^\\| (`[^|]+)\\|").matcher(table);
        while (row.find()) {
            Matcher name = Pattern.compile("`([a-z_]+)`").matcher(row.group(1));
            while (name.find()) cols.add(name.group(1));
        }
        return new ArrayList<>(cols);
    }

    @Test
    void gameRecordsHaveExactlyTheColumnsOfTheGamesTable() throws Exception {
        MatchSubmission def = Fixtures.define("-engine", "name=a", "tc=10+0.1", "-engine", "name=b", "tc=10+0.1", "-rounds", "1",
            "-games", "2", "-repeat", "-srand", "1");
        PairTask task = def.tasks().get(0);
        List<GameRecord> games = new SyntheticPlayer(7).play(task);
        assertEquals(2, games.size());
        for (int i = 0; i < 2; i++) {
            ObjectNode g = GameJson.of(task, i, games.get(i), "w-test");
            List<String> fields = new ArrayList<>();
            g.fieldNames().forEachRemaining(fields::add);
            // draw_facts and the opening classification are the columns a record leaves out (docs/schema.md,
            // rookery.games): ingest computes them, and draw-rules replays gauntlet games instead;
            // collection_kind is set per imported collection at ingest, record_offset by the sink.
            List<String> expected = schemaColumns();
            for (String computed : List.of("draw_facts", "opening_eco", "opening", "opening_ply", "collection_kind", "record_offset")) {
                assertTrue(expected.remove(computed), "docs/schema.md lists " + computed);
            }
            assertEquals(expected, fields);
            GameChecks.consistent(g);
            assertEquals(def.matchId(), g.get("collection").asText());
            assertEquals("gauntlet", g.get("source").asText());
            assertTrue(g.get("source_file").isNull());
            // Synthetic evals are the mover's view; the record turns them to White's.
            int cp0 = games.get(i).moves().get(0).scoreCp(), cp1 = games.get(i).moves().get(1).scoreCp();
            assertEquals(cp0, g.get("eval_cp").get(0).asInt());
            assertEquals(-cp1, g.get("eval_cp").get(1).asInt());
        }
        assertEquals("a", GameJson.of(task, 0, games.get(0), "w").get("white").asText());
        assertEquals("b", GameJson.of(task, 1, games.get(1), "w").get("white").asText());
    }

    @Test
    void theStandingsRecordRoundTripsResultAndTermination() throws Exception {
        MatchSubmission def = Fixtures.define("-engine", "name=a", "tc=10+0.1", "-engine", "name=b", "tc=10+0.1", "-srand", "1");
        PairTask task = def.tasks().get(0);
        GameRecord g = new SyntheticPlayer(3).play(task).get(0);
        GameRecord back = GameJson.toStandingsRecord(Json.parseObject(Json.write(GameJson.of(task, 0, g, "w"))));
        assertEquals(g.result(), back.result());
        assertEquals(g.termination(), back.termination());
        assertEquals(g.white(), back.white());
        assertEquals(g.pairIndex(), back.pairIndex());
    }

    @Test
    void matchIdsAreDeterministicAndDependOnTheMatch() throws Exception {
        String[] base = {"-engine", "name=new", "tc=10+0.1", "-engine", "name=old", "tc=10+0.1", "-rounds", "5", "-games", "2", "-repeat", "-srand", "42"};
        MatchSubmission a = Fixtures.define(base), b = Fixtures.define(base);
        assertEquals(a.matchId(), b.matchId());
        assertTrue(MatchSubmission.isValidId(a.matchId()), a.matchId());
        String[] other = base.clone();
        other[2] = "tc=20+0.2";
        assertNotEquals(a.matchId(), Fixtures.define(other).matchId());
        assertEquals(5, a.tasks().size());
        assertEquals(10, a.totalGames());
        for (PairTask t : a.tasks()) {
            assertEquals(a.matchId(), t.matchId());
            assertEquals(t.games().get(0).white(), t.games().get(1).black(), "colours swap inside a pair");
            assertEquals(t, PairTask.parse(Json.write(t.toJson())));
        }
        MatchSubmission parsed = MatchSubmission.parse(Json.write(a.toJson()));
        assertEquals(List.of("new", "old"), parsed.engineNames());
        assertEquals(10, parsed.totalGames());
    }

    @Test
    void aMatchFileMeansTheSameAsTheOptions() throws Exception {
        Path f = tmp.resolve("match.yaml");
        Files.writeString(f, "engines:\n  - {name: new, tc: 10+0.1}\n  - {name: old, tc: 10+0.1}\nrounds: 5\ngames: 2\nrepeat: true\nsrand: 42\n"
            + "sprt: {elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05}\n");
        List<String> args = MatchFile.toArgs(f);
        MatchSubmission fromFile = MatchSubmission.of(GauntletOptions.parse(args, w -> { }, true), java.time.Instant.EPOCH);
        MatchSubmission fromArgs = Fixtures.define("-engine", "name=new", "tc=10+0.1", "-engine", "name=old", "tc=10+0.1", "-rounds", "5",
            "-games", "2", "-repeat", "-srand", "42", "-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.05");
        assertEquals(fromArgs.matchId(), fromFile.matchId());
        Files.writeString(f, "engines: 3\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MatchFile.toArgs(f));
        assertTrue(e.getMessage().startsWith("--file " + f + ": 'engines' must be a list"), e.getMessage());
    }

    @Test
    void submittedEnginesAreRegistryNamesOnly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Fixtures.define("-engine", "name=a",
            "cmd=/bin/sh", "tc=1", "-engine", "name=b", "tc=1"));
        assertTrue(e.getMessage().contains("cmd= cannot be set in a submitted match"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Fixtures.define("-engine", "name=a", "option.Hash=1", "tc=1",
            "-engine", "name=b", "tc=1"));
        assertTrue(e.getMessage().contains("option.Hash= cannot be set"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Fixtures.define("-engine", "tc=1", "-engine", "name=b", "tc=1"));
        assertTrue(e.getMessage().contains("name= (a registry name) is required"), e.getMessage());
    }

    @Test
    void badTasksAreRefusedWithAReason() throws Exception {
        MatchSubmission def = Fixtures.define("-engine", "name=a", "tc=10+0.1", "-engine", "name=b", "tc=10+0.1", "-srand", "1");
        ObjectNode good = def.tasks().get(0).toJson();
        assertEquals("not a JSON object", reason("[1, 2]"));
        assertTrue(reason("{\"match_id\": 3}").contains("\"match_id\" must be a string"));
        assertTrue(reason("x".repeat(PairTask.MAX_BYTES + 1)).contains("larger than"));
        ObjectNode t = good.deepCopy();
        ((ObjectNode) t.get("opening")).put("fen", "not a fen");
        assertTrue(reason(Json.write(t)).startsWith("opening FEN is invalid"), reason(Json.write(t)));
        t = good.deepCopy();
        ((ObjectNode) t.get("engines").get("a")).put("tc", "fast");
        assertTrue(reason(Json.write(t)).startsWith("bad time control"), reason(Json.write(t)));
        t = good.deepCopy();
        ((ObjectNode) t.get("games").get(0)).put("white", "nobody");
        assertTrue(reason(Json.write(t)).contains("\"nobody\" has no limits"), reason(Json.write(t)));
        t = good.deepCopy();
        ((com.fasterxml.jackson.databind.node.ArrayNode) t.get("opening").get("moves")).add("e2e9");
        assertTrue(reason(Json.write(t)).startsWith("opening move is not UCI"), reason(Json.write(t)));
    }

    private static String reason(String value) {
        return assertThrows(ContractException.class, () -> PairTask.parse(value)).getMessage();
    }

    @Test
    void registryFilesAreCheckedLineByLine() throws Exception {
        Path f = tmp.resolve("engines.yaml");
        Files.writeString(f, "engines:\n  sh:\n    cmd: /bin/sh\n    args: [-c, 'exit 0']\n    options: {Hash: 16}\n");
        EngineRegistry r = EngineRegistry.load(f);
        assertEquals(Set.of("builtin", "sh"), r.names());
        assertEquals(List.of("-c", "exit 0"), r.find("sh").orElseThrow().args());
        Files.writeString(f, "allow_builtin: false\nengines:\n  sh: {cmd: /bin/sh}\n");
        assertEquals(Set.of("sh"), EngineRegistry.load(f).names());
        Files.writeString(f, "engines:\n  x: {cmd: /nonexistent/engine}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EngineRegistry.load(f));
        assertEquals("--engines " + f + ": engine 'x': cmd /nonexistent/engine is not an executable file or a command on PATH", e.getMessage());
        Files.writeString(f, "engines:\n  x: {cmd: /bin/sh, tc: 10}\n");
        e = assertThrows(IllegalArgumentException.class, () -> EngineRegistry.load(f));
        assertTrue(e.getMessage().contains("unknown key 'tc'"), e.getMessage());
    }

    @Test
    void engineRegistryRefusesUnknownEnginesOfATask() throws Exception {
        MatchSubmission def = Fixtures.define("-engine", "name=builtin", "tc=10+0.1", "-engine", "name=evil", "tc=10+0.1", "-srand", "1");
        try (EnginePlayer p = new EnginePlayer(EngineRegistry.builtinOnly(), 1000, null, 0)) {
            BadRecordException e = assertThrows(BadRecordException.class, () -> p.check(def.tasks().get(0)));
            assertEquals("engine \"evil\" is not in this worker's registry (known: builtin)", e.getMessage());
        }
    }

    @Test
    void controlAndRejectionRecordsRoundTrip() {
        ControlMessage stop = ControlMessage.stop("m-0123456789abcdef", "SPRT: H1 accepted");
        assertEquals(stop, ControlMessage.parse(Json.write(stop.toJson()), null));
        JsonNode n = Json.parseObject(Json.write(stop.toJson()));
        assertEquals(List.of("match_id", "action", "reason"), fieldNames(n));
        assertThrows(org.rookery.contract.ContractException.class, () -> ControlMessage.parse("{\"match_id\":\"m\",\"action\":\"explode\"}", null));
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
