package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.dashboards.fixture.BreakdownSql;
import org.rookery.dashboards.fixture.CorpusTables;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.dashboards.fixture.OpeningRows;
import org.rookery.dashboards.fixture.TableWriter;

/**
 * The explorer keeps variants apart (issue 19): on a data root holding standard and Chess960 games,
 * {@code variant=chess960} answers from the Chess960 games only and the default (standard) never
 * counts them, even at a position both could reach by its board alone.
 */
class ExplorerVariantTest {
    private static final String DFRC = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    private static final String PGN = """
        [Event "std"]
        [White "A"]
        [Black "B"]
        [Result "1-0"]
        [WhiteElo "2000"]
        [BlackElo "1900"]

        1. e4 e5 2. Nf3 1-0

        [Event "frc-1"]
        [White "C"]
        [Black "D"]
        [Result "1/2-1/2"]
        [Variant "Chess960"]
        [SetUp "1"]
        [FEN "%s"]
        [WhiteElo "2100"]
        [BlackElo "2050"]

        1. e4 e5 2. Nd3 Nd6 1/2-1/2

        [Event "frc-2"]
        [White "E"]
        [Black "F"]
        [Result "0-1"]
        [Variant "Chess960"]
        [SetUp "1"]
        [FEN "%s"]
        [WhiteElo "2200"]
        [BlackElo "2300"]

        1. e4 d5 0-1
        """.formatted(DFRC, DFRC);

    @Test
    void chess960AnswersFromChess960GamesOnlyAndStandardNeverCountsThem() throws Exception {
        Path data = Files.createTempDirectory("rookery-explorer-variant");
        List<Map<String, Object>> games = new ArrayList<>();
        GameReplay replay = new GameReplay();
        PgnGame g = new PgnGame();
        try (PgnReader r = new PgnReader(new ByteArrayInputStream(PGN.getBytes(StandardCharsets.UTF_8)), "variants.pgn")) {
            while (r.next(g)) {
                assertTrue(replay.replay(g), replay.error());
                Map<String, Object> row = CorpusTables.importRow(g, replay);
                row.put("variant", g.tag("Variant") == null ? "standard" : "chess960");
                games.add(row);
            }
        }
        assertEquals(3, games.size());
        TableWriter.write(data.resolve("games"), games, CorpusTables.GAMES_COLUMNS, "collection", null);
        TableWriter.write(data.resolve("openings"), OpeningRows.of(games, CorpusTables.OPENING_PLIES), CorpusTables.OPENINGS_COLUMNS,
            null, "key");
        BreakdownSql.write(data, CorpusTables.OPENING_PLIES);
        try (Dashboard d = Dashboard.start(DashboardConfig.of(data))) {
            Fixture.awaitExplorerCopies(d.url());
            JsonNode frc = json(d, "/api/explorer?variant=chess960&fen=" + enc(DFRC));
            assertEquals(0, frc.get("white").asLong());
            assertEquals(1, frc.get("draws").asLong());
            assertEquals(1, frc.get("black").asLong());
            assertEquals(List.of("e2e4"), uci(frc));
            JsonNode afterE4 = json(d, "/api/explorer?variant=chess960&fen=" + enc(DFRC) + "&play=e2e4");
            assertEquals(List.of("d7d5", "e7e5"), uci(afterE4).stream().sorted().toList());

            // The default variant is standard: the Chess960 start is no standard position it has data for,
            // and the standard start counts the standard game alone.
            JsonNode standard = json(d, "/api/explorer");
            assertEquals(1, standard.get("white").asLong() + standard.get("draws").asLong() + standard.get("black").asLong());
            assertEquals(1, standard.get("white").asLong());
            JsonNode std960 = json(d, "/api/explorer?variant=standard&fen=" + enc(DFRC));
            assertEquals(0, std960.get("white").asLong() + std960.get("draws").asLong() + std960.get("black").asLong());
            // And the Chess960 side never sees the standard game.
            JsonNode frcAtStart = json(d, "/api/explorer?variant=chess960");
            assertEquals(0, frcAtStart.get("white").asLong() + frcAtStart.get("draws").asLong() + frcAtStart.get("black").asLong());
        } finally {
            Fixture.deleteTree(data);
        }
    }

    private static JsonNode json(Dashboard d, String path) throws Exception {
        HttpResponse<String> r = Fixture.get(d.url(), path);
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return Fixture.json(r);
    }

    private static List<String> uci(JsonNode r) {
        List<String> out = new ArrayList<>();
        for (JsonNode m : r.get("moves")) out.add(m.get("uci").asText());
        return out;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
