package org.rookery.endgame.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/** A fixed set of worker threads that run one phase at a time; a phase returns only when every worker is done. */
final class Parallel implements AutoCloseable {
    interface Worker {
        void run(int worker) throws Exception;
    }

    interface RangeWorker {
        void run(int worker, long from, long to) throws Exception;
    }

    final int threads;
    private final ExecutorService pool;

    Parallel(int threads) {
        this.threads = threads;
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tb-worker");
            t.setDaemon(true);
            return t;
        });
    }

    void run(Worker w) {
        if (pool == null) {
            call(w, 0);
            return;
        }
        List<Future<?>> fs = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int id = i;
            fs.add(pool.submit(() -> {
                call(w, id);
                return null;
            }));
        }
        for (Future<?> f : fs) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof RuntimeException) throw (RuntimeException) c;
                if (c instanceof Error) throw (Error) c;
                throw new IllegalStateException(c);
            }
        }
    }

    /** Splits [0, n) into chunks that the workers take in turn, so uneven chunks balance out. */
    void ranges(long n, long chunk, RangeWorker w) {
        AtomicLong next = new AtomicLong();
        run(id -> {
            for (long from; (from = next.getAndAdd(chunk)) < n; ) w.run(id, from, Math.min(n, from + chunk));
        });
    }

    private static void call(Worker w, int id) {
        try {
            w.run(id);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (pool != null) pool.shutdownNow();
    }
}
