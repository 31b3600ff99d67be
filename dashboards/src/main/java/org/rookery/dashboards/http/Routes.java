package org.rookery.dashboards.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * API paths to endpoints: exact paths, and prefixes whose remainder is an id
 * ({@code /api/games/} + id). Exact matches win; among prefixes the longest wins.
 */
public final class Routes {
    private final Map<String, Endpoint> exact = new LinkedHashMap<>();
    private final Map<String, Endpoint> prefixes = new LinkedHashMap<>();

    public Routes exact(String path, Endpoint endpoint) {
        exact.put(path, endpoint);
        return this;
    }

    /** {@code prefix} ends with '/'; the endpoint sees the rest of the path as {@link Params#rest()}. */
    public Routes prefix(String prefix, Endpoint endpoint) {
        if (!prefix.endsWith("/")) throw new IllegalArgumentException("route prefix must end with '/': " + prefix);
        prefixes.put(prefix, endpoint);
        return this;
    }

    /** A route match: the endpoint and the remainder of the path. */
    record Match(Endpoint endpoint, String rest) {
    }

    Match find(String path) {
        Endpoint e = exact.get(path);
        if (e != null) return new Match(e, "");
        String best = null;
        for (String p : prefixes.keySet()) {
            if (path.startsWith(p) && path.length() > p.length() && (best == null || p.length() > best.length())) best = p;
        }
        return best == null ? null : new Match(prefixes.get(best), path.substring(best.length()));
    }
}
