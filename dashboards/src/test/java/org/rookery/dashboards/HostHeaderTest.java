package org.rookery.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.dashboards.http.HostCheck;

/** DNS rebinding: only the bound address, localhost and the --allow-host names are answered. */
class HostHeaderTest {

    @Test
    void foreignHostIsRefusedWithOneLine() throws Exception {
        URI u = Fixture.dashboard().url();
        for (String host : List.of("evil.example", "evil.example:" + u.getPort(), "127.0.0.1.evil.example", "localhost.evil.example")) {
            String raw = raw(u, host, "/api/matches");
            assertEquals(403, status(raw), host + " -> " + raw);
            assertTrue(raw.contains("is not allowed") && raw.contains("--allow-host"), raw);
            assertFalse(raw.contains("\"matches\"") || raw.contains("Exception"), raw);
        }
        assertEquals(403, status(raw(u, "evil.example", "/")), "pages too, not only the API");
    }

    @Test
    void boundAddressAndLocalhostAreServed() throws Exception {
        URI u = Fixture.dashboard().url();
        for (String host : List.of("127.0.0.1:" + u.getPort(), "localhost:" + u.getPort(), "LOCALHOST", "localhost.", "[::1]:" + u.getPort())) {
            assertEquals(200, status(raw(u, host, "/api/matches")), host);
        }
    }

    @Test
    void allowHostAddsNames() throws Exception {
        Path data = Files.createTempDirectory("rookery-host-test");
        DashboardConfig c = new DashboardConfig(data, null, null, "127.0.0.1", 0, List.of("chess.lan", "box:8080"));
        try (Dashboard d = Dashboard.start(c)) {
            URI u = d.url();
            assertEquals(200, status(raw(u, "chess.lan:" + u.getPort(), "/")));
            assertEquals(200, status(raw(u, "box", "/")));
            assertEquals(403, status(raw(u, "other.lan", "/")));
        } finally {
            Files.deleteIfExists(data);
        }
    }

    @Test
    void wildcardBindAcceptsAddressesButNotNames() {
        HostCheck any = new HostCheck("0.0.0.0", List.of());
        assertTrue(any.allows("192.168.1.20:8080"));
        assertTrue(any.allows("[fe80::1]:8080"));
        assertFalse(any.allows("attacker.example"));
        assertFalse(any.allows("1.2.3.4.example"));
        HostCheck loopback = new HostCheck("127.0.0.1", List.of());
        assertFalse(loopback.allows("192.168.1.20"), "an address the server is not bound to");
        assertTrue(new HostCheck("127.0.0.1", List.of("*")).allows("anything.example"));
    }

    private static int status(String raw) {
        return Integer.parseInt(raw.substring(9, 12));
    }

    /** One GET with the given Host header, byte for byte (HttpClient refuses to set Host). */
    private static String raw(URI u, String host, String path) throws Exception {
        try (Socket s = new Socket(u.getHost(), u.getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
