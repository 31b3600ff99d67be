package org.rookery.jobs.tablebase;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.rookery.endgame.generate.SplitState;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.TableSet;

/**
 * An executor's copy of a split pawnless table in progress: its child tables, and the whole
 * table's working values (both metrics, 4 bytes per slot) as they stand after some plies, with
 * the pull-check hints (4 bytes per slot). One
 * per JVM, shared by the tasks that run there: each brings it up to the plies its driver has
 * finished by applying their decision files in order, which every executor, new or restarted,
 * can do from the files in the build directory alone. Only the table being built is kept: a task
 * of another build replaces it, a whole-table or pawn-slice task drops it, and in local mode the
 * driver drops it when the table is finished.
 */
final class WorkingState {
    private static WorkingState current;

    final String build;
    final TableIndex index;
    final TableSet children;
    private final Path dir;
    private final int[] bounds;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    /** Values, block marks and pull-check hints, kept from ply to ply; null before the first ply. */
    private SplitState values;
    /** The plies applied, in order, or null before the forward pass's values are read. */
    private int[] applied;

    private WorkingState(String build, Material m, Path out, int[] bounds) throws IOException {
        this.build = build;
        this.index = new TableIndex(m);
        this.dir = BuildTask.buildDir(out, m);
        this.bounds = bounds.clone();
        List<org.rookery.endgame.probe.Table> tables = new ArrayList<>();
        for (Material c : m.children()) {
            Path p = TableFile.path(out, c);
            if (!p.toFile().exists()) throw new IOException("missing table " + c + " (expected " + p + ")");
            tables.add(TableFile.open(p, true)); // read at random by every capture
        }
        this.children = new TableSet(tables);
    }

    /** This JVM's state of build {@code build} (an id the driver draws per table build), made on first use. */
    static synchronized WorkingState of(String build, String material, String out, int[] bounds) throws IOException {
        if (current == null || !current.build.equals(build)) {
            current = null; // let the previous table's values go before allocating these
            current = new WorkingState(build, Material.parse(material), Paths.get(out), bounds);
        }
        return current;
    }

    /** Drops this JVM's state: when a task of another kind starts here, or, for tests, as a restarted executor has none. */
    static synchronized void forget() {
        current = null;
    }

    /**
     * Brings the values to the state after {@code plies} (the plies the driver has run, in order)
     * and returns holding a read lock on them: call {@link #release} when done reading.
     */
    void acquire(int[] plies) throws IOException {
        // Tasks of one ply find the state brought up to date by the first of them: they share the
        // read lock and run side by side (a write lock would wait for every reader to finish).
        lock.readLock().lock();
        if (Arrays.equals(applied, plies)) return;
        lock.readLock().unlock();
        lock.writeLock().lock();
        try {
            // a state ahead of the driver (a ply run again) is rebuilt from the files
            if (applied == null || applied.length > plies.length || !Arrays.equals(applied, 0, applied.length, plies, 0, applied.length)) {
                load();
            }
            for (int j = applied.length; j < plies.length; j++) {
                for (int r = 0; r + 1 < bounds.length; r++) RangeFiles.applyDecisions(RangeFiles.ply(dir, plies[j], r), values);
            }
            applied = plies.clone();
            lock.readLock().lock();
        } finally {
            lock.writeLock().unlock();
        }
    }

    void release() {
        lock.readLock().unlock();
    }

    /** The whole table's working values; read only (but for the hints), between {@link #acquire} and {@link #release}. */
    SplitState values() {
        return values;
    }

    private void load() throws IOException {
        // hints of an earlier load stay good: any successor of a slot is a valid hint
        if (values == null) values = new SplitState((int) index.size());
        for (int r = 0; r + 1 < bounds.length; r++) {
            RangeFiles.readValues(RangeFiles.init(dir, r), values.values(0), values.values(1), bounds[r], bounds[r + 1] - bounds[r]);
        }
        values.markAll();
        applied = new int[0];
    }
}
