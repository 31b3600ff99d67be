package org.rookery.workers.engine;

/**
 * The commands that reach a running search from the input thread: {@code stop} and {@code
 * ponderhit}. One instance per {@code go}, created before the search thread starts, so a {@code
 * stop} that arrives before the search begins is not lost.
 */
public final class SearchSignals {
    private volatile boolean stop;
    private volatile boolean pondering;
    private volatile long ponderhitNanos;

    public SearchSignals(boolean pondering) {
        this.pondering = pondering;
    }

    public void stop() {
        stop = true;
        synchronized (this) {
            notifyAll();
        }
    }

    /** The opponent played the expected move: the search is now on our clock, timed from here. */
    public void ponderhit(long nanoTime) {
        ponderhitNanos = nanoTime;
        pondering = false;
        synchronized (this) {
            notifyAll();
        }
    }

    public boolean stopRequested() { return stop; }

    public boolean pondering() { return pondering; }

    /** When {@link #ponderhit} arrived, or 0 if it has not. */
    public long ponderhitNanos() { return ponderhitNanos; }

    /**
     * Blocks a search that finished on its own while UCI still forbids its {@code bestmove}: in
     * {@code go infinite} until {@code stop}, in ponder mode until {@code stop} or {@code ponderhit}.
     */
    public synchronized void awaitRelease(boolean infinite) throws InterruptedException {
        while (!stop && (infinite || pondering)) wait();
    }
}
