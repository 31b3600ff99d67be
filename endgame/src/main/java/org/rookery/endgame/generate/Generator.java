package org.rookery.endgame.generate;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.TableSet;

/**
 * Generates tables into a directory, each after the tables its captures and promotions lead to.
 * A pawnless table is one slice solved by all threads over index ranges; a table with pawns is
 * solved slice by slice from the most advanced pawns down, the slices of one wave (equal pawn
 * advancement) spread over the threads. Small tables (up to 4 pieces) are instead built side by
 * side, one thread each, each as soon as its children are built. {@link #generateSlices} solves
 * any wave-aligned range of slices on its own, the unit a distributed build would hand out.
 */
public final class Generator implements AutoCloseable {
    /** What one table's generation took. */
    public static final class Result {
        public final Material material;
        public final long slots, positions;
        public final long millis;
        public final long peakHeapBytes;
        public final int[] longestDtm, longestDtz;
        public final long[][] counts;
        public final int iterations;

        Result(Material material, long slots, long positions, long millis, long peakHeapBytes, int[] longestDtm, int[] longestDtz,
               long[][] counts, int iterations) {
            this.material = material;
            this.slots = slots;
            this.positions = positions;
            this.millis = millis;
            this.peakHeapBytes = peakHeapBytes;
            this.longestDtm = longestDtm;
            this.longestDtz = longestDtz;
            this.counts = counts;
            this.iterations = iterations;
        }
    }

    private final Path dir;
    private final int threads;
    private final Consumer<String> progress;
    private final Map<Material, Table> open = new HashMap<>();
    /** Tables of at most this many slots (every table up to 4 pieces, no 5-piece one) may be built side by side. */
    static final long SIDE_BY_SIDE_SLOTS = 1L << 25;

    public Generator(Path dir, int threads, Consumer<String> progress) {
        if (threads < 1) throw new IllegalArgumentException("--threads must be at least 1");
        this.dir = dir;
        this.threads = threads;
        // tables built side by side report from several threads
        this.progress = progress == null ? null : line -> {
            synchronized (this) {
                progress.accept(line);
            }
        };
    }

    /** The targets and every missing table they depend on, in dependency order; existing files are kept. */
    public List<Material> plan(List<Material> targets) {
        List<Material> out = new ArrayList<>();
        for (Material m : Material.withDependencies(targets)) if (!Files.exists(TableFile.path(dir, m))) out.add(m);
        return out;
    }

    /**
     * Generates the planned tables; returns one result per table generated. A finished table's
     * leftover {@code .part} or {@code .tmp} (a build killed between writing the final file and
     * deleting its working copy) is deleted: it is up to a few GB and nothing continues it.
     */
    public List<Result> generate(List<Material> targets) throws IOException {
        for (Material m : Material.withDependencies(targets)) {
            Path done = TableFile.path(dir, m);
            if (Files.exists(done)) {
                Files.deleteIfExists(TableFile.partPath(dir, m));
                Files.deleteIfExists(done.resolveSibling(done.getFileName() + ".tmp"));
            }
        }
        List<Material> plan = plan(targets);
        Map<Material, Result> done = new HashMap<>();
        for (int i = 0; i < plan.size(); ) {
            List<Material> batch = sideBySide(plan, i);
            if (batch.size() < 2) {
                done.put(plan.get(i), generate(plan.get(i)));
                i++;
            } else {
                done.putAll(generateSideBySide(batch));
                i += batch.size();
            }
        }
        List<Result> results = new ArrayList<>();
        for (Material m : plan) results.add(done.get(m));
        return results;
    }

    /**
     * The longest run of small tables from {@code plan[from]} on (a resumed pawn table is built on
     * its own, the way it started); they may need each other.
     */
    private List<Material> sideBySide(List<Material> plan, int from) throws IOException {
        List<Material> run = new ArrayList<>();
        if (threads < 2) return run;
        for (int j = from; j < plan.size(); j++) {
            Material m = plan.get(j).canonical();
            TableIndex index = new TableIndex(m);
            if (index.size() > SIDE_BY_SIDE_SLOTS || (m.hasPawns() && ResumeMark.read(dir, index) != null)) break;
            run.add(m);
        }
        return run;
    }

