package org.rookery.jobs.ingest;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * An iterator whose elements a helper thread produces ahead of the consumer, at most
 * {@code capacity} of them: decompressing and counting a compressed file's next block runs beside
 * the shuffle write of the last one, which otherwise waited in turn in the one task that reads the
 * file. A failure of the source is thrown to the consumer; {@link #close()} stops the helper.
 */
final class ReadAhead<T> implements Iterator<T>, AutoCloseable {
    private static final Object END = new Object();

    /** A failure of the source, handed to the consumer. */
    private record Failure(RuntimeException error) {
    }

    private final BlockingQueue<Object> queue;
    private final Thread helper;
    private Object next;
    private boolean finished;

    ReadAhead(Iterator<T> source, int capacity, String name) {
        queue = new ArrayBlockingQueue<>(capacity);
        helper = new Thread(() -> produce(source), name);
        helper.setDaemon(true);
        helper.start();
    }

    private void produce(Iterator<T> source) {
        try {
            try {
                // put() can return normally after close() interrupted it, when clear()'s signal
                // reached the waiting helper first; the interrupt status is then still set, and
                // checking it here keeps the helper from reading one more block nobody will take.
                while (!Thread.currentThread().isInterrupted() && source.hasNext()) {
                    queue.put(source.next());
                }
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
            } catch (RuntimeException | Error e) {
                queue.put(new Failure(e instanceof RuntimeException r ? r : new IllegalStateException(e)));
                return;
            }
            queue.put(END);
        } catch (InterruptedException e) {
            // close(): the consumer is gone.
        }
    }

    @Override
    public boolean hasNext() {
        if (finished) {
            return false;
        }
        if (next == null) {
            try {
                next = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new IllegalStateException("interrupted while waiting for the next block", e);
            }
        }
        if (next == END) {
            finished = true;
            return false;
        }
        if (next instanceof Failure f) {
            finished = true;
            throw f.error();
        }
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        T t = (T) next;
        next = null;
        return t;
    }

    /** Stops the helper (it may still be reading); the elements not taken are dropped. */
    @Override
    public void close() {
        finished = true;
        helper.interrupt();
        queue.clear();
    }

    /** Waits for the helper to end; for tests, which check what it produced after close(). */
    boolean awaitHelper(long millis) throws InterruptedException {
        helper.join(millis);
        return !helper.isAlive();
    }
}
