package org.rookery.endgame.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rookery.core.board.Position;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.TableFile;
import org.rookery.endgame.probe.TableSource;
import org.rookery.endgame.probe.Tablebase;
import org.rookery.endgame.syzygy.SyzygyTablebase;

/**
 * The tables of a {@code --tb} path (directories separated by ':', as Stockfish's SyzygyPath): each
 * position is answered by Rookery's tables where one holds it (they have DTM), by Syzygy otherwise.
 */
final class TableSources implements TableSource, AutoCloseable {
    /** Which kind of table answered a position, as the reports name it. */
    enum Kind { ROOKERY, SYZYGY;
        String api() { return name().toLowerCase(java.util.Locale.ROOT); }
    }

    private final String path;
    private final List<Tablebase> rookery;
    private final SyzygySource syzygy;

    private TableSources(String path, List<Tablebase> rookery, SyzygySource syzygy) {
        this.path = path;
        this.rookery = rookery;
        this.syzygy = syzygy;
    }

    /** Opens every directory of the path; one holding neither kind of table is a one-line error naming it. */
    static TableSources open(Path tbPath) throws IOException {
        String path = tbPath.toString();
        List<Path> dirs = new ArrayList<>();
        for (String part : path.split(":")) if (!part.isEmpty()) dirs.add(Path.of(part));
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
            SyzygySource syzygy = syzygyDirs.isEmpty() ? null : new SyzygySource(new SyzygyTablebase(syzygyDirs), path);
            return new TableSources(path, List.copyOf(rookery), syzygy);
        } catch (IOException | RuntimeException e) {
            for (Tablebase t : rookery) t.close();
            throw e;
        }
    }

    private static boolean holds(Path dir, String glob) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, glob)) {
            return files.iterator().hasNext();
        }
    }

    /** Whether Syzygy tables are on the path; reports name the answering source only then, so Rookery-only output is unchanged. */
    boolean hasSyzygy() { return syzygy != null; }

    /** The kind of table that answers the position, or null when none does. */
    Kind answeredBy(Position pos) {
        for (Tablebase t : rookery) if (Probe.found(t.probe(pos))) return Kind.ROOKERY;
        return syzygy != null && Probe.found(syzygy.probe(pos)) ? Kind.SYZYGY : null;
    }

    @Override
    public long probe(Position pos) {
        for (Tablebase t : rookery) {
            long r = t.probe(pos);
            if (Probe.found(r)) return r;
        }
        return syzygy == null ? Probe.NOT_FOUND : syzygy.probe(pos);
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
