package org.rookery.endgame.syzygy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.rookery.core.board.Piece;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.TableSet;
import org.rookery.endgame.probe.Values;

/**
 * Writes a material's Rookery table as Syzygy {@code .rtbw} (WDL, both sides to move) and
 * {@code .rtbz} (DTZ for one side per lead-pawn file, the smaller; white for symmetric materials)
 * files, values read from the {@link TableSet} holding it and the tables its captures lead to.
 * DTZ is ply-accurate for wins and losses inside the 50-move rule by default ({@link DtzUnit#PLIES};
 * the format stores cursed wins and blessed losses in moves); {@link DtzUnit#MOVES} stores them in
 * moves as rtbgen does by default. WDL don't-cares (positions that are no legal position, WDL that a
 * capture reaches) repeat the previous value; DTZ don't-cares (also draws and wins a zeroing move
 * keeps) are chosen by {@link DontCareFill} to continue the patterns around them, or repeat the
 * previous value where that encodes smaller (both are tried on the full encodings). Not thread-safe (one
 * compressor's scratch); use one writer per thread.
 */
public final class SyzygyWriter {
    /** What one material's files came to. */
    public record Written(String name, long wdlBytes, long dtzBytes, long millis) {}

    private final TableSet rookery;
    private final ZeroingMoves zeroing;
    private final PairsWriter encoder = new PairsWriter(new PairCompressor());

    private final boolean wideMaps;
    private final DtzUnit unit;

    /** A writer storing decisive DTZ in {@code unit}. */
    public SyzygyWriter(TableSet rookery, DtzUnit unit) {
        this(rookery, false, unit);
    }

    /** With {@code wideMaps}, every DTZ map is written 16-bit, as the format needs for values past 255 (for tests). */
    SyzygyWriter(TableSet rookery, boolean wideMaps, DtzUnit unit) {
        this.rookery = rookery;
        this.zeroing = new ZeroingMoves(rookery);
        this.wideMaps = wideMaps;
        this.unit = unit;
    }

    /** The Syzygy file name of a Rookery material (stronger side first, as the Syzygy sets name it). */
    public static String name(org.rookery.endgame.index.Material m) {
        return SyzygyTablebase.name(key(m.canonical()));
    }

