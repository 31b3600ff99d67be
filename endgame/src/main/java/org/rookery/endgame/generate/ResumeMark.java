package org.rookery.endgame.generate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.TableFile;

/**
 * How far a pawnful table's build got: {@code NAME.rtb.resume} beside its {@code NAME.rtb.part}
 * names the first pawn slice not yet solved (always the start of a pawn wave) and the statistics
 * of the slices before it, which the header needs. The generator rewrites it after each wave,
 * once the wave's values are flushed to the table in progress, so a killed build continues at the
 * wave it was in. Pawnless tables are solved in one piece and restart from scratch. The Spark build
 * keeps the same mark in its build directory after each merged wave.
 */
public final class ResumeMark {
    private static final String SUFFIX = TableFile.SUFFIX + ".resume";

    final int nextSlice;
    final long[][] counts = new long[2][5];
    final int[] longestDtm = new int[2], longestDtz = new int[2];
    long positions;
    int iterations;

    ResumeMark(int nextSlice) {
        this.nextSlice = nextSlice;
    }

    static Path path(Path dir, Material m) {
        return dir.resolve(m.name() + SUFFIX);
    }

    /** The first slice not yet solved (the start of a pawn wave). */
    public int nextSlice() {
        return nextSlice;
    }

    /** Positions by side to move and category in the solved slices (a copy). */
    public long[][] counts() {
        return new long[][] {counts[0].clone(), counts[1].clone()};
    }

    /** Longest DTM per side to move in the solved slices (a copy). */
    public int[] longestDtm() {
        return longestDtm.clone();
    }

    /** Longest DTZ per side to move in the solved slices (a copy). */
    public int[] longestDtz() {
        return longestDtz.clone();
    }

    /** Positions in the solved slices. */
    public long positions() {
        return positions;
    }

    /**
     * Records that the slices before {@code next} of {@code m}'s table in progress in {@code dir} are
     * solved and flushed, with their statistics (for builds that solve slices elsewhere, as Spark's).
     */
    public static void write(Path dir, Material m, int next, long[][] counts, int[] longestDtm, int[] longestDtz,
            long positions) throws IOException {
        ResumeMark r = new ResumeMark(next);
        for (int s = 0; s < 2; s++) {
            r.counts[s] = counts[s].clone();
            r.longestDtm[s] = longestDtm[s];
            r.longestDtz[s] = longestDtz[s];
        }
        r.positions = positions;
        r.write(dir, m, next, new SliceSolver[0]);
    }

    /** Records that slices before {@code next} are solved: this mark's statistics plus the solvers'. */
    void write(Path dir, Material m, int next, SliceSolver[] solvers) throws IOException {
        long[][] c = new long[2][5];
        int[] d = longestDtm.clone(), z = longestDtz.clone();
        long pos = positions;
        int it = iterations;
        for (int s = 0; s < 2; s++) c[s] = counts[s].clone();
        for (SliceSolver x : solvers) {
            for (int s = 0; s < 2; s++) {
                for (int k = 0; k < 5; k++) c[s][k] += x.counts[s][k];
                d[s] = Math.max(d[s], x.longestDtm[s]);
                z[s] = Math.max(z[s], x.longestDtz[s]);
            }
            pos += x.positions;
            it = Math.max(it, x.iterations);
        }
        List<String> lines = new ArrayList<>();
        lines.add("material " + m.name());
        lines.add("slots " + new TableIndex(m).size());
        lines.add("next " + next);
        lines.add("positions " + pos);
        lines.add("iterations " + it);
        StringBuilder cs = new StringBuilder("counts");
        for (int s = 0; s < 2; s++) for (int k = 0; k < 5; k++) cs.append(' ').append(c[s][k]);
        lines.add(cs.toString());
        lines.add("longest " + d[0] + " " + d[1] + " " + z[0] + " " + z[1]);
        Path p = path(dir, m), tmp = p.resolveSibling(p.getFileName() + ".tmp");
        Files.write(tmp, lines, StandardCharsets.US_ASCII);
        Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The mark of an interrupted build of this table, or null when there is none to continue (no
     * table in progress, no mark, or a mark that does not fit the table: the build starts over).
     */
    public static ResumeMark read(Path dir, TableIndex index) {
        Material m = index.material();
        Path p = path(dir, m), part = TableFile.partPath(dir, m);
        if (!Files.exists(p) || !Files.exists(part)) return null;
        try {
            List<String> lines = Files.readAllLines(p, StandardCharsets.US_ASCII);
            if (lines.size() != 7 || !lines.get(0).equals("material " + m.name()) || !lines.get(1).equals("slots " + index.size())) return null;
            int next = Integer.parseInt(field(lines.get(2), "next")[0]);
            if (next <= 0 || next >= index.sliceCount() || index.advancement(next - 1) == index.advancement(next)) return null;
            if (Files.size(part) != TableFile.HEADER + 4 * index.size()) return null;
            ResumeMark r = new ResumeMark(next);
            r.positions = Long.parseLong(field(lines.get(3), "positions")[0]);
            r.iterations = Integer.parseInt(field(lines.get(4), "iterations")[0]);
            String[] c = field(lines.get(5), "counts");
            if (c.length != 10) return null;
            for (int s = 0; s < 2; s++) for (int k = 0; k < 5; k++) r.counts[s][k] = Long.parseLong(c[s * 5 + k]);
            String[] l = field(lines.get(6), "longest");
            if (l.length != 4) return null;
            for (int s = 0; s < 2; s++) {
                r.longestDtm[s] = Integer.parseInt(l[s]);
                r.longestDtz[s] = Integer.parseInt(l[2 + s]);
            }
            return r;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static void delete(Path dir, Material m) throws IOException {
        Files.deleteIfExists(path(dir, m));
    }

    private static String[] field(String line, String name) {
        if (!line.startsWith(name + " ")) throw new IllegalArgumentException("expected " + name);
        return line.substring(name.length() + 1).split(" ");
    }
}
