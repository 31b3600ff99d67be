package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.dashboards.fixture.Fixture;

/**
 * {@code dashboard --tb} on Syzygy tables: {@code /api/tablebase} and its mainline answer from the
 * endgame module's standard KQvK/KRvK fixtures (values checked against fathom there), with
 * {@code dtm} null, {@code precise_dtz} null where the file stores moves, and {@code source}.
 */
class SyzygyTablebaseApiTest {
    static final String KQK = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1";
    @TempDir static Path data;
    static Dashboard dashboard;

    static Path syzygy() {
        return Path.of("..", "endgame", "src", "test", "resources", "syzygy").toAbsolutePath().normalize();
    }

    @BeforeAll
    static void start() throws Exception {
        Files.createDirectories(data.resolve("games"));
        // a ':' path with a directory that holds no table of interest first, as Stockfish's SyzygyPath allows
        Path empty = Files.createDirectories(data.resolve("other"));
        Files.copy(syzygy().resolve("KNvK.rtbw"), empty.resolve("KNvK.rtbw"));
        dashboard = Dashboard.start(DashboardConfig.of(data).withTablebases(Path.of(empty + ":" + syzygy())));
    }

    @AfterAll
    static void stop() throws Exception {
        if (dashboard != null) dashboard.close();
    }

    private static JsonNode get(String q) throws Exception {
        return Fixture.json(Fixture.get(dashboard.url(), q));
    }

    @Test
    void probeAnswersFromSyzygyWithoutDtm() throws Exception {
        JsonNode r = get("/api/tablebase?fen=" + ExplorerApiTest.enc(KQK));
        assertEquals("win", r.get("category").asText(), r.toString());
        assertEquals(17, r.get("dtz").asInt(), "fathom's DTZ for this position");
        assertTrue(r.get("precise_dtz").isNull(), "the standard KQvK.rtbz stores wins in moves: " + r);
        assertTrue(r.get("dtm").isNull(), r.toString());
        assertEquals("syzygy", r.get("source").asText());
        JsonNode best = r.get("moves").get(0);
        assertEquals("loss", best.get("category").asText());
        assertEquals(-16, best.get("dtz").asInt());
        for (JsonNode m : r.get("moves")) assertTrue(m.get("dtm").isNull(), m.toString());
        assertFalse(r.toString().contains(syzygy().toString()), "no server path in the answer");
    }

    @Test
    void mainlineFollowsSyzygyToMate() throws Exception {
        JsonNode r = get("/api/tablebase/mainline?fen=" + ExplorerApiTest.enc("8/8/8/4k3/8/8/8/KR6 w - - 0 1"));
        assertEquals("w", r.get("winner").asText(), r.toString());
        assertTrue(r.get("checkmate").asBoolean(), r.toString());
        assertTrue(r.get("mainline").size() > 10, r.toString());
    }

    @Test
    void statusCountsTheSyzygyFiles() throws Exception {
        JsonNode s = get("/api/status");
        assertEquals(3, s.get("tablebase_max_pieces").asInt());
        assertEquals(10, s.get("tablebase_tables").asInt(), "ten fixture files; the second KNvK.rtbw is shadowed by the first directory: " + s);
    }
}
