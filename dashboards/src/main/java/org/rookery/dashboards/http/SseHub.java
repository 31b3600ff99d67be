package org.rookery.dashboards.http;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The open {@code /api/live} streams and the broadcast of events to them. A heartbeat comment
 * every 15 s keeps idle connections open through Jetty's idle timeout and finds clients that left.
 */
public final class SseHub implements AutoCloseable {
    static final long HEARTBEAT_SECONDS = 15;

    private final CopyOnWriteArrayList<SseClient> clients = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rookery-dashboard-sse");
        t.setDaemon(true);
        return t;
    });

    public SseHub() {
        heartbeat.scheduleAtFixedRate(() -> broadcastRaw(": keep-alive\n\n", null), HEARTBEAT_SECONDS, HEARTBEAT_SECONDS,
                TimeUnit.SECONDS);
    }

    /** Number of open streams. */
    public int size() {
        clients.removeIf(SseClient::isClosed);
        return clients.size();
    }

    /**
     * Sends one event to every stream that wants it; {@code json} is a JSON text (one line, as
     * Jackson writes it), {@code matchId} the match it is about or null.
     */
    public void broadcast(String event, String json, String matchId) {
        broadcastRaw("event: " + event + "\ndata: " + json + "\n\n", matchId);
    }

    private void broadcastRaw(String frame, String matchId) {
        for (SseClient c : clients) {
            if (c.isClosed()) clients.remove(c);
            else if (c.wants(matchId)) c.send(frame);
        }
    }

    void open(Response response, Callback callback, String matchFilter) {
        SseClient c = new SseClient(response, callback, matchFilter);
        clients.add(c);
        // The first bytes commit the headers, so the browser's EventSource reports "open" at once.
        c.send(": connected\nretry: 2000\n\n");
    }

    @Override
    public void close() {
        heartbeat.shutdownNow();
        for (SseClient c : clients) c.close(null);
        clients.clear();
    }
}