    /**
     * Builds small tables at the same time, one thread each: a thread takes the largest table whose
     * children are all built, so it never waits on a whole batch, only on a missing child. A small
     * table alone keeps the threads waiting on each other at every ply and at the end of every pawn
     * wave; whole tables side by side need no coordination. The bytes are the same whatever the
     * thread count. A child table is closed once every table of the run that reads it is built.
     */
    private Map<Material, Result> generateSideBySide(List<Material> run) throws IOException {
        Map<Material, Integer> readers = new HashMap<>();
        for (Material m : run) for (Material c : m.children()) readers.merge(c, 1, Integer::sum);
        closeAllBut(new ArrayList<>(readers.keySet()));
        List<Material> pending = new ArrayList<>(run);
        pending.sort((a, b) -> Long.compare(new TableIndex(b).size(), new TableIndex(a).size()));
        java.util.Set<Material> unbuilt = new java.util.HashSet<>(run);
        Map<Material, Result> done = new HashMap<>();
        Throwable[] failed = new Throwable[1];
        Object lock = new Object();
        try (Parallel par = new Parallel(threads)) {
            par.run(w -> {
                while (true) {
                    Material m = null;
                    synchronized (lock) {
                        while (m == null) {
                            if (failed[0] != null || pending.isEmpty()) return;
                            for (Material p : pending) {
                                if (java.util.Collections.disjoint(p.children(), unbuilt)) {
                                    m = p;
                                    break;
                                }
                            }
                            if (m == null) lock.wait(); // a table being built is a child of every one left
                        }
                        pending.remove(m);
                    }
                    Result r = null;
                    try {
                        r = generateSlices(m, 0, new TableIndex(m).sliceCount(), true, new ResumeMark(0), 1);
                    } catch (IOException | RuntimeException | Error e) {
                        synchronized (lock) {
                            if (failed[0] == null) failed[0] = e;
                        }
                    } finally {
                        synchronized (lock) {
                            if (r != null) done.put(m, r);
                            unbuilt.remove(m);
                            for (Material c : m.children()) if (readers.merge(c, -1, Integer::sum) == 0) close(c);
                            lock.notifyAll();
                        }
                    }
                }
            });
        }
        Throwable e = failed[0];
        if (e instanceof IOException) throw (IOException) e;
        if (e instanceof RuntimeException) throw (RuntimeException) e;
        if (e instanceof Error) throw (Error) e;
        return done;
    }

    /**
     * Generates one table, whose children must already be in the directory. A pawnful table whose
     * build was killed continues after the last pawn wave it finished (see {@link ResumeMark}).
     */
    public Result generate(Material material) throws IOException {
        Material m = material.canonical();
        TableIndex index = new TableIndex(m);
        ResumeMark mark = index.hasPawns() ? ResumeMark.read(dir, index) : null;
        if (mark != null && progress != null) progress.accept(m + ": continuing the interrupted build at slice " + mark.nextSlice + " of " + index.sliceCount());
        return generateSlices(m, mark == null ? 0 : mark.nextSlice, index.sliceCount(), true, mark == null ? new ResumeMark(0) : mark, threads);
    }

    /**
     * Solves slices [from, to) of a table; every wave before {@code from}'s must be solved in the
     * table's {@code .part} file, which is continued (or {@code from} is 0, which creates it). Slices
     * of one wave are independent, so a range may also start inside a wave.
     * With {@code finish} the table is compressed into its final file (see {@link TableFile#finish}).
     */
    public Result generateSlices(Material m, int from, int to, boolean finish) throws IOException {
        return generateSlices(m, from, to, finish, null, threads);
    }