    static long key(org.rookery.endgame.index.Material m) {
        long key = 0;
        for (int c = 0; c < 2; c++) {
            for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) key |= (long) m.count(Piece.make(c, t)) << (20 * c + 4 * t);
        }
        return key;
    }

    /** Values sampled per candidate layout: all of a sub-table up to this many, else four windows of a quarter each. */
    static final int SAMPLE = 1 << 17;
    /** How many of the best-scoring candidates are encoded in full, per WDL side and for DTZ. */
    static final int FULL_TRIES = 2;

    /**
     * Writes {@code NAME.rtbw} and {@code NAME.rtbz} into {@code dir} (each through a temporary file).
     * For every sub-table the candidate layouts are scored on a sample of their values and the best
     * {@link #FULL_TRIES} encoded in full; the smallest is written.
     */
    public Written write(org.rookery.endgame.index.Material material, Path dir) throws IOException {
        long t0 = System.nanoTime();
        long key = key(material.canonical());
        List<WriteLayout> cands = WriteLayout.candidates(key);
        WriteLayout base = cands.get(0);
        IndexDecoder[] decoders = new IndexDecoder[cands.size()];
        for (int c = 0; c < cands.size(); c++) decoders[c] = new IndexDecoder(cands.get(c));
        int sides = base.symmetric ? 1 : 2;
        PairsWriter.Encoded[][] wdl = new PairsWriter.Encoded[4][2];
        WriteLayout[][] wdlLayout = new WriteLayout[4][2];
        PairsWriter.Encoded[] dtz = new PairsWriter.Encoded[4];
        WriteLayout[] dtzLayout = new WriteLayout[4];
        DtzMaps[] maps = new DtzMaps[4];
        for (int f = 0; f < base.files; f++) {
            int n = Math.toIntExact(base.size[f]);
            long[][] wdlScore = new long[sides][cands.size()];
            long[][] dtzScore = new long[sides][cands.size()];
            if (cands.size() > 1) {
                for (int side = 0; side < sides; side++) {
                    for (int c = 0; c < cands.size(); c++) {
                        long[] score = sampleScore(cands.get(c), decoders[c], f, side, n);
                        wdlScore[side][c] = score[0];
                        dtzScore[side][c] = score[1];
                    }
                }
            }
            // which (side, candidate) pairs to encode in full, for WDL and for DTZ
            boolean[][] fullWdl = new boolean[sides][cands.size()];
            boolean[][] fullDtz = new boolean[sides][cands.size()];
            for (int side = 0; side < sides; side++) for (int c : best(wdlScore[side], FULL_TRIES)) fullWdl[side][c] = true;
            long[] flat = new long[sides * cands.size()];
            for (int side = 0; side < sides; side++) System.arraycopy(dtzScore[side], 0, flat, side * cands.size(), cands.size());
            for (int sc : best(flat, FULL_TRIES)) fullDtz[sc / cands.size()][sc % cands.size()] = true;
            int[] seq = new int[n];
            short[] values = new short[n];
            byte[] best = new byte[n];
            for (int side = 0; side < sides; side++) {
                for (int c = 0; c < cands.size(); c++) {
                    if (!fullWdl[side][c] && !fullDtz[side][c]) continue;
                    fill(cands.get(c), decoders[c], f, side, 0, n, values, best, 0);
                    if (fullWdl[side][c]) {
                        wdlSequence(values, best, n, seq);
                        PairsWriter.Encoded e = encoder.encode(seq, n, 0, 5, 8, false);
                        if (wdl[f][side] == null || e.bytes() < wdl[f][side].bytes()) {
                            wdl[f][side] = e;
                            wdlLayout[f][side] = cands.get(c);
                        }
                    }
                    // both don't-care fills, the smaller kept: the bigram one is not always better
                    for (int fill = 0; fill < 2 && fullDtz[side][c]; fill++) {
                        DtzMaps map = dtzSequence(values, best, n, seq, wideMaps, fill == 0, unit);
                        int flags = side | (map != null ? PairsData.FLAG_MAPPED | map.pliesFlags : 0)
                                | (map != null && map.wide ? PairsData.FLAG_WIDE : 0);
                        PairsWriter.Encoded e = encoder.encode(seq, n, flags, 5, 10, true);
                        if (dtz[f] == null || e.bytes() + DtzMaps.length(map) < dtz[f].bytes() + DtzMaps.length(maps[f])) {
                            dtz[f] = e;
                            maps[f] = map;
                            dtzLayout[f] = cands.get(c);
                        }
                    }
                }
            }
        }
        String name = SyzygyTablebase.name(key);
        byte[][] wdlHeaders = new byte[base.files][];
        byte[][] dtzHeaders = new byte[base.files][];
        for (int f = 0; f < base.files; f++) {
            wdlHeaders[f] = WriteLayout.header(wdlLayout[f][0], sides == 2 ? wdlLayout[f][1] : wdlLayout[f][0]);
            dtzHeaders[f] = WriteLayout.header(dtzLayout[f], null);
        }
        long w = write(dir.resolve(name + ".rtbw"), file(base, false, wdlHeaders, wdl, sides, null));
        PairsWriter.Encoded[][] dtzSubs = new PairsWriter.Encoded[4][1];
        for (int f = 0; f < base.files; f++) dtzSubs[f][0] = dtz[f];
        long z = write(dir.resolve(name + ".rtbz"), file(base, true, dtzHeaders, dtzSubs, 1, maps));
        return new Written(name, w, z, (System.nanoTime() - t0) / 1_000_000);
    }

    /** Indices of the {@code k} smallest scores (the first on ties). */
    private static int[] best(long[] score, int k) {
        Integer[] order = new Integer[score.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        java.util.Arrays.sort(order, (a, b) -> score[a] != score[b] ? Long.compare(score[a], score[b]) : Integer.compare(a, b));
        int[] out = new int[Math.min(k, order.length)];
        for (int i = 0; i < out.length; i++) out[i] = order[i];
        return out;
    }

    /** Encoded WDL and DTZ bytes (maps included) of a sample of one sub-table under a layout. */
    private long[] sampleScore(WriteLayout layout, IndexDecoder decoder, int f, int side, int n) {
        int m = Math.min(n, SAMPLE);
        short[] values = new short[m];
        byte[] best = new byte[m];
        if (m == n) {
            fill(layout, decoder, f, side, 0, n, values, best, 0);
        } else {
            int window = m / 4;
            for (int k = 0; k < 4; k++) {
                long from = (long) n * (2 * k + 1) / 8 - window / 2;
                fill(layout, decoder, f, side, from, window, values, best, k * window);
            }
            m = 4 * window;
        }
        int[] seq = new int[m];
        wdlSequence(values, best, m, seq);
        long w = encoder.encode(seq, m, 0, 5, 8, false).bytes();
        DtzMaps map = dtzSequence(values, best, m, seq, wideMaps, true, unit);
        long z = encoder.encode(seq, m, PairsData.FLAG_MAPPED, 5, 10, true).bytes() + DtzMaps.length(map);
        return new long[] {w, z};
    }

    /**
     * Rookery's stored DTZ of indices {@code from..from+count} of one sub-table into {@code out[at..]}
     * ({@link Values#BROKEN} for no legal position), with the best capture's and zeroing move's WDL in {@code best}.
     */
    private void fill(WriteLayout layout, IndexDecoder decoder, int f, int side, long from, int count, short[] out, byte[] best, int at) {
        int[] squares = new int[layout.pieceCount];
        long[] bb = new long[12];
        long[] scratch = new long[12];
        int wk = -1, bk = -1;
        for (int i = 0; i < layout.pieceCount; i++) {
            if (layout.pieces[i] == WriteLayout.code(0, Piece.KING)) wk = i;
            if (layout.pieces[i] == WriteLayout.code(1, Piece.KING)) bk = i;
        }
        for (int k = 0; k < count; k++) {
            long idx = from + k;
            int o = at + k;
            decoder.decode(f, idx, squares);
            int a = squares[wk], b = squares[bk];
            if (Math.abs((a & 7) - (b & 7)) <= 1 && Math.abs((a >>> 3) - (b >>> 3)) <= 1) {
                out[o] = Values.BROKEN;
                continue;
            }
            java.util.Arrays.fill(bb, 0);
            long occupied = 0;
            boolean clash = false;
            for (int i = 0; i < layout.pieceCount; i++) {
                int code = layout.pieces[i];
                long bit = 1L << squares[i];
                clash |= (occupied & bit) != 0;
                occupied |= bit;
                bb[Piece.make(code >>> 3, (code & 7) - 1)] |= bit;
            }
            if (clash || TableIndex.illegal(bb, side)) {
                out[o] = Values.BROKEN;
                continue;
            }
            int packed = rookery.lookup(bb, side, scratch);
            if (packed == TableSet.MISSING) {
                throw new IllegalStateException("no Rookery table for " + SyzygyTablebase.name(layout.key) + " to write as Syzygy");
            }
            out[o] = TableSet.dtzOf(packed);
            zeroing.scan(bb, side);
            best[o] = (byte) ((zeroing.bestCapture + 3) | (zeroing.bestZeroing + 3) << 3);
        }
    }

    private static int wdlOf(short v) {
        return Category.ofDtz(v).ordinal() - 2;
    }

    private static int bestCapture(byte b) {
        return (b & 7) - 3;
    }

    private static int bestZeroing(byte b) {
        return ((b >>> 3) & 7) - 3;
    }

    /**
     * WDL + 2 per index. Broken slots repeat the previous value; so does a position whose best
     * capture reaches its value, when the previous value is no better (the prober takes the capture).
     */
    private static void wdlSequence(short[] values, byte[] best, int n, int[] seq) {
        int prev = -1;
        for (int i = 0; i < n && prev < 0; i++) if (values[i] != Values.BROKEN) prev = wdlOf(values[i]) + 2;
        if (prev < 0) prev = 2;
        for (int i = 0; i < n; i++) {
            short v = values[i];
            if (v != Values.BROKEN) {
                int wdl = wdlOf(v);
                if (!(bestCapture(best[i]) >= wdl && prev - 2 <= wdl)) prev = wdl + 2;
            }
            seq[i] = prev;
        }
    }

    /** Whether the prober answers this position's DTZ without the table: a draw, or a win a zeroing move keeps. */
    private static boolean dtzDontCare(short v, byte best) {
        if (v == Values.BROKEN || v == 0) return true;
        int wdl = wdlOf(v);
        return wdl > 0 && bestZeroing(best) >= wdl;
    }

    /**
     * The value the format stores for a decisive DTZ: inside the 50-move rule plies - 1 where the
     * outcome's plies flag ({@link PairsData#FLAG_WIN_PLIES}, {@link PairsData#FLAG_LOSS_PLIES}) is
     * in {@code pliesFlags}, else (plies - 1) / 2 moves, which probers read back as 2 × moves + 1
     * (the distance, or one ply less); a cursed win or blessed loss (plies - 101) / 2 moves.
     */
    static int stored(short v, int pliesFlags) {
        int wdl = wdlOf(v);
        int plies = Values.plies(v);
        if (wdl == 2 || wdl == -2) {
            int flag = wdl == 2 ? PairsData.FLAG_WIN_PLIES : PairsData.FLAG_LOSS_PLIES;
            return (pliesFlags & flag) != 0 ? Math.max(0, plies - 1) : Math.max(0, plies - 1) / 2;
        }
        return (plies - 101) / 2;
    }

    /**
     * The plies flags of one sub-table's DTZ: both for {@link DtzUnit#PLIES}; for
     * {@link DtzUnit#MOVES} an outcome's flag only when one of its positions is 100 plies from
     * zeroing, where the rounding to 99 would put it on the wrong side of the 50-move rule for an
     * engine that adds the halfmove clock (rtbgen's default does the same).
     */
    static int pliesFlags(short[] values, byte[] best, int n, DtzUnit unit) {
        if (unit == DtzUnit.PLIES) return PairsData.FLAG_WIN_PLIES | PairsData.FLAG_LOSS_PLIES;
        int flags = 0;
        for (int i = 0; i < n; i++) {
            short v = values[i];
            if (dtzDontCare(v, best[i]) || Values.plies(v) != 100) continue;
            int wdl = wdlOf(v);
            if (wdl == 2) flags |= PairsData.FLAG_WIN_PLIES;
            if (wdl == -2) flags |= PairsData.FLAG_LOSS_PLIES;
        }
        return flags;
    }

    /** Map category of a WDL value: 0 win, 1 loss, 2 cursed win, 3 blessed loss (the format's map order). */
    private static int mapOf(int wdl) {
        switch (wdl) {
            case 2: return 0;
            case -2: return 1;
            case 1: return 2;
            default: return 3;
        }
    }

    /**
     * The four value maps of one DTZ sub-table as the file stores them (8-bit count and values, or
     * 16-bit little-endian) and the plies flags its stored values were computed with.
     */
    record DtzMaps(byte[] bytes, boolean wide, int pliesFlags) {
        static int length(DtzMaps m) {
            return m == null ? 0 : m.bytes.length + (m.wide ? 1 : 0);
        }
    }

    /**
     * DTZ symbols per index (a value's rank by frequency within its outcome's map) and the four
     * maps, or null when nothing is decisive. The maps are 16-bit (the format's wide flag) when a
     * value or a map's length passes 255, or when {@code forceWide}. Don't-cares get
     * {@link DontCareFill}'s bigram fill when {@code bigram}, else repeat the previous symbol.
     * Decisive values are stored in {@code unit}.
     */
    static DtzMaps dtzSequence(short[] values, byte[] best, int n, int[] seq, boolean forceWide, boolean bigram, DtzUnit unit) {
        int pliesFlags = pliesFlags(values, best, n, unit);
        int[][] freq = new int[4][];
        for (int c = 0; c < 4; c++) freq[c] = new int[1 << 16];
        boolean decisive = false;
        for (int i = 0; i < n; i++) {
            short v = values[i];
            if (dtzDontCare(v, best[i])) continue;
            freq[mapOf(wdlOf(v))][stored(v, pliesFlags)]++;
            decisive = true;
        }
        if (!decisive) {
            java.util.Arrays.fill(seq, 0, n, 0);
            return null;
        }
        int[][] rank = new int[4][1 << 16];
        List<List<Integer>> present = new ArrayList<>();
        boolean wide = forceWide;
        for (int c = 0; c < 4; c++) {
            List<Integer> in = new ArrayList<>();
            for (int s = 0; s < freq[c].length; s++) if (freq[c][s] > 0) in.add(s);
            int[] fc = freq[c];
            in.sort((a, b) -> fc[a] != fc[b] ? Integer.compare(fc[b], fc[a]) : Integer.compare(a, b));
            wide |= in.size() > 255 || (!in.isEmpty() && in.stream().mapToInt(Integer::intValue).max().getAsInt() > 255);
            for (int i = 0; i < in.size(); i++) rank[c][in.get(i)] = i;
            present.add(in);
        }
        ByteArrayOutputStream maps = new ByteArrayOutputStream();
        for (List<Integer> in : present) {
            write(maps, in.size(), wide);
            for (int s : in) write(maps, s, wide);
        }
        int symbols = 0;
        for (List<Integer> in : present) symbols = Math.max(symbols, in.size());
        for (int i = 0; i < n; i++) {
            short v = values[i];
            seq[i] = dtzDontCare(v, best[i]) ? DontCareFill.DONT_CARE : rank[mapOf(wdlOf(v))][stored(v, pliesFlags)];
        }
        if (bigram) {
            FILL.get().fill(seq, n, symbols);
        } else {
            DontCareFill.repeatPrevious(seq, n);
        }
        return new DtzMaps(maps.toByteArray(), wide, pliesFlags);
    }

    /** The don't-care filler's scratch, per thread (dtzSequence is static and tests call it directly). */
    private static final ThreadLocal<DontCareFill> FILL = ThreadLocal.withInitial(DontCareFill::new);

    private static void write(ByteArrayOutputStream out, int v, boolean wide) {
        out.write(v & 0xFF);
        if (wide) out.write(v >>> 8);
    }

    private static byte[] file(WriteLayout layout, boolean dtz, byte[][] headers, PairsWriter.Encoded[][] subs, int sides, DtzMaps[] maps) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(dtz ? SyzygyTable.DTZ_MAGIC : SyzygyTable.WDL_MAGIC);
        out.write((layout.symmetric ? 0 : 1) | (layout.pawns ? 2 : 0) | (layout.pieceCount << 4));
        for (int f = 0; f < layout.files; f++) out.writeBytes(headers[f]);
        if ((out.size() & 1) != 0) out.write(0);
        for (int f = 0; f < layout.files; f++) for (int i = 0; i < sides; i++) out.writeBytes(subs[f][i].sizes);
        if (dtz) {
            for (int f = 0; f < layout.files; f++) {
                if (maps[f] == null) continue;
                if (maps[f].wide && (out.size() & 1) != 0) out.write(0); // 16-bit maps start at an even offset
                out.writeBytes(maps[f].bytes);
            }
            if ((out.size() & 1) != 0) out.write(0);
        }
        for (int f = 0; f < layout.files; f++) for (int i = 0; i < sides; i++) out.writeBytes(subs[f][i].sparse);
        for (int f = 0; f < layout.files; f++) for (int i = 0; i < sides; i++) out.writeBytes(subs[f][i].blockLengths);
        for (int f = 0; f < layout.files; f++) {
            for (int i = 0; i < sides; i++) {
                while ((out.size() & 0x3F) != 0) out.write(0);
                out.writeBytes(subs[f][i].data);
            }
        }
        // probers require size % 64 == 16: the data padded to 64 bytes, then 16 (rtbgen's checksum; zero here)
        while ((out.size() & 0x3F) != 0) out.write(0);
        out.writeBytes(new byte[16]);
        return out.toByteArray();
    }

    private static long write(Path path, byte[] bytes) throws IOException {
        Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return bytes.length;
    }
}
