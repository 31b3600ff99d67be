package org.rookery.endgame.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.Table;
import org.rookery.endgame.probe.TableSet;
import org.rookery.endgame.probe.Tablebase;

/** The checks of a written Syzygy table: every position by our reader, random ones by fathom. */
final class WrittenTables {
    private WrittenTables() {}

    /** Writes every table of {@code rookery} with at least 3 pieces as Syzygy into {@code out}: every DTZ map 16-bit when {@code wideMaps}, DTZ in {@code unit}. */
    static void writeAll(Tablebase rookery, Path out, boolean wideMaps, DtzUnit unit) throws IOException {
        SyzygyWriter writer = new SyzygyWriter(new TableSet(rookery.tables()), wideMaps, unit);
        for (Table t : rookery.tables()) if (t.material().pieceCount() >= 3) writer.write(t.material(), out);
    }

    /**
     * Every slot of the Rookery table that is a legal position, probed through our Syzygy reader on
     * the written files: WDL equal, DTZ equal in plies (cursed wins and blessed losses, which the
     * format stores in moves, within one ply). Written in {@link DtzUnit#MOVES}, a win or loss is the
     * distance or one ply less. Returns the number of positions compared.
     */
    static long everyPosition(Tablebase rookery, SyzygyTablebase written, String material, DtzUnit unit) {
        Table table = rookery.table(Material.parse(material));
        TableIndex index = table.index();
        long[] bb = new long[12];
        Position pos = new Position();
        long compared = 0;
        for (long idx = 0; idx < index.size(); idx++) {
            if (!index.valid(idx, bb)) continue;
            int stm = index.decode(idx, bb);
            pos.setFen(fen(bb, stm));
            long r = rookery.probe(pos);
            int wdl = Probe.category(r, 0).ordinal() - 2;
            assertEquals(wdl, written.wdl(pos), () -> "WDL of " + pos.toFen());
            int dtz = written.dtz(pos), want = Probe.dtz(r);
            if (wdl == 0) assertEquals(0, dtz, () -> "DTZ of the draw " + pos.toFen());
            else if (want == 0) assertEquals(-1, dtz, () -> "DTZ of the mate " + pos.toFen());
            else if (Math.abs(wdl) == 2 && unit == DtzUnit.PLIES) assertEquals(want, dtz, () -> "DTZ of " + pos.toFen());
            else if (Math.abs(wdl) == 2) {
                int under = Math.abs(want) - Math.abs(dtz);
                assertTrue(Integer.signum(dtz) == Integer.signum(want) && (under == 0 || under == 1 && written.lastDtzRounded()),
                        () -> "DTZ in moves of " + pos.toFen() + ": " + dtz + " for " + want);
            }
            else assertTrue(Math.abs(want) - Math.abs(dtz) == 0 || Math.abs(want) - Math.abs(dtz) == 1, "DTZ of the cursed/blessed " + pos.toFen() + ": " + dtz + " for " + want);
            compared++;
        }
        return compared;
    }

    /**
     * Random positions of {@code material}, both sides to move, probed by fathom on the written
     * files: WDL equal to Rookery's and to the standard table's, DTZ equal to Rookery's in plies
     * (the written files are ply-accurate) and to the standard table's up to its rounding to moves.
     * Written in {@link DtzUnit#MOVES}, fathom's DTZ is the distance or one ply less, and within a
     * ply of the standard table's.
     */
    static int fathom(Tablebase rookery, Path written, SyzygyTablebase standard, String material, int perSide, SplittableRandom random,
            DtzUnit unit) throws IOException, InterruptedException {
        int compared = 0;
        for (int side = 0; side < 2; side++) {
            for (int i = 0; i < perSide; i++) {
                Position pos = RandomPositions.of(material, side == 1, random);
                if (pos.isCheckmate()) continue; // fathom misreports mates (see FathomOracleTest)
                String fen = pos.toFen();
                Fathom.Answer got = Fathom.probe(written, fen);
                if (got == null) continue;
                long r = rookery.probe(pos);
                int wdl = Probe.category(r, 0).ordinal() - 2, want = Math.abs(Probe.dtz(r));
                assertEquals(wdl, got.wdl(), "fathom's WDL of " + fen + " on the written table");
                assertEquals(standard.wdl(pos), got.wdl(), "fathom's WDL of " + fen + " against the standard table");
                if (Math.abs(wdl) == 2 && unit == DtzUnit.PLIES) assertEquals(want, got.dtz(), "fathom's DTZ of " + fen + " on the written table");
                if (Math.abs(wdl) == 2 && unit == DtzUnit.MOVES) {
                    int under = want - got.dtz();
                    assertTrue(under == 0 || under == 1, "fathom's DTZ of " + fen + " on the table written in moves: " + got.dtz() + " for " + want);
                }
                int gap = got.dtz() - Math.abs(standard.dtz(pos));
                boolean within = unit == DtzUnit.PLIES ? gap == 0 || gap == 1 : Math.abs(gap) <= 1;
                assertTrue(within, "fathom's DTZ of " + fen + " is " + got.dtz() + ", the standard table's " + standard.dtz(pos));
                compared++;
            }
        }
        return compared;
    }

    static String fen(long[] bb, int stm) {
        StringBuilder sb = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int sq = rank * 8 + file;
                int piece = -1;
                for (int p = 0; p < 12; p++) if ((bb[p] >>> sq & 1) != 0) piece = p;
                if (piece < 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) sb.append(empty);
                empty = 0;
                char c = "PNBRQK".charAt(piece % 6);
                sb.append(piece < 6 ? c : Character.toLowerCase(c));
            }
            if (empty > 0) sb.append(empty);
            if (rank > 0) sb.append('/');
        }
        return sb.append(stm == Piece.WHITE ? " w - - 0 1" : " b - - 0 1").toString();
    }

    static boolean sharedPresent() {
        return Files.isDirectory(FathomOracleTest.SHARED);
    }

    static List<String> names(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".rtbw")).map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        }
    }
}
