package org.rookery.dashboards.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * One open server-sent-events stream. Frames are queued and written one at a time, because a
 * Jetty response accepts a new write only after the previous one completed; a client that falls
 * more than {@link #MAX_QUEUED} frames behind is dropped rather than buffered without bound.
 */
final class SseClient {
    static final int MAX_QUEUED = 256;

    private final Response response;
    private final Callback done;
    private final String matchFilter;
    private final ArrayDeque<ByteBuffer> queue = new ArrayDeque<>();
    private boolean writing;
    private boolean closed;

    SseClient(Response response, Callback done, String matchFilter) {
        this.response = response;
        this.done = done;
        this.matchFilter = matchFilter;
    }

    /** Whether this stream wants events of {@code matchId} (null: events not about one match). */
    boolean wants(String matchId) {
        return matchFilter == null || matchId == null || matchFilter.equals(matchId);
    }

    synchronized boolean isClosed() {
        return closed;
    }

    /** Queues a raw frame ("event: x\ndata: y\n\n" or a ": comment\n\n" heartbeat). */
    synchronized void send(String frame) {
        if (closed) return;
        if (queue.size() >= MAX_QUEUED) {
            close(null);
            return;
        }
        queue.add(ByteBuffer.wrap(frame.getBytes(StandardCharsets.UTF_8)));
        if (!writing) writeNext();
    }

    private void writeNext() {
        ByteBuffer next = queue.poll();
        if (next == null) {
            writing = false;
            return;
        }
        writing = true;
        response.write(false, next, Callback.from(this::written, this::close));
    }

    private synchronized void written() {
        if (!closed) writeNext();
    }

    synchronized void close(Throwable why) {
        if (closed) return;
        closed = true;
        queue.clear();
        // Completing the request's callback ends the response; a failure ends the connection.
        if (why == null) done.succeeded();
        else done.failed(why);
    }
}
