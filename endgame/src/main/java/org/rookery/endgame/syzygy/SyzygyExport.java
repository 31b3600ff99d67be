package org.rookery.endgame.syzygy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.probe.TableSet;
import org.rookery.endgame.probe.Tablebase;

/**
 * {@code tb generate --format syzygy}: which materials get Syzygy files (the targets and every table
 * they depend on, as a prober needs the tables its captures lead to; not KvK, which Syzygy has no
 * file for) and the writing of one of them from the {@code .rtb} tables of a directory. The local
 * build and the Spark build both call {@link #write}, so they write the same bytes.
 */
public final class SyzygyExport {
    private SyzygyExport() {}

    /** The canonical materials of at least 3 pieces among the targets and their dependencies. */
    public static List<Material> materials(List<Material> targets) {
        List<Material> out = new ArrayList<>();
        for (Material m : Material.withDependencies(targets)) if (m.pieceCount() >= 3) out.add(m.canonical());
        return out;
    }

    /** Writes {@code m}'s {@code .rtbw}/{@code .rtbz} into {@code dir} from the {@code .rtb} tables there, DTZ in {@code unit}. */
    public static SyzygyWriter.Written write(Path dir, Material m, DtzUnit unit) throws IOException {
        try (Tablebase tb = Tablebase.open(dir, true)) {
            return new SyzygyWriter(new TableSet(tb.tables()), unit).write(m, dir);
        }
    }

    /** Writes every material in turn, one progress line each. */
    public static List<SyzygyWriter.Written> writeAll(Path dir, List<Material> materials, DtzUnit unit,
            java.util.function.Consumer<String> progress) throws IOException {
        List<SyzygyWriter.Written> done = new ArrayList<>();
        try (Tablebase tb = Tablebase.open(dir, true)) {
            SyzygyWriter writer = new SyzygyWriter(new TableSet(tb.tables()), unit);
            for (Material m : materials) {
                SyzygyWriter.Written w = writer.write(m, dir);
                if (progress != null) progress.accept(line(w));
                done.add(w);
            }
        }
        return done;
    }

    /** The progress line of one written material. */
    public static String line(SyzygyWriter.Written w) {
        return String.format("%s: syzygy %s.rtbw %d bytes, %s.rtbz %d bytes in %.1f s", w.name(), w.name(), w.wdlBytes(), w.name(), w.dtzBytes(),
            w.millis() / 1e3);
    }
}
