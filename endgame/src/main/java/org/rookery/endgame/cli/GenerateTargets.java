package org.rookery.endgame.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.rookery.core.cli.UsageError;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.syzygy.DtzUnit;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code tb generate} builds, where and how loudly ({@code MATERIAL...}, {@code --pieces},
 * {@code --out}, {@code --quiet}): one set of options for the build on one machine and the jobs
 * module's build on Spark, which must read them the same way.
 */
public final class GenerateTargets {
    @Parameters(paramLabel = "MATERIAL", arity = "0..*", description = "Materials such as KQvKR or KRPvKR.")
    List<String> materials = new ArrayList<>();

    @Option(names = "--pieces", paramLabel = "N", description = "Every material with at most N pieces (2-5).")
    Integer pieces;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: rookery-data/tb).")
    Path out;

    @Option(names = "--quiet", description = "Only print one line per table.")
    boolean quiet;

    @Option(names = "--format", paramLabel = "FORMAT",
        description = "rtb (default): Rookery's tables; syzygy: also MATERIAL.rtbw/.rtbz beside them, for every table built or needed (docs/tablebase.md).")
    String format = "rtb";

    @Option(names = "--dtz", paramLabel = "UNIT",
        description = "With --format syzygy: plies (default) writes DTZ ply-accurate, as rtbgen -p; moves rounds wins and losses to moves, "
            + "as rtbgen's default (smaller files; probers may answer one ply less).")
    String dtz;

    /** Whether --format syzygy was asked for; a {@link UsageError} for an unknown format, or --dtz without syzygy. */
    public boolean syzygy() {
        if (!format.equals("rtb") && !format.equals("syzygy")) throw new UsageError("--format must be rtb or syzygy, not " + format);
        if (dtz != null && !format.equals("syzygy")) throw new UsageError("--dtz applies to the Syzygy files only: add --format syzygy");
        return format.equals("syzygy");
    }

    /** The unit of the written DTZ files (--dtz); a {@link UsageError} for another word. */
    public DtzUnit dtzUnit() {
        if (dtz == null) return DtzUnit.PLIES;
        DtzUnit unit = DtzUnit.named(dtz);
        if (unit == null) throw new UsageError("--dtz must be plies or moves, not " + dtz);
        return unit;
    }

    /**
     * The materials asked for: every one up to --pieces, then each MATERIAL. A {@link UsageError}
     * for a bad --pieces, a material over 5 pieces or nothing asked; an unreadable MATERIAL throws
     * {@link Material#parse}'s IllegalArgumentException, which each command reports its own way.
     */
    public List<Material> targets() {
        List<Material> targets = new ArrayList<>();
        if (pieces != null) {
            if (pieces < 2 || pieces > 5) throw new UsageError("--pieces must be between 2 and 5");
            targets.addAll(Material.upTo(pieces));
        }
        for (String s : materials) {
            Material m = Material.parse(s);
            if (m.pieceCount() > 5) throw new UsageError("material " + m + " has " + m.pieceCount() + " pieces; at most 5 are supported");
            targets.add(m);
        }
        if (targets.isEmpty()) throw new UsageError("name at least one MATERIAL or give --pieces N");
        return targets;
    }

    /** The --out directory as given; null when it was not (each command has its default). */
    public Path out() {
        return out;
    }

    /** The builder's progress lines to {@code err}: all of them, or with --quiet only each table's summary. */
    public Consumer<String> progress(PrintWriter err) {
        return line -> {
            if (!quiet || line.contains("positions,")) {
                err.println(line);
                err.flush();
            }
        };
    }
}
