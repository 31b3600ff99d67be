package org.rookery.dashboards.http;

import org.eclipse.jetty.http.HttpFields;

/**
 * Headers on every response. The Content-Security-Policy allows scripts, styles and connections
 * from this origin only and no inline script or style, so even a string that slipped past the
 * front end's escaping could not run.
 */
public final class SecurityHeaders {
    public static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    private SecurityHeaders() {
    }

    static void apply(HttpFields.Mutable h) {
        h.put("Content-Security-Policy", CSP);
        h.put("X-Content-Type-Options", "nosniff");
        h.put("X-Frame-Options", "DENY");
        h.put("Referrer-Policy", "no-referrer");
        h.put("Cross-Origin-Opener-Policy", "same-origin");
        h.put("Cross-Origin-Resource-Policy", "same-origin");
    }
}
