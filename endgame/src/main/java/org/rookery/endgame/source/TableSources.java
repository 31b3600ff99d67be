package org.rookery.endgame.source;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rookery.core.board.Position;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.CorruptTableException;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.TableSource;
import org.rookery.endgame.probe.Tablebase;
import org.rookery.endgame.syzygy.MissingTableException;
import org.rookery.endgame.syzygy.SyzygyTablebase;

/**
 * The tables of a {@code --tb} path (directories separated by ':', as Stockfish's SyzygyPath): each
 * position is answered by Rookery's tables where one holds it (they have DTM), by Syzygy otherwise.
 * Thread-safe; probing allocates nothing once a thread has probed before.
 */
public final class TableSources implements TableSource, AutoCloseable {
    /** Which kind of table answered a position, as the reports name it. */
    public enum Kind {
        ROOKERY, SYZYGY;

        /** The name in JSON reports: {@code rookery} or {@code syzygy}. */
        public String api() { return name().toLowerCase(Locale.ROOT); }
    }

    private final String path;
    private final List<Path> dirs;
    private final List<Tablebase> rookery;
    private final SyzygySource syzygy;

    private TableSources(String path, List<Path> dirs, List<Tablebase> rookery, SyzygySource syzygy) {
        this.path = path;
        this.dirs = dirs;
        this.rookery = rookery;
        this.syzygy = syzygy;
    }

    /** {@link #open(String)} of the path's text. */
    public static TableSources open(Path tbPath) throws IOException {
        return open(tbPath.toString());
    }

    /**
     * Opens every directory of the path; a directory that does not exist or holds neither kind of
     * table is a one-line IllegalArgumentException naming it, a bad table file (truncated, wrong
     * magic) one naming the file.
     */
    public static TableSources open(String path) throws IOException {
        List<Path> dirs = directories(path);
        if (dirs.isEmpty()) throw new IllegalArgumentException("--tb names no directory: '" + path + "'");
        List<Tablebase> rookery = new ArrayList<>();
        List<Path> syzygyDirs = new ArrayList<>();
        try {
            for (Path d : dirs) {
                if (!Files.isDirectory(d)) throw new IllegalArgumentException("tablebase directory " + d + " does not exist");
                boolean hasRookery = holds(d, "*" + TableFile.SUFFIX), hasSyzygy = holds(d, "*.{rtbw,rtbz}");
                if (!hasRookery && !hasSyzygy) {
                    throw new IllegalArgumentException("tablebase directory " + d + " holds neither Rookery (.rtb) nor Syzygy (.rtbw/.rtbz) tables");
                }
                if (hasRookery) rookery.add(Tablebase.open(d));
                if (hasSyzygy) syzygyDirs.add(d);
            }
            SyzygySource syzygy;
            try {
                syzygy = syzygyDirs.isEmpty() ? null : new SyzygySource(new SyzygyTablebase(syzygyDirs), path);
            } catch (CorruptTableException | MissingTableException e) {
                // a user's file, not a bug: the message names it, and every command prints it as a one-line error
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            return new TableSources(path, List.copyOf(dirs), List.copyOf(rookery), syzygy);
        } catch (IOException | RuntimeException e) {
            for (Tablebase t : rookery) t.close();
            throw e;
        }
    }

    /** The directories of a path separated by ':' (Stockfish's SyzygyPath) or ';' (cutechess-cli's -tb), empty parts left out. */
    public static List<Path> directories(String path) {
        List<Path> dirs = new ArrayList<>();
        for (String part : path.split("[:;]")) if (!part.isEmpty()) dirs.add(Path.of(part));
        return dirs;
    }

    /** Whether some directory of the path exists and holds Rookery or Syzygy tables (a default location may hold none). */
    public static boolean anyTables(String path) throws IOException {
        for (Path d : directories(path)) {
            if (Files.isDirectory(d) && (holds(d, "*" + TableFile.SUFFIX) || holds(d, "*.{rtbw,rtbz}"))) return true;
        }
        return false;
    }

    private static boolean holds(Path dir, String glob) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, glob)) {
            return files.iterator().hasNext();
        }
    }

    /** The path as given. */
    public String path() { return path; }

    /** Its directories, in order. */
    public List<Path> directories() { return dirs; }

    /** Whether Syzygy tables are on the path; reports name the answering source only then, so Rookery-only output is unchanged. */
    public boolean hasSyzygy() { return syzygy != null; }

    /** Largest piece count any table on the path holds (0 when none). */
    public int maxPieces() {
        int max = syzygy == null ? 0 : syzygy.tables().maxPieces();
        for (Tablebase t : rookery) max = Math.max(max, t.maxPieces());
        return max;
    }

    /** Number of table files on the path (a Syzygy material counts once per .rtbw or .rtbz file). */
    public int tableCount() {
        int n = syzygy == null ? 0 : syzygy.tables().fileCount();
        for (Tablebase t : rookery) n += t.tables().size();
        return n;
    }

    /** The kind of table that answers the position (for Syzygy: its WDL at least), or null when none does. */
    public Kind answeredBy(Position pos) {
        for (Tablebase t : rookery) if (Probe.found(t.probe(pos))) return Kind.ROOKERY;
        return syzygy != null && syzygy.wdl(pos) != Integer.MIN_VALUE ? Kind.SYZYGY : null;
    }

    @Override
    public long probe(Position pos) {
        for (Tablebase t : rookery) {
            long r = t.probe(pos);
            if (Probe.found(r)) return r;
        }
        return syzygy == null ? Probe.NOT_FOUND : syzygy.probe(pos);
    }

    /**
     * The game-theoretic category of the position at its halfmove clock, or null when no table
     * answers. Rookery's tables answer from their DTZ; Syzygy from the .rtbw alone when the clock is
     * 0 (or the result is a draw, cursed win or blessed loss, which the clock cannot change), from
     * the .rtbz otherwise: a win is a cursed win once DTZ plus the clock passes 100 plies.
     */
    public Category category(Position pos) {
        for (Tablebase t : rookery) {
            long r = t.probe(pos);
            if (Probe.found(r)) return Probe.category(r, pos.halfmoveClock());
        }
        if (syzygy == null) return null;
        int wdl = syzygy.wdl(pos);
        switch (wdl) {
            case Integer.MIN_VALUE: return null;
            case 0: return Category.DRAW;
            case 1: return Category.CURSED_WIN;
            case -1: return Category.BLESSED_LOSS;
            default:
                if (pos.halfmoveClock() == 0) return wdl > 0 ? Category.WIN : Category.LOSS;
                long r = syzygy.probe(pos);
                return Probe.found(r) ? Probe.category(r, pos.halfmoveClock()) : null;
        }
    }

    @Override
    public String whyNot(Position pos) {
        if (syzygy == null && rookery.size() == 1) return rookery.get(0).whyNot(pos);
        if (Probe.found(probe(pos))) return null;
        if (pos.castlingRights() != 0) return "the position has castling rights; tablebases cover positions without castling";
        int[] c = new int[12];
        for (int p = 0; p < 12; p++) c[p] = Long.bitCount(pos.pieces(p));
        Material m = Material.of(c).canonical();
        String syz = syzygy == null ? null : syzygy.whyNot(pos);
        return "no table answers " + m + " in " + path + (syz == null ? "" : " (" + syz + ")");
    }

    @Override
    public void close() throws IOException {
        for (Tablebase t : rookery) t.close();
    }
}