    /** With a {@code mark} (a whole build), the statistics of the slices before {@code from} and a record of each finished pawn wave. */
    private Result generateSlices(Material m, int from, int to, boolean finish, ResumeMark mark, int threads) throws IOException {
        long start = System.nanoTime();
        boolean alone = threads == this.threads; // else beside other tables, which share the process's CPU and heap
        long cpuStart = alone ? processCpuNanos() : threadCpuNanos();
        if (alone) resetPeaks();
        TableIndex index = new TableIndex(m);
        List<Material> children = m.children();
        // only this table's children stay in memory: a --pieces 5 build passes through every table
        if (alone) closeAllBut(children);
        List<Table> deps = new ArrayList<>();
        List<Material> fromFile = childrenFromFile(index, children, alone ? threads : 1);
        for (Material c : children) deps.add(table(c, !fromFile.contains(c)));
        if (!fromFile.isEmpty() && progress != null) {
            progress.accept(m + ": reading " + fromFile + " from their files, block by block: the heap ("
                + (Runtime.getRuntime().maxMemory() >> 20) + " MiB) has no room to hold them decompressed (ROOKERY_JAVA_OPTS=-Xmx<size> gives it more)");
        }
        Table out = from == 0 ? TableFile.create(dir, index) : TableFile.resume(dir, index);
        deps.add(out);
        TableSet set = new TableSet(deps);
        SliceSolver[] solvers;
        if (progress != null) progress.accept(m + ": " + index.size() + " slots in " + index.sliceCount() + " slice(s)");
        try (Parallel par = new Parallel(threads)) {
            if (!index.hasPawns()) {
                try (SliceSolver s = new SliceSolver(index, set, out, par, progress)) {
                    solvers = new SliceSolver[] {s};
                    s.solve(0);
                }
            } else {
                solvers = new SliceSolver[threads];
                Parallel[] inline = new Parallel[threads];
                for (int i = 0; i < threads; i++) {
                    inline[i] = new Parallel(1);
                    solvers[i] = new SliceSolver(index, set, out, inline[i], null);
                }
                for (int wave = from; wave < to; ) {
                    int end = wave;
                    while (end < to && index.advancement(end) == index.advancement(wave)) end++;
                    AtomicInteger next = new AtomicInteger(wave);
                    int stop = end;
                    par.run(w -> {
                        for (int s; (s = next.getAndIncrement()) < stop; ) solvers[w].solve(s);
                    });
                    if (mark != null && end < to) {
                        out.flush();
                        mark.write(dir, m, end, solvers);
                    }
                    if (progress != null) {
                        progress.accept(m + ": slices " + wave + "-" + (end - 1) + " of " + index.sliceCount() + " (pawn advancement " + index.advancement(wave) + ") done");
                    }
                    wave = end;
                }
            }
        } catch (RuntimeException | Error e) {
            out.close();
            throw e;
        }
        long[][] counts = new long[2][5];
        int[] longestDtm = new int[2], longestDtz = new int[2];
        long positions = 0;
        int iterations = 0;
        if (mark != null) {
            for (int c = 0; c < 2; c++) {
                counts[c] = mark.counts[c].clone();
                longestDtm[c] = mark.longestDtm[c];
                longestDtz[c] = mark.longestDtz[c];
            }
            positions = mark.positions;
            iterations = mark.iterations;
        }
        for (SliceSolver s : solvers) {
            for (int c = 0; c < 2; c++) {
                for (int k = 0; k < 5; k++) counts[c][k] += s.counts[c][k];
                longestDtm[c] = Math.max(longestDtm[c], s.longestDtm[c]);
                longestDtz[c] = Math.max(longestDtz[c], s.longestDtz[c]);
            }
            positions += s.positions;
            iterations = Math.max(iterations, s.iterations);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        String stored = "";
        if (finish) {
            long t0 = System.nanoTime();
            TableFile.finish(out, counts, longestDtm, longestDtz, threads);
            ResumeMark.delete(dir, m);
            stored = String.format(", compressed to %,d bytes in %.2f s", Files.size(TableFile.path(dir, m)), (System.nanoTime() - t0) / 1e9);
        } else {
            out.close();
        }
        Result r = new Result(m, index.size(), positions, millis, peakHeap(), longestDtm, longestDtz, counts, iterations);
        if (progress != null) {
            long cpu = (alone ? processCpuNanos() : threadCpuNanos()) - cpuStart;
            progress.accept(String.format("%s: %d positions, longest mate %d/%d plies (wtm/btm), longest dtz %d/%d, %.2f s (%s %.2f s), peak heap %d MiB%s",
                m, positions, longestDtm[0], longestDtm[1], longestDtz[0], longestDtz[1], millis / 1000.0,
                alone ? "process cpu" : "built beside other tables, thread cpu", cpu / 1e9, r.peakHeapBytes >> 20, stored));
        }
        return r;
    }

    /** Closes a table if it is open. */
    private synchronized void close(Material m) throws IOException {
        Table t = open.remove(m);
        if (t != null) t.close();
    }

    /** Closes the open tables not in {@code keep}. */
    private synchronized void closeAllBut(List<Material> keep) throws IOException {
        for (var it = open.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (!keep.contains(e.getKey())) {
                e.getValue().close();
                it.remove();
            }
        }
    }

    /** The heap {@link #childrenFromFile} plans with, when tests set it (else -1: the JVM's maximum). */
    long heapForChildren = -1;

    /**
     * The children to read from their files rather than decompressed into the heap: the largest ones,
     * as many as it takes to leave the heap room for the working values of {@code solvers} slices at
     * once (about 6.5 bytes a slot) and a margin. Decompressed, a table takes a byte per slot and
     * metric (a dictionary code: every table so far), and it is read at random by every capture and
     * promotion; the blocks of a file cost a decompression per block missed in the cache, so this is
     * the slow way, taken only so as not to run out of memory (a 5-piece pawn table against a pawn,
     * such as KBPvKP, has eight 5-piece promotion tables: 10.6 GB decompressed).
     */
    private synchronized List<Material> childrenFromFile(TableIndex index, List<Material> children, int solvers) {
        long heap = heapForChildren >= 0 ? heapForChildren : Runtime.getRuntime().maxMemory();
        long room = heap - (long) (6.5 * index.sliceSize()) * solvers - (512L << 20);
        Map<Material, Long> size = new HashMap<>();
        for (Material c : children) size.put(c, new TableIndex(c).size());
        List<Material> bySize = new ArrayList<>(children);
        bySize.sort(java.util.Comparator.comparingLong(size::get));
        List<Material> fromFile = new ArrayList<>();
        for (Material c : bySize) {
            long bytes = 2 * size.get(c);
            Table t = open.get(c);
            if (t != null && !t.inMemory()) bytes = 0;
            if (bytes <= room) room -= bytes;
            else fromFile.add(c);
        }
        return fromFile;
    }

    private synchronized Table table(Material m, boolean inMemory) throws IOException {
        Table t = open.get(m);
        if (t != null && t.inMemory() && !inMemory) { // to give its heap back
            open.remove(m);
            t.close();
            t = null;
        }
        if (t == null) {
            Path p = TableFile.path(dir, m);
            if (!Files.exists(p)) throw new IllegalArgumentException("missing table " + m + " (expected " + p + ")");
            // read at random by every position's captures and promotions: in the heap where there is room
            t = TableFile.open(p, inMemory);
            open.put(m, t);
        }
        return t;
    }

    /** CPU time of the whole process so far (all threads, JIT and GC included), or 0 where the JVM does not tell. */
    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : 0;
    }

    /** CPU time of the calling thread (a table built beside others runs in one thread, but for its compression). */
    private static long threadCpuNanos() {
        java.lang.management.ThreadMXBean t = ManagementFactory.getThreadMXBean();
        return t.isCurrentThreadCpuTimeSupported() ? t.getCurrentThreadCpuTime() : 0;
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean b : ManagementFactory.getMemoryPoolMXBeans()) if (b.getType() == MemoryType.HEAP) b.resetPeakUsage();
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean b : ManagementFactory.getMemoryPoolMXBeans()) if (b.getType() == MemoryType.HEAP) sum += b.getPeakUsage().getUsed();
        return sum;
    }

    @Override
    public void close() throws IOException {
        for (Table t : open.values()) t.close();
        open.clear();
    }
}
