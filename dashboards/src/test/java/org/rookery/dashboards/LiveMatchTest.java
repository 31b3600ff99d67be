package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.rookery.broker.EmbeddedKafka;
import org.rookery.contract.schema.Topics;
import org.rookery.dashboards.browser.Browser;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.dashboards.fixture.GameRows;
import org.rookery.dashboards.http.Json;

/**
 * A running match followed live from a real single-node Kafka broker: the API and the event stream
 * see games produced to {@code rookery.games}, and (with chromium) the open match page updates
 * without a reload.
 */
class LiveMatchTest {
    static final String MATCH = "live1";
    private static EmbeddedKafka kafka;
    private static KafkaProducer<String, String> producer;
    private static Dashboard dashboard;
    private static Path dir;

    @BeforeAll
    static void start() throws Exception {
        dir = Files.createTempDirectory("rookery-dash-kafka");
        kafka = EmbeddedKafka.start(dir);
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap());
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(new NewTopic(Topics.GAMES, 2, (short) 1), new NewTopic(Topics.MATCHES, 1, (short) 1),
                    new NewTopic(Topics.CONTROL, 1, (short) 1), new NewTopic(Topics.SPSA, 1, (short) 1))).all().get();
        }
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer = new KafkaProducer<>(p);
        send(Topics.MATCHES, MATCH, Map.of("match_id", MATCH, "engines", List.of("new", "old"), "pairs", 50,
                "sprt", Map.of("elo0", 0, "elo1", 5, "alpha", 0.05, "beta", 0.05, "model", "normalized")));
        sendPair(0);
        dashboard = Dashboard.start(DashboardConfig.of(Fixture.data()).withBootstrap(kafka.bootstrap()));
    }

    @AfterAll
    static void stop() throws Exception {
        if (dashboard != null) dashboard.close();
        if (producer != null) producer.close();
        if (kafka != null) kafka.close();
        if (dir != null) Fixture.deleteTree(dir);
    }

    static void send(String topic, String key, Object value) throws Exception {
        producer.send(new ProducerRecord<>(topic, key, Json.string(value))).get();
    }

    static void sendPair(int pair) throws Exception {
        for (int g = 0; g < 2; g++) {
            Map<String, Object> rec = GameRows.gauntlet(MATCH, pair, g, g == 0 ? "new" : "old", g == 0 ? "old" : "new",
                    g == 0 ? "1-0" : "1/2-1/2", "checkmate", 1000L + pair * 2 + g);
            send(Topics.GAMES, (String) rec.get("game_id"), rec);
        }
    }

    /** A {@code rookery.spsa} result record as the tune driver writes it (one parameter, X). */
    static String spsaResult(String run, int k, int counted, double before, double after) {
        return "{\"type\":\"result\",\"run_id\":\"" + run + "\",\"iteration\":" + k + ",\"pairs\":10,\"parameters\":[\"X\"],"
                + "\"delta\":[1],\"c_k\":[2.0],\"theta_played\":[" + before + "],\"plus\":[12.0],\"minus\":[8.0],\"result\":1,"
                + "\"theta_before\":[" + before + "],\"theta_after\":[" + after + "],\"game_ids\":[\"a\",\"b\"],\"counted\":" + counted + "}";
    }

    @Test
    void aTuningRunIsFollowedLiveAndAPairInTheTableCountsOnce() throws Exception {
        URI url = dashboard.url();
        String run = "m-11fe000000000001";
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<java.io.InputStream> stream = http.send(HttpRequest.newBuilder(url.resolve("/api/live?match=" + run)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
            assertTrue(in.readLine().startsWith(": connected"));
            producer.send(new ProducerRecord<>(Topics.SPSA, run, "{\"type\":\"probe\",\"run_id\":\"" + run + "\",\"iteration\":3}")).get();
            producer.send(new ProducerRecord<>(Topics.SPSA, run, spsaResult(run, 2, 1, 10, 11.5))).get();
            String line, event = null;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("event: ")) event = line.substring(7);
                if (line.startsWith("data: ")) break;
            }
            assertEquals("spsa", event);
        }
        producer.send(new ProducerRecord<>(Topics.SPSA, run, spsaResult(run, 1, 2, 11.5, 12.25))).get();
        // A pair of the fixture's run that the spsa table already holds: read live too, still one pair.
        producer.send(new ProducerRecord<>(Topics.SPSA, org.rookery.dashboards.fixture.SpsaRows.RUN,
                spsaResult(org.rookery.dashboards.fixture.SpsaRows.RUN, 3, 4, 1, 2))).get();
        JsonNode r = null;
        for (int i = 0; i < 300 && (r == null || r.path("counted").asInt() < 2); i++) {
            HttpResponse<String> h = Fixture.get(url, "/api/tune/" + run);
            if (h.statusCode() == 200) r = Fixture.json(h);
            else Thread.sleep(100);
        }
        assertTrue(r != null && r.get("counted").asInt() == 2, "both counted pairs arrived: " + r);
        assertTrue(r.get("live").asBoolean());
        assertEquals(10.0, r.get("start").get(0).asDouble(), 0.0);
        assertEquals(11.5, r.get("points").get(0).get("theta").get(0).asDouble(), 0.0);
        assertEquals(12.25, r.get("points").get(1).get("theta").get(0).asDouble(), 0.0);
        assertEquals(2, r.get("points").get(0).get("iteration").asInt());
        for (int i = 0; i < 100; i++) {
            JsonNode table = Fixture.json(Fixture.get(url, "/api/tune/" + org.rookery.dashboards.fixture.SpsaRows.RUN));
            assertEquals(10, table.get("counted").asInt(), "the table's pair read live is the same pair");
            if (table.get("live").asBoolean()) return;
            Thread.sleep(100);
        }
        throw new AssertionError("the fixture run's live record never arrived");
    }

    @Test
    void apiAndEventStreamFollowTheBroker() throws Exception {
        URI url = dashboard.url();
        JsonNode m = null;
        for (int i = 0; i < 300 && (m == null || m.path("games").asInt() < 2); i++) {
            HttpResponse<String> r = Fixture.get(url, "/api/matches/" + MATCH);
            if (r.statusCode() == 200) m = Fixture.json(r);
            else Thread.sleep(100);
        }
        assertTrue(m != null && m.get("games").asInt() >= 2, "the first pair arrived: " + m);
        assertEquals("normalized", m.get("sprt").get("model").asText());
        // Open the event stream, produce a game of a new match, and read its event.
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest req = HttpRequest.newBuilder(url.resolve("/api/live?match=sse1")).build();
        HttpResponse<java.io.InputStream> stream = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals("text/event-stream; charset=utf-8", stream.headers().firstValue("content-type").orElse(""));
        try (BufferedReader in = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
            assertTrue(in.readLine().startsWith(": connected"));
            Map<String, Object> rec = GameRows.gauntlet("sse1", 0, 0, "a", "b", "1-0", "checkmate", 5);
            send(Topics.GAMES, (String) rec.get("game_id"), rec);
            String line;
            String event = null, data = null;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("event: ")) event = line.substring(7);
                if (line.startsWith("data: ")) {
                    data = line.substring(6);
                    break;
                }
            }
            assertEquals("game", event);
            assertEquals("sse1/0/0", Fixture.JSON.readTree(data).get("game_id").asText());
        }
        JsonNode game = Fixture.json(Fixture.get(url, "/api/games/sse1/0/0"));
        assertEquals("a", game.get("white").asText(), "a live game opens before the sink writes it");
    }

    @Test
    void runningMatchUpdatesWithoutReload() throws Exception {
        Browser.assumeInstalled();
        URI url = dashboard.url();
        try (Browser b = Browser.start(url)) {
            b.driver().get(url.resolve("/matches/" + MATCH).toString());
            new WebDriverWait(b.driver(), Duration.ofSeconds(30)).until(d -> {
                d.navigate().refresh(); // the broker may still be handing over the first records
                return !d.findElements(org.openqa.selenium.By.cssSelector("#match-games")).isEmpty()
                        && d.findElement(org.openqa.selenium.By.cssSelector("#match-games")).getText().equals("2 of 100");
            });
            b.awaitReady();
            assertEquals("running", b.find("#match-status").getText());
            b.script("window.__sameDocument = 'yes'");
            b.screenshot("live-before");
            sendPair(1);
            b.awaitText("#match-games", "4 of 100", Duration.ofSeconds(20));
            assertEquals("yes", b.script("return window.__sameDocument"), "updated in place, no reload");
            assertEquals("2 / 2 / 0", b.find("#match-wdl").getText());
            assertEquals("running", b.find("#match-status").getText());
            b.screenshot("live-after");
            send(Topics.CONTROL, MATCH, Map.of("match_id", MATCH, "action", "stop", "reason", "user"));
            b.awaitText("#match-status", "finished", Duration.ofSeconds(20));
            b.open("/games/" + MATCH + "/1/0");
            assertTrue(b.find("#game-title").getText().contains("new"));
        }
        JsonNode list = Fixture.json(Fixture.get(url, "/api/matches"));
        assertTrue(list.get("live").get("connected").asBoolean());
    }

    /** wA: pairs 0 and 1, one game of pair 1 lost on time by White; wB: pair 2, one game lost by a disconnect. */
    private static final String[][] FLEET_GAMES = {{"0", "0", "wA", "1-0", "checkmate"}, {"0", "1", "wA", "1/2-1/2", "threefold_repetition"},
        {"1", "0", "wA", "0-1", "time_forfeit"}, {"1", "1", "wA", "1-0", "checkmate"},
        {"2", "0", "wB", "0-1", "disconnect"}, {"2", "1", "wB", "1/2-1/2", "stalemate"}};

    /** Sends {@link #FLEET_GAMES} of {@code match} and wA's quarantine; returns the worker table once the feed has them all. */
    private static JsonNode sendFleet(String match) throws Exception {
        for (String[] g : FLEET_GAMES) {
            int pair = Integer.parseInt(g[0]), inPair = Integer.parseInt(g[1]);
            Map<String, Object> rec = GameRows.gauntlet(match, pair, inPair, inPair == 0 ? "new" : "old", inPair == 0 ? "old" : "new",
                g[3], g[4], 7000L + pair * 2 + inPair);
            rec.put("worker_id", g[2]);
            send(Topics.GAMES, (String) rec.get("game_id"), rec);
        }
        org.rookery.contract.control.Quarantine q = new org.rookery.contract.control.Quarantine(match, "wA", "time losses 250 per 1000 games", 4);
        producer.send(new ProducerRecord<>(Topics.CONTROL, q.key(), q.toJson().toString())).get();
        JsonNode table = null;
        for (int i = 0; i < 300; i++) {
            table = Fixture.json(Fixture.get(dashboard.url(), "/api/workers/" + match));
            long seen = 0;
            for (JsonNode w : table.get("workers")) seen += w.get("games").asLong();
            boolean quarantined = false;
            for (JsonNode w : table.get("workers")) quarantined |= !w.get("quarantined").isNull();
            if (seen == FLEET_GAMES.length && quarantined) break;
            Thread.sleep(100);
        }
        return table;
    }

    @Test
    void theMatchPageShowsTheWorkerTableWithTheQuarantinedWorker() throws Exception {
        Browser.assumeInstalled();
        String match = "fleet2";
        sendFleet(match);
        try (Browser b = Browser.start(dashboard.url())) {
            b.open("/matches/" + match);
            new WebDriverWait(b.driver(), Duration.ofSeconds(30)).until(d -> !d.findElements(
                    org.openqa.selenium.By.cssSelector("#match-workers tbody tr")).isEmpty());
            List<org.openqa.selenium.WebElement> rows = b.all("#match-workers tbody tr");
            assertEquals(2, rows.size(), "one row per worker");
            org.openqa.selenium.WebElement a = b.find("#match-workers tbody tr.quarantined");
            assertTrue(a.getText().startsWith("wA 4 2 250.0 0"), a.getText());
            assertTrue(a.getText().endsWith("quarantined: time losses 250 per 1000 games"), a.getText());
            org.openqa.selenium.WebElement other = rows.get(0).getText().startsWith("wB") ? rows.get(0) : rows.get(1);
            assertTrue(other.getText().startsWith("wB 2 1 0.0 1") && other.getText().endsWith("ok"), other.getText());
            b.screenshot("match-workers");
            List<String> severe = b.severeLogs();
            assertTrue(severe.isEmpty(), "console errors " + severe);
        }
    }

    @Test
    void theWorkerTableCountsEachWorkersGamesPairsAndTimeLossesAndShowsItsQuarantine() throws Exception {
        String match = "fleet1";
        JsonNode table = sendFleet(match);
        Map<String, JsonNode> byWorker = new java.util.HashMap<>();
        for (JsonNode w : table.get("workers")) byWorker.put(w.get("worker_id").asText(), w);
        assertEquals(java.util.Set.of("wA", "wB"), byWorker.keySet(), table.toString());
        JsonNode a = byWorker.get("wA"), b = byWorker.get("wB");
        assertEquals(4, a.get("games").asLong());
        assertEquals(2, a.get("pairs").asLong());
        assertEquals(1, a.get("time_losses").asLong());
        assertEquals(250.0, a.get("time_losses_per_1000").asDouble(), 1e-9);
        assertEquals(0, a.get("crashes").asLong());
        assertEquals("time losses 250 per 1000 games", a.get("quarantined").asText());
        assertEquals(2, b.get("games").asLong());
        assertEquals(1, b.get("pairs").asLong());
        assertEquals(0, b.get("time_losses").asLong());
        assertEquals(1, b.get("crashes").asLong());
        assertTrue(b.get("quarantined").isNull());
        assertTrue(table.get("live").asBoolean());
    }
}
