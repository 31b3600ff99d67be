package org.rookery.dashboards.http;

import java.nio.charset.StandardCharsets;

/**
 * A response body other than JSON (e.g. a game's PGN), with its content type.
 *
 * @param contentType the Content-Type header, with charset
 * @param body the bytes to send
 */
public record Reply(String contentType, byte[] body) {

    /** UTF-8 plain text; browsers never sniff it into HTML because every response says nosniff. */
    public static Reply text(String text) {
        return new Reply("text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
    }
}
