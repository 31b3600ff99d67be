package org.rookery.dashboards.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The front end's files, served only from the packaged resources under
 * {@code org/rookery/dashboards/web/}. A name must be one plain file name with a known extension
 * (no '/', no "..", no leading dot), so no request can reach another resource or the file system.
 */
public final class StaticResources {
    static final String ROOT = "org/rookery/dashboards/web/";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}\\.(html|js|css|svg|ico|txt)");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml",
            "ico", "image/x-icon",
            "txt", "text/plain; charset=utf-8");

    private final Map<String, Reply> cache = new ConcurrentHashMap<>();

    /** The resource for a file name, or empty when the name is not allowed or not packaged. */
    public Optional<Reply> find(String name) {
        if (name == null || !NAME.matcher(name).matches()) return Optional.empty();
        Reply cached = cache.get(name);
        if (cached != null) return Optional.of(cached);
        try (InputStream in = StaticResources.class.getClassLoader().getResourceAsStream(ROOT + name)) {
            if (in == null) return Optional.empty();
            String ext = name.substring(name.lastIndexOf('.') + 1);
            Reply r = new Reply(TYPES.get(ext), in.readAllBytes());
            cache.put(name, r);
            return Optional.of(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
