package org.rookery.endgame.syzygy;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Move;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;

/**
 * Probes Syzygy WDL and DTZ tables found in a list of directories (first directory wins, as with
 * SyzygyPath). Files are memory-mapped once at construction; probing is thread-safe, uses per-thread
 * scratch space and allocates nothing once warm. The position passed in is searched through its
 * captures (and pawn moves for DTZ) and restored before returning.
 *
 * <p>WDL values: -2 loss, -1 blessed loss (lost but drawn by the 50-move rule), 0 draw, 1 cursed win,
 * 2 win, for the side to move. DTZ is in plies to the next zeroing move under optimal play, signed
 * like WDL; a cursed win or blessed loss is reported beyond 100.
 */
public final class SyzygyTablebase {
    /** Highest piece count the search and scratch arrays are sized for. */
    public static final int MAX_PIECES = 7;
    private static final int MAX_DEPTH = 40;

    private final Map<Long, SyzygyTable> wdl = new HashMap<>();
    private final Map<Long, SyzygyTable> dtz = new HashMap<>();
    private final List<Path> dirs;
    private final long[] wdlKeys;
    private final SyzygyTable[] wdlTables;
    private final long[] dtzKeys;
    private final SyzygyTable[] dtzTables;
    private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);
    private int maxPieces;

    /** Opens every .rtbw/.rtbz in the given directories. */
    public SyzygyTablebase(List<Path> directories) {
        this.dirs = List.copyOf(directories);
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) throw new MissingTableException("Syzygy directory " + dir + " does not exist");
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                for (Path file : files) add(file);
            } catch (IOException e) {
                throw new MissingTableException("Syzygy directory " + dir + " cannot be listed: " + e.getMessage());
            }
        }
        wdlKeys = new long[slots(wdl.size())];
        wdlTables = new SyzygyTable[wdlKeys.length];
        dtzKeys = new long[slots(dtz.size())];
        dtzTables = new SyzygyTable[dtzKeys.length];
        fill(wdl, wdlKeys, wdlTables);
        fill(dtz, dtzKeys, dtzTables);
    }

    /** Parses a SyzygyPath-style list: directories separated by ':' (Stockfish) or ';' (cutechess-cli's -tb). */
    public static SyzygyTablebase open(String path) {
        List<Path> dirs = new ArrayList<>();
        for (String part : path.split("[:;]")) if (!part.isEmpty()) dirs.add(Path.of(part));
        return new SyzygyTablebase(dirs);
    }

    private void add(Path file) {
        String name = file.getFileName().toString();
        boolean isWdl = name.endsWith(".rtbw");
        if (!isWdl && !name.endsWith(".rtbz")) return;
        long key = Material.parse(name.substring(0, name.length() - 5));
        if (key < 0) return;
        Map<Long, SyzygyTable> into = isWdl ? wdl : dtz;
        if (into.containsKey(key) || into.containsKey(Material.mirror(key))) return;
        into.put(key, new SyzygyTable(file, key, !isWdl));
        maxPieces = Math.max(maxPieces, Material.pieces(key));
    }

    /** Open addressing on the material key: a probe finds its table in one or two array reads, whatever the number of files. */
    private static void fill(Map<Long, SyzygyTable> tables, long[] keys, SyzygyTable[] out) {
        for (SyzygyTable t : tables.values()) {
            put(keys, out, t.key, t);
            put(keys, out, Material.mirror(t.key), t);
        }
    }

    private static int slots(int tables) {
        return Integer.highestOneBit(Math.max(4, tables * 2) * 2) * 2;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    private static void put(long[] keys, SyzygyTable[] out, long key, SyzygyTable t) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (out[i] != null && keys[i] != key) i = (i + 1) & mask;
        keys[i] = key;
        out[i] = t;
    }

    /** Number of .rtbw and .rtbz files opened. */
    public int fileCount() {
        return wdl.size() + dtz.size();
    }

    /** Most pieces of any table found (0 if none). */
    public int maxPieces() {
        return maxPieces;
    }

    /** Whether a WDL table covers this material (either colour). */
    public boolean covers(Position pos) {
        int pieces = Long.bitCount(pos.occupied());
        return pieces == 2 || find(wdlKeys, wdlTables, Material.of(pos)) != null;
    }

    /** Whether a DTZ table covers this material (either colour); bare kings need none. */
    public boolean coversDtz(Position pos) {
        return Long.bitCount(pos.occupied()) == 2 || find(dtzKeys, dtzTables, Material.of(pos)) != null;
    }

    /** The file name of the position's table, e.g. {@code KQvK.rtbw}, for messages. */
    public static String fileName(Position pos, boolean dtz) {
        return name(Material.canonical(Material.of(pos))) + (dtz ? ".rtbz" : ".rtbw");
    }

    /** The directories searched, in order. */
    public List<Path> directories() {
        return dirs;
    }

    /** WDL of the position for the side to move (-2..2); castling rights must be absent. */
    public int wdl(Position pos) {
        check(pos);
        return search(pos, scratch.get(), 0, false);
    }

    /**
     * DTZ of the position in plies, signed for the side to move; 0 for a draw. Where the file stores
     * moves rather than plies for the outcome (see {@link #lastDtzRounded}), the value is the one
     * Stockfish and Fathom report: 2 × moves + 1, or that + 100 for a cursed win or blessed loss.
     */
    public int dtz(Position pos) {
        check(pos);
        return dtz(pos, scratch.get(), 0);
    }

    /**
     * Whether the last {@link #dtz} on this thread came from a table storing moves, not plies (the
     * standard tables' wins unless generated ply-accurate, and every cursed win or blessed loss):
     * then the true distance may be one ply less, and lichess reports no {@code precise_dtz}.
     */
    public boolean lastDtzRounded() {
        return scratch.get().rounded[0];
    }

    private void check(Position pos) {
        if (pos.castlingRights() != 0) throw new IllegalArgumentException("Syzygy tables hold no positions with castling rights");
        int pieces = Long.bitCount(pos.occupied());
        if (pieces > MAX_PIECES) throw new IllegalArgumentException(pieces + " pieces: Syzygy tables go up to " + MAX_PIECES);
    }

    /** WDL by the format's rule: the table's value unless a capture (or pawn move) does at least as well. */
    private int search(Position pos, Scratch s, int depth, boolean zeroing) {
        s.zeroingBest[depth] = false;
        int[] moves = s.moves[depth];
        // WDL needs only the captures (and the count of all moves); DTZ also the pawn moves
        int generated = zeroing ? pos.generateLegal(moves, 0) : pos.generateCaptures(moves, 0);
        int total = zeroing ? generated : pos.countLegal();
        int best = -2;
        int searched = 0;
        for (int i = 0; i < generated; i++) {
            int move = moves[i];
            boolean capture = Move.isCapture(move);
            if (!capture && !(zeroing && Piece.type(pos.pieceAt(Move.from(move))) == Piece.PAWN)) continue;
            searched++;
            pos.makeMove(move);
            int value = Long.bitCount(pos.occupied()) == 2 ? 0 : -search(pos, s, depth + 1, false);
            pos.unmakeMove();
            if (value > best) {
                best = value;
                if (value == 2) {
                    s.zeroingBest[depth] = true;
                    return 2;
                }
            }
        }
        boolean allSearched = searched > 0 && searched == total;
        int value = allSearched ? best : table(wdlKeys, wdlTables, pos, ".rtbw").probe(pos, 0, s.squares, s.pieces);
        if (best >= value) {
            s.zeroingBest[depth] = best > 0 || allSearched;
            return best;
        }
        return value;
    }

    private int dtz(Position pos, Scratch s, int depth) {
        s.rounded[depth] = false;
        int wdl = search(pos, s, depth, true);
        if (wdl == 0) return 0;
        if (s.zeroingBest[depth]) return beforeZeroing(wdl);
        int value = table(dtzKeys, dtzTables, pos, ".rtbz").probe(pos, wdl, s.squares, s.pieces);
        if (value != SyzygyTable.OTHER_SIDE) {
            s.rounded[depth] = (value & SyzygyTable.ROUNDED) != 0;
            value &= ~SyzygyTable.ROUNDED;
            return (value + (wdl == 1 || wdl == -1 ? 100 : 0)) * Integer.signum(wdl);
        }
        int[] moves = s.moves[depth];
        int total = pos.generateLegal(moves, 0);
        int min = Integer.MAX_VALUE;
        for (int i = 0; i < total; i++) {
            int move = moves[i];
            boolean zeroing = Move.isCapture(move) || Piece.type(pos.pieceAt(Move.from(move))) == Piece.PAWN;
            // a win not reached by a zeroing move (search said so) is reached by a quiet one within
            // the rule, so the zeroing moves need no search here (Stockfish skips them too)
            if (wdl > 0 && zeroing) continue;
            pos.makeMove(move);
            int d;
            if (zeroing) {
                d = Long.bitCount(pos.occupied()) == 2 ? 0 : -beforeZeroing(search(pos, s, depth + 1, false));
            } else {
                d = -dtz(pos, s, depth + 1);
            }
            boolean rounded = !zeroing && s.rounded[depth + 1];
            if (d == 1 && pos.inCheck() && !pos.hasLegalMove()) {
                min = 1;
                s.rounded[depth] = false;
            }
            if (!zeroing) d += Integer.signum(d);
            if (d < min && Integer.signum(d) == Integer.signum(wdl)) {
                min = d;
                s.rounded[depth] = rounded;
            }
            pos.unmakeMove();
        }
        return min == Integer.MAX_VALUE ? -1 : min;
    }

    private static int beforeZeroing(int wdl) {
        switch (wdl) {
            case 2: return 1;
            case 1: return 101;
            case -1: return -101;
            case -2: return -1;
            default: return 0;
        }
    }

    private SyzygyTable table(long[] keys, SyzygyTable[] tables, Position pos, String ext) {
        long key = Material.of(pos);
        SyzygyTable t = find(keys, tables, key);
        if (t == null) throw new MissingTableException("no Syzygy table " + name(key) + ext + " in " + dirs);
        return t;
    }

    private static SyzygyTable find(long[] keys, SyzygyTable[] tables, long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); tables[i] != null; i = (i + 1) & mask) if (keys[i] == key) return tables[i];
        return null;
    }

    static String name(long key) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < 2; c++) {
            sb.append(c == 0 ? "K" : "vK");
            for (int t = Piece.QUEEN; t >= Piece.PAWN; t--) {
                for (int n = Material.count(key, c, t); n > 0; n--) sb.append("PNBRQ".charAt(t));
            }
        }
        return sb.toString();
    }

    /** Per-thread move lists and index scratch, so probes allocate nothing. */
    private static final class Scratch {
        final int[][] moves = new int[MAX_DEPTH][Position.MAX_MOVES];
        final boolean[] zeroingBest = new boolean[MAX_DEPTH];
        final boolean[] rounded = new boolean[MAX_DEPTH + 1];
        final int[] squares = new int[MAX_PIECES + 1];
        final int[] pieces = new int[MAX_PIECES + 1];
    }
}
