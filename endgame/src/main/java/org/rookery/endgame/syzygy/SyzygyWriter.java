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
 * DTZ is ply-accurate for wins and losses inside the 50-move rule (the format stores cursed wins
 * and blessed losses in moves). Don't-cares (positions that are no legal position, WDL that a
 * capture reaches, DTZ of draws and of wins a zeroing move keeps) repeat the previous value, which
 * compresses best. Not thread-safe (one
 * compressor's scratch); use one writer per thread.
 */
public final class SyzygyWriter {
    /** What one material's files came to. */
    public record Written(String name, long wdlBytes, long dtzBytes, long millis) {}

    private final TableSet rookery;
    private final ZeroingMoves zeroing;
    private final PairsWriter encoder = new PairsWriter(new PairCompressor());

    public SyzygyWriter(TableSet rookery) {
        this.rookery = rookery;
        this.zeroing = new ZeroingMoves(rookery);
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

    /** Writes {@code NAME.rtbw} and {@code NAME.rtbz} into {@code dir} (each through a temporary file). */
    public Written write(org.rookery.endgame.index.Material material, Path dir) throws IOException {
        long t0 = System.nanoTime();
        WriteLayout layout = new WriteLayout(key(material.canonical()));
        IndexDecoder decoder = new IndexDecoder(layout);
        int sides = layout.symmetric ? 1 : 2;
        PairsWriter.Encoded[][] wdl = new PairsWriter.Encoded[4][2];
        PairsWriter.Encoded[] dtz = new PairsWriter.Encoded[4];
        byte[][] maps = new byte[4][];
        for (int f = 0; f < layout.files; f++) {
            int n = Math.toIntExact(layout.size[f]);
            short[][] values = new short[sides][];
            byte[][] best = new byte[sides][];
            for (int side = 0; side < sides; side++) {
                best[side] = new byte[n];
                values[side] = values(layout, decoder, f, side, n, best[side]);
            }
            int[] seq = new int[n];
            for (int side = 0; side < sides; side++) {
                wdlSequence(values[side], best[side], seq);
                wdl[f][side] = encoder.encode(seq, n, 0, 5, 8, false);
            }
            for (int side = 0; side < sides; side++) {
                byte[] map = dtzSequence(values[side], best[side], seq);
                int flags = side | (map != null ? PairsData.FLAG_MAPPED | PairsData.FLAG_WIN_PLIES | PairsData.FLAG_LOSS_PLIES : 0);
                PairsWriter.Encoded e = encoder.encode(seq, n, flags, 5, 10, true);
                if (dtz[f] == null || e.bytes() + (map == null ? 0 : map.length) < dtz[f].bytes() + (maps[f] == null ? 0 : maps[f].length)) {
                    dtz[f] = e;
                    maps[f] = map;
                }
            }
        }
        String name = SyzygyTablebase.name(layout.key);
        long w = write(dir.resolve(name + ".rtbw"), file(layout, false, wdl, sides, null));
        PairsWriter.Encoded[][] dtzSubs = new PairsWriter.Encoded[4][1];
        for (int f = 0; f < layout.files; f++) dtzSubs[f][0] = dtz[f];
        long z = write(dir.resolve(name + ".rtbz"), file(layout, true, dtzSubs, 1, maps));
        return new Written(name, w, z, (System.nanoTime() - t0) / 1_000_000);
    }

    /** Rookery's stored DTZ of every index of one sub-table; {@link Values#BROKEN} for no legal position. */
    private short[] values(WriteLayout layout, IndexDecoder decoder, int f, int side, int n, byte[] best) {
        short[] out = new short[n];
        int[] squares = new int[layout.pieceCount];
        long[] bb = new long[12];
        long[] scratch = new long[12];
        int wk = -1, bk = -1;
        for (int i = 0; i < layout.pieceCount; i++) {
            if (layout.pieces[i] == WriteLayout.code(0, Piece.KING)) wk = i;
            if (layout.pieces[i] == WriteLayout.code(1, Piece.KING)) bk = i;
        }
        for (int idx = 0; idx < n; idx++) {
            decoder.decode(f, idx, squares);
            int a = squares[wk], b = squares[bk];
            if (Math.abs((a & 7) - (b & 7)) <= 1 && Math.abs((a >>> 3) - (b >>> 3)) <= 1) {
                out[idx] = Values.BROKEN;
                continue;
            }
            java.util.Arrays.fill(bb, 0);
            for (int i = 0; i < layout.pieceCount; i++) {
                int code = layout.pieces[i];
                bb[Piece.make(code >>> 3, (code & 7) - 1)] |= 1L << squares[i];
            }
            if (TableIndex.illegal(bb, side)) {
                out[idx] = Values.BROKEN;
                continue;
            }
            int packed = rookery.lookup(bb, side, scratch);
            if (packed == TableSet.MISSING) {
                throw new IllegalStateException("no Rookery table for " + SyzygyTablebase.name(layout.key) + " to write as Syzygy");
            }
            out[idx] = TableSet.dtzOf(packed);
            zeroing.scan(bb, side);
            best[idx] = (byte) ((zeroing.bestCapture + 3) | (zeroing.bestZeroing + 3) << 3);
        }
        return out;
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
    private static void wdlSequence(short[] values, byte[] best, int[] seq) {
        int prev = -1;
        for (short v : values) if (v != Values.BROKEN) {
            prev = wdlOf(v) + 2;
            break;
        }
        if (prev < 0) prev = 2;
        for (int i = 0; i < values.length; i++) {
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

    /** The value the format stores for a decisive DTZ: plies - 1 inside the 50-move rule, else (plies - 101) / 2 moves. */
    static int stored(short v) {
        int wdl = wdlOf(v);
        int plies = Values.plies(v);
        if (wdl == 2 || wdl == -2) return Math.max(0, plies - 1);
        return (plies - 101) / 2;
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
     * DTZ symbols per index (a value's rank by frequency within its outcome's map) and the four
     * maps as the file stores them (count byte, then values), or null when nothing is decisive.
     */
    private static byte[] dtzSequence(short[] values, byte[] best, int[] seq) {
        int[][] freq = new int[4][];
        for (int c = 0; c < 4; c++) freq[c] = new int[1 << 16];
        boolean decisive = false;
        for (int i = 0; i < values.length; i++) {
            short v = values[i];
            if (dtzDontCare(v, best[i])) continue;
            freq[mapOf(wdlOf(v))][stored(v)]++;
            decisive = true;
        }
        if (!decisive) {
            java.util.Arrays.fill(seq, 0, values.length, 0);
            return null;
        }
        int[][] rank = new int[4][1 << 16];
        ByteArrayOutputStream maps = new ByteArrayOutputStream();
        for (int c = 0; c < 4; c++) {
            List<Integer> present = new ArrayList<>();
            for (int s = 0; s < freq[c].length; s++) if (freq[c][s] > 0) present.add(s);
            int[] fc = freq[c];
            present.sort((a, b) -> fc[a] != fc[b] ? Integer.compare(fc[b], fc[a]) : Integer.compare(a, b));
            if (present.size() > 255 || (!present.isEmpty() && present.get(present.size() - 1) > 255)) {
                throw new IllegalStateException("DTZ values beyond 255 need the format's 16-bit maps, which the writer does not write yet");
            }
            for (int s : present) if (s > 255) throw new IllegalStateException("DTZ value " + s + " needs a 16-bit map, which the writer does not write yet");
            maps.write(present.size());
            for (int i = 0; i < present.size(); i++) {
                rank[c][present.get(i)] = i;
                maps.write(present.get(i));
            }
        }
        int prev = 0;
        for (int i = 0; i < values.length; i++) {
            short v = values[i];
            if (!dtzDontCare(v, best[i])) prev = rank[mapOf(wdlOf(v))][stored(v)];
            seq[i] = prev;
        }
        return maps.toByteArray();
    }

    private static byte[] file(WriteLayout layout, boolean dtz, PairsWriter.Encoded[][] subs, int sides, byte[][] maps) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(dtz ? SyzygyTable.DTZ_MAGIC : SyzygyTable.WDL_MAGIC);
        out.write((layout.symmetric ? 0 : 1) | (layout.pawns ? 2 : 0) | (layout.pieceCount << 4));
        for (int f = 0; f < layout.files; f++) out.writeBytes(layout.header(dtz));
        if ((out.size() & 1) != 0) out.write(0);
        for (int f = 0; f < layout.files; f++) for (int i = 0; i < sides; i++) out.writeBytes(subs[f][i].sizes);
        if (dtz) {
            for (int f = 0; f < layout.files; f++) if (maps[f] != null) out.writeBytes(maps[f]);
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
