package org.rookery.dashboards.http;

import java.net.URI;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The dashboard's HTTP server on Jetty's core API (no servlets): {@code /api/...} goes to
 * {@link Routes}, {@code /api/live} is the server-sent-events stream, {@code /static/NAME} are the
 * packaged front-end files, and the page paths all serve {@code index.html}, whose script draws
 * the page for the path. Only GET and HEAD exist: the dashboard changes nothing.
 */
public final class WebServer implements AutoCloseable {
    /** Paths (and prefixes ending in '/') that are pages of the single-page front end. */
    static final Set<String> PAGES = Set.of("/", "/matches", "/explorer", "/tablebase", "/draw-rules", "/endgames", "/tune");
    static final List<String> PAGE_PREFIXES = List.of("/matches/", "/games/", "/tune/");

    private final Server server;
    private final ServerConnector connector;
    private final Routes routes;
    private final StaticResources statics = new StaticResources();
    private final SseHub hub;
    private final HostCheck hosts;

    /** A server on {@code bind:port} that answers the {@code Host} names {@code hosts} accepts. */
    public WebServer(String bind, int port, HostCheck hosts, Routes routes, SseHub hub) {
        this.routes = routes;
        this.hub = hub;
        this.hosts = hosts;
        QueuedThreadPool pool = new QueuedThreadPool(64, 4);
        pool.setName("rookery-dashboard");
        pool.setDaemon(true);
        server = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(bind);
        connector.setPort(port);
        server.addConnector(connector);
        server.setHandler(new Dispatch());
        server.setErrorHandler(new JsonErrors());
        server.setStopTimeout(2000);
    }

    public void start() throws Exception {
        server.start();
    }

    /** {@code http://HOST:PORT/} of the listening socket (the real port when 0 was asked for). */
    public URI url() {
        String host = connector.getHost();
        if (host == null || host.isEmpty() || host.equals("0.0.0.0")) host = "127.0.0.1";
        if (host.contains(":")) host = "[" + host + "]";
        return URI.create("http://" + host + ":" + connector.getLocalPort() + "/");
    }

    @Override
    public void close() throws Exception {
        hub.close();
        server.stop();
    }

    private final class Dispatch extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            HttpFields.Mutable headers = response.getHeaders();
            SecurityHeaders.apply(headers);
            String host = request.getHeaders().get(HttpHeader.HOST);
            if (!hosts.allows(host)) {
                sendError(request, response, callback, 403, null, HostCheck.refusal(host));
                return true;
            }
            String method = request.getMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                headers.put(HttpHeader.ALLOW, "GET, HEAD");
                // The body is never read, so the connection cannot carry another request.
                headers.put(HttpHeader.CONNECTION, "close");
                sendError(request, response, callback, 405, null, "method " + method + " not allowed: the dashboard is read-only");
                return true;
            }
            String path = request.getHttpURI().getDecodedPath();
            try {
                if (path.equals("/api/live")) {
                    live(request, response, callback);
                } else if (path.startsWith("/api/")) {
                    api(request, response, callback, path);
                } else if (path.startsWith("/static/")) {
                    Optional<Reply> r = statics.find(path.substring("/static/".length()));
                    if (r.isEmpty()) sendError(request, response, callback, 404, null, "no such file");
                    else send(request, response, callback, 200, r.get());
                } else if (isPage(path)) {
                    send(request, response, callback, 200, statics.find("index.html").orElseThrow());
                } else {
                    sendError(request, response, callback, 404, null, "no such page");
                }
            } catch (ApiException e) {
                sendError(request, response, callback, e.status(), e.parameter(), e.getMessage());
            } catch (Exception | Error e) {
                // The client learns only that something failed; the trace stays in the server's log.
                System.err.println("rookery dashboard: " + method + " " + path + " failed: " + e);
                if (System.getenv("ROOKERY_DEBUG") != null) e.printStackTrace();
                sendError(request, response, callback, 500, null, "internal error");
            }
            return true;
        }
    }

    static boolean isPage(String path) {
        if (PAGES.contains(path)) return true;
        for (String p : PAGE_PREFIXES) if (path.startsWith(p) && path.length() > p.length()) return true;
        return false;
    }

    private void api(Request request, Response response, Callback callback, String path) throws Exception {
        Routes.Match m = routes.find(path);
        if (m == null) throw ApiException.notFound("no API endpoint " + path);
        Object result = m.endpoint().handle(new Params(query(request), m.rest()));
        Reply reply = result instanceof Reply r ? r : new Reply("application/json; charset=utf-8", Json.bytes(result));
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        send(request, response, callback, 200, reply);
    }

    private void live(Request request, Response response, Callback callback) {
        Map<String, List<String>> q = query(request);
        String match = new Params(q, "").get("match");
        response.setStatus(200);
        HttpFields.Mutable h = response.getHeaders();
        h.put(HttpHeader.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        h.put(HttpHeader.CACHE_CONTROL, "no-store");
        if (request.getMethod().equals("HEAD")) {
            callback.succeeded();
            return;
        }
        hub.open(response, callback, match);
    }

    private static Map<String, List<String>> query(Request request) {
        Fields fields;
        try {
            fields = Request.extractQueryParameters(request);
        } catch (RuntimeException e) {
            throw ApiException.badParameter("query", "not a valid query string");
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Fields.Field f : fields) out.put(f.getName(), f.getValues());
        return out;
    }

    private static void send(Request request, Response response, Callback callback, int status, Reply reply) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, reply.contentType());
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, reply.body().length);
        boolean head = request.getMethod().equals("HEAD");
        response.write(true, head ? ByteBuffer.allocate(0) : ByteBuffer.wrap(reply.body()), callback);
    }

    private static void sendError(Request request, Response response, Callback callback, int status, String parameter,
            String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", message);
        if (parameter != null) body.put("parameter", parameter);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        send(request, response, callback, status, new Reply("application/json; charset=utf-8", Json.bytes(body)));
    }

    /**
     * Errors Jetty answers itself (a malformed URI, an ambiguous path such as an encoded "..")
     * get the same JSON shape, the security headers, and never a stack trace.
     */
    private static final class JsonErrors extends ErrorHandler {
        JsonErrors() {
            setShowStacks(false);
            setShowCauses(false);
        }

        @Override
        protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                Callback callback) {
            SecurityHeaders.apply(response.getHeaders());
            String text = code == 500 || message == null || message.isBlank() ? "request failed" : Text.line(message, 120);
            sendError(request, response, callback, code, null, text);
        }
    }
}
