package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.dashboards.fixture.Fixture;

/** Read-only, no traversal, no stack traces, CSP everywhere, and loopback by default. */
class SecurityTest {

    @Test
    void everyResponseCarriesTheSecurityHeaders() throws Exception {
        for (String path : List.of("/", "/explorer", "/static/app.js", "/api/matches", "/api/explorer?fen=x", "/nope")) {
            HttpResponse<String> r = Fixture.get(path);
            String csp = r.headers().firstValue("content-security-policy").orElse("");
            assertTrue(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), path + ": " + csp);
            assertEquals("nosniff", r.headers().firstValue("x-content-type-options").orElse(""), path);
            assertFalse(r.headers().firstValue("server").isPresent(), "no server banner");
        }
    }

    @Test
    void staticFilesComeOnlyFromPackagedResources() throws Exception {
        HttpResponse<String> ok = Fixture.get("/static/app.js");
        assertEquals(200, ok.statusCode());
        assertTrue(ok.headers().firstValue("content-type").orElse("").startsWith("text/javascript"));
        for (String path : List.of("/static/../../../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
                "/static/..%2f..%2fpom.xml", "/static/%2e%2e%2fDashboard.class", "/static/index.html%00.js",
                "/static/.hidden.js", "/static/sub/app.js", "/static/..\\..\\pom.xml", "/static/%252e%252e%252fetc%252fpasswd",
                "/static/../org/rookery/dashboards/Dashboard.class", "/..%2f..%2fetc/passwd")) {
            String raw = rawGet(path);
            int status = Integer.parseInt(raw.substring(9, 12));
            assertNotEquals(200, status, path + " -> " + raw);
            assertFalse(raw.contains("root:"), path);
            assertFalse(raw.contains("Exception") || raw.contains("\tat "), "no stack trace: " + raw);
        }
    }

    @Test
    void writesAreRefused() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (String method : List.of("POST", "PUT", "DELETE", "PATCH")) {
            HttpRequest req = HttpRequest.newBuilder(Fixture.dashboard().url().resolve("/api/matches"))
                    .method(method, HttpRequest.BodyPublishers.ofString("{}")).build();
            HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString());
            assertEquals(405, r.statusCode(), method);
            assertTrue(r.body().contains("read-only"));
        }
    }

    @Test
    void bindsToLoopbackByDefault() throws Exception {
        URI url = Fixture.dashboard().url();
        assertEquals("127.0.0.1", url.getHost());
    }

    @Test
    void malformedRequestsGetJsonErrorsWithoutTraces() throws Exception {
        for (String path : List.of("/api/explorer?play=%ZZ", "/api/%ff%fe", "/api/nothing-here")) {
            String raw = rawGet(path);
            int status = Integer.parseInt(raw.substring(9, 12));
            assertTrue(status >= 400 && status < 500, path + " -> " + raw);
            assertFalse(raw.contains("Exception") || raw.contains("\tat "), raw);
            assertTrue(raw.contains("{\"error\":"), raw);
        }
    }

    /** Sends the path byte for byte (HttpClient would normalize it) and returns the raw response. */
    static String rawGet(String path) throws Exception {
        URI u = Fixture.dashboard().url();
        try (Socket s = new Socket(u.getHost(), u.getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
