package org.rookery.endgame.probe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rookery.core.board.Bitboards;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.board.Square;
import org.rookery.endgame.index.Attacks;
import org.rookery.endgame.index.Material;

/**
 * The tables of one directory, all memory-mapped at {@link #open}. {@link #probe} is thread-safe
 * and allocation-free once a thread has probed before (its scratch boards live in a thread-local):
 * workers' adjudication and analysis jobs may share one instance.
 */
public final class Tablebase implements TableSource, AutoCloseable {
    private final Path dir;
    private final TableSet set;
    private final ThreadLocal<long[][]> scratch = ThreadLocal.withInitial(() -> new long[2][12]);

    private Tablebase(Path dir, TableSet set) {
        this.dir = dir;
        this.set = set;
    }

    /**
     * Maps every {@code *.rtb} table in {@code dir}, compressed ones decompressed block by block
     * into a small per-thread cache as probes need them; throws {@link IOException} naming a bad file.
     */
    public static Tablebase open(Path dir) throws IOException {
        return open(dir, false);
    }

    /**
     * Opens every {@code *.rtb} table in {@code dir}; with {@code inMemory} compressed tables are
     * decompressed whole into the heap first (probes then never decompress: memory speed).
     */
    public static Tablebase open(Path dir, boolean inMemory) throws IOException {
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException("tablebase directory " + dir + " does not exist");
        List<Table> tables = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + TableFile.SUFFIX)) {
            for (Path f : files) tables.add(TableFile.open(f, inMemory));
        } catch (IOException | RuntimeException e) {
            for (Table t : tables) t.close();
            throw e;
        }
        return new Tablebase(dir, new TableSet(tables));
    }

    public Path directory() { return dir; }

    /** Compressed blocks the calling thread has decompressed so far (cache misses), for benchmarks. */
    public static long blocksDecompressed() {
        return BlockCache.current().misses;
    }

    /** Largest piece count of any table held (0 when the directory is empty). */
    public int maxPieces() { return set.maxPieces(); }

    public List<Table> tables() { return set.tables(); }

    /** The table for a material in either orientation, or null. */
    public Table table(Material m) {
        int slot = set.find(m.key());
        return slot < 0 ? null : set.table(slot);
    }

    /**
     * Probes a position: a packed result decoded by {@link Probe}, or {@link Probe#NOT_FOUND}. The
     * values assume a halfmove clock of 0 (see {@link Probe#category} for the clock). An
     * en-passant capture the position allows is taken into account.
     */
    @Override
    public long probe(Position pos) {
        if (pos.castlingRights() != 0) return Probe.NOT_FOUND;
        long[][] s = scratch.get();
        long[] bb = s[0];
        for (int p = 0; p < 12; p++) bb[p] = pos.pieces(p);
        int stm = pos.sideToMove();
        // Position refuses a side not to move in check, so pos is a table slot: compressed tables
        // store anything in slots that are no position, and probing never reads them.
        int packed = set.lookup(bb, stm, s[1]);
        if (packed == TableSet.MISSING) return Probe.NOT_FOUND;
        int ep = pos.epSquare();
        if (ep != Square.NONE) {
            packed = withEnPassant(pos, bb, s[1], stm, ep, packed);
            if (packed == TableSet.MISSING) return Probe.NOT_FOUND;
        }
        return Probe.pack(packed);
    }

    /** Best of the en-passant captures and, if the side has another legal move, the stored values. */
    private int withEnPassant(Position pos, long[] bb, long[] tmp, int us, int ep, int stored) {
        int them = us ^ 1;
        int capSq = ep ^ 8;
        int ksq = Long.numberOfTrailingZeros(bb[us * 6 + Piece.KING]);
        int bestDtm = 0, bestDtz = 0, legalEp = 0;
        for (long c = Bitboards.PAWN_ATTACKS[them][ep] & bb[us * 6]; c != 0; c &= c - 1) {
            long move = (c & -c) | (1L << ep);
            bb[us * 6] ^= move;
            bb[them * 6] ^= 1L << capSq;
            long occ = Attacks.color(bb, 0) | Attacks.color(bb, 1);
            if (!Attacks.attacked(bb, ksq, them, occ)) {
                int after = set.lookup(bb, them, tmp);
                if (after == TableSet.MISSING) {
                    bb[them * 6] ^= 1L << capSq;
                    bb[us * 6] ^= move;
                    return TableSet.MISSING;
                }
                short d = Values.back(TableSet.dtmOf(after)), z = Values.backZeroing(TableSet.dtzOf(after));
                if (legalEp == 0 || Values.score(d) > Values.score(bestDtm)) bestDtm = d;
                if (legalEp == 0 || Values.score(z) > Values.score(bestDtz)) bestDtz = z;
                legalEp++;
            }
            bb[them * 6] ^= 1L << capSq;
            bb[us * 6] ^= move;
        }
        if (legalEp == 0) return stored;
        if (pos.countLegal() > legalEp) {
            short d = TableSet.dtmOf(stored), z = TableSet.dtzOf(stored);
            if (Values.score(d) > Values.score(bestDtm)) bestDtm = d;
            if (Values.score(z) > Values.score(bestDtz)) bestDtz = z;
        }
        return (bestDtm << 16) | (bestDtz & 0xffff);
    }

    /**
     * Why a position cannot be probed here, as one line for the user, or null when it can. Not
     * for the hot path.
     */
    @Override
    public String whyNot(Position pos) {
        if (pos.castlingRights() != 0) return "the position has castling rights; tablebases cover positions without castling";
        int pieces = Long.bitCount(pos.occupied());
        if (pieces > Math.max(2, maxPieces())) {
            return "the position has " + pieces + " pieces; the tables in " + dir + " cover at most " + maxPieces();
        }
        int[] c = new int[12];
        for (int p = 0; p < 12; p++) c[p] = Long.bitCount(pos.pieces(p));
        Material m = Material.of(c).canonical();
        if (table(m) == null) return "missing table " + m + " in " + dir + " (generate it with: tb generate " + m + " --out " + dir + ")";
        return null;
    }

    @Override
    public void close() throws IOException {
        for (Table t : set.tables()) t.close();
    }
}
