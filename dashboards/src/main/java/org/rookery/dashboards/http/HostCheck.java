package org.rookery.dashboards.http;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which {@code Host} headers the dashboard answers, against DNS rebinding: a page on another site
 * that points its own name at 127.0.0.1 reaches the server with that name in {@code Host}, so only
 * names the user chose are served (Jupyter's {@code local_hostnames} rule). Accepted: the bound
 * address, {@code localhost}, the loopback addresses, and the names given with {@code --allow-host};
 * {@code *} accepts every name (behind a proxy that checks them itself). An IP address is accepted
 * when the server listens on every interface: a browser sends an address as {@code Host} only
 * when it connected to that address, which rebinding cannot arrange.
 */
public final class HostCheck {
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1");

    private final Set<String> names = new TreeSet<>();
    private final boolean wildcardBind;
    private final boolean any;

    /** {@code bind} is the listening address; {@code allowed} the extra names (a port is ignored). */
    public HostCheck(String bind, List<String> allowed) {
        String b = normalize(bind);
        wildcardBind = b.isEmpty() || b.equals("0.0.0.0") || b.equals("::");
        names.addAll(LOOPBACK);
        if (!wildcardBind) names.add(b);
        boolean star = false;
        for (String n : allowed) {
            if (n.equals("*")) star = true;
            else names.add(normalize(hostName(n.trim())));
        }
        any = star;
    }

    /** Whether a request carrying this {@code Host} header value (may be null: none sent) is served. */
    public boolean allows(String hostHeader) {
        if (any || hostHeader == null) return true; // no Host: not a browser, so not a rebinding page
        String h = normalize(hostName(hostHeader.trim()));
        if (names.contains(h)) return true;
        return wildcardBind && isAddress(h);
    }

    /** The one line a refused request gets. */
    public static String refusal(String hostHeader) {
        String h = hostName(hostHeader.trim());
        return "host " + Text.clip(h) + " is not allowed; start the dashboard with --allow-host "
                + Text.line(h, 60) + " to serve it";
    }

    /** The name part of a Host header: without the port, and without an IPv6 literal's brackets. */
    static String hostName(String host) {
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            return end < 0 ? host : host.substring(1, end);
        }
        int colon = host.indexOf(':');
        return colon < 0 || host.indexOf(':', colon + 1) >= 0 ? host : host.substring(0, colon);
    }

    private static String normalize(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (n.startsWith("[") && n.endsWith("]")) n = n.substring(1, n.length() - 1);
        return n.endsWith(".") ? n.substring(0, n.length() - 1) : n;
    }

    /** A dotted IPv4 address or an IPv6 literal, checked by shape only (no name lookup). */
    private static boolean isAddress(String h) {
        if (h.contains(":")) return h.matches("[0-9a-f:.]+");
        String[] parts = h.split("\\.", -1);
        if (parts.length != 4) return false;
        for (String p : parts) {
            if (!p.matches("\\d{1,3}") || Integer.parseInt(p) > 255) return false;
        }
        return true;
    }
}
