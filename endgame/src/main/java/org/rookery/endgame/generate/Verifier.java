package org.rookery.endgame.generate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.rookery.endgame.index.Boards;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.TableSet;
import org.rookery.endgame.probe.Values;

/**
 * Checks a table the way Syzygy's rtbver does: its checksum (and that every compressed block
 * decompresses), that unused slots of a raw table are marked broken, and that every position's DTM and DTZ equal what its legal moves give, one ply on, from this
 * table and the tables its zeroing moves reach. Values that pass this check everywhere are the
 * true ones, given correct sub-tables: a wrong value with the shortest true distance would
 * disagree with its (correct) successors. It uses only forward moves, not the un-moves generation
 * relies on.
 */
public final class Verifier {
    /** The outcome for one table. */
    public static final class Report {
        public final Material material;
        public final boolean checksumOk;
        public final long positions, mismatches;
        public final List<String> examples;
        public final long millis;

        Report(Material material, boolean checksumOk, long positions, long mismatches, List<String> examples, long millis) {
            this.material = material;
            this.checksumOk = checksumOk;
            this.positions = positions;
            this.mismatches = mismatches;
            this.examples = examples;
            this.millis = millis;
        }

        public boolean ok() {
            return checksumOk && mismatches == 0;
        }
    }

    private final Path dir;
    private final int threads;

    public Verifier(Path dir, int threads) {
        this.dir = dir;
        this.threads = threads;
    }

    public Report verify(Material material) throws IOException {
        long start = System.nanoTime();
        Material m = material.canonical();
        List<Table> tables = new ArrayList<>();
        try {
            Path file = TableFile.path(dir, m);
            boolean crcOk;
            try (Table mapped = TableFile.open(file)) {
                crcOk = TableFile.checksumOk(mapped);
            }
            Table t;
            try {
                // the successors of a position are anywhere in its table: read it from memory, not block by block
                t = TableFile.open(file, true);
            } catch (IOException e) {
                if (crcOk) throw e;
                return new Report(m, false, 0, 0, List.of(e.getMessage()), (System.nanoTime() - start) / 1_000_000);
            }
            tables.add(t);
            for (Material c : m.children()) {
                Path p = TableFile.path(dir, c);
                if (!p.toFile().exists()) throw new IllegalArgumentException("cannot verify " + m + ": missing table " + c + " in " + dir);
                tables.add(TableFile.open(p, true));
            }
            boolean raw = !t.compressed();
            TableSet set = new TableSet(tables);
            TableIndex index = t.index();
            AtomicLong positions = new AtomicLong(), bad = new AtomicLong();
            List<String> examples = new ArrayList<>();
            Successors[] succ = new Successors[threads];
            for (int i = 0; i < threads; i++) succ[i] = new Successors(index, set);
            try (Parallel par = new Parallel(threads)) {
                par.ranges(index.size(), 1 << 15, (w, from, to) -> {
                    Successors s = succ[w];
                    long n = 0;
                    for (long idx = from; idx < to; idx++) {
                        String why = check(index, t, s, idx, raw);
                        if (why == null) continue;
                        if (why.isEmpty()) {
                            n++;
                            continue;
                        }
                        n++;
                        if (bad.incrementAndGet() <= 10) {
                            synchronized (examples) {
                                examples.add(why);
                            }
                        }
                    }
                    positions.addAndGet(n);
                });
            }
            return new Report(m, crcOk, positions.get(), bad.get(), examples, (System.nanoTime() - start) / 1_000_000);
        } finally {
            for (Table x : tables) x.close();
        }
    }

    /**
     * null for a slot that is no position, "" for a consistent position, else a description of the
     * mismatch. A raw (version-1) table must mark the slots that are no position broken; a
     * compressed one stores whatever compresses best there, as nothing reads them.
     */
    private static String check(TableIndex index, Table t, Successors s, long idx, boolean raw) {
        int stm = index.decode(idx, s.bb);
        boolean valid = stm >= 0 && !TableIndex.illegal(s.bb, stm) && index.index(s.bb, stm) == idx;
        short dtm = t.dtm(idx), dtz = t.dtz(idx);
        if (!valid) {
            if (!raw) return null;
            return dtm == Values.BROKEN && dtz == Values.BROKEN ? null : "slot " + idx + " is no position but holds values";
        }
        String fen = null;
        s.scan(stm, idx);
        int wantDtm, wantDtz;
        if (s.count == 0) {
            wantDtm = wantDtz = s.inCheck ? Values.loss(0) : 0;
        } else {
            wantDtm = Integer.MIN_VALUE;
            wantDtz = Integer.MIN_VALUE;
            for (int i = 0; i < s.count; i++) {
                int d, z;
                if (s.slot[i] >= 0) {
                    d = Values.back(t.dtm(s.slot[i]));
                    z = Values.back(t.dtz(s.slot[i]));
                } else {
                    d = s.exitDtm[i];
                    z = s.exitDtz[i];
                }
                if (wantDtm == Integer.MIN_VALUE || Values.score(d) > Values.score(wantDtm)) wantDtm = d;
                if (wantDtz == Integer.MIN_VALUE || Values.score(z) > Values.score(wantDtz)) wantDtz = z;
            }
        }
        if (wantDtm == dtm && wantDtz == dtz) return "";
        fen = Boards.fen(s.bb, stm);
        return fen + ": stored dtm " + dtm + " dtz " + dtz + ", successors give dtm " + wantDtm + " dtz " + wantDtz;
    }
}
