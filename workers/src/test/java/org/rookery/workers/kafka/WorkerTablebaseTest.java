package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.tasks.PairTask;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.TablebaseAdjudicator;

/**
 * Tablebase adjudication in distributed matches: a task says only that it is on (with -tbpieces,
 * -tbignore50, -tbadjudicate), never a directory; the worker probes the tables of its own --tb
 * (here the endgame module's Syzygy fixtures), and a worker without tables rejects such a task.
 * The task goes through its JSON form, as on the topic; the Kafka path itself is unchanged.
 */
class WorkerTablebaseTest {
    @TempDir Path tmp;

    static Path syzygy() {
        return Path.of("..", "endgame", "src", "test", "resources", "syzygy").toAbsolutePath().normalize();
    }

    private PairTask task(String... tb) throws Exception {
        Path book = Files.writeString(tmp.resolve("kqk.epd"), "4k3/8/8/8/8/8/q7/KQ6 w - -\n");
        List<String> args = new java.util.ArrayList<>(List.of("-engine", "name=builtin", "tc=5+0.05", "-engine", "name=builtin2", "tc=5+0.05",
            "-openings", "file=" + book, "format=epd", "-srand", "1"));
        args.addAll(List.of(tb));
        MatchSubmission def = Fixtures.define(args.toArray(String[]::new));
        String json = Json.write(def.tasks().get(0).toJson());
        assertFalse(json.contains(tmp.toString()) || json.contains("/nowhere"), "no directory travels in a task: " + json);
        return PairTask.parse(json);
    }

    @Test
    void theWorkersOwnSyzygyTablesAdjudicate() throws Exception {
        PairTask t = task("-tb", "/nowhere/on/the/submitter", "-tbpieces", "3");
        assertTrue(Json.write(t.toJson()).contains("\"tb\":true,\"tbpieces\":3,\"tbignore50\":false,\"tbadjudicate\":\"BOTH\""),
            Json.write(t.toJson()));
        EngineRegistry registry = EngineRegistry.load(Files.writeString(tmp.resolve("engines.yaml"),
            "engines:\n  builtin2: {cmd: builtin}\n"));
        try (TablebaseAdjudicator tables = TablebaseAdjudicator.open(syzygy().toString());
             EnginePlayer p = new EnginePlayer(registry, 10_000, null, 0, tables)) {
            List<GameRecord> games = p.play(t);
            assertEquals(2, games.size());
            for (GameRecord g : games) {
                assertEquals(Termination.ADJUDICATION, g.termination(), g.reason());
                assertEquals(Result.WHITE_WINS, g.result());
                assertEquals("White wins by adjudication: SyzygyTB", g.reason());
                assertEquals(1, g.plyCount(), "the forced capture leaves KQvK");
            }
        }
    }

    @Test
    void aWorkerWithoutTablesRejectsATaskThatNeedsThem() throws Exception {
        PairTask t = task("-tb", "x");
        try (EnginePlayer p = new EnginePlayer(EngineRegistry.builtinOnly(), 1000, null, 0)) {
            BadRecordException e = assertThrows(BadRecordException.class, () -> p.check(t));
            assertTrue(e.getMessage().contains("start it with --tb DIR"), e.getMessage());
        }
        // without -tb the task carries no tablebase fields: older workers and match ids are unchanged
        PairTask plain = task();
        assertFalse(Json.write(plain.toJson()).contains("\"tb\""), Json.write(plain.toJson()));
    }
}
