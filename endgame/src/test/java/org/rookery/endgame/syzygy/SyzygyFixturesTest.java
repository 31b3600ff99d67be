package org.rookery.endgame.syzygy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.board.Position;
import org.rookery.endgame.probe.CorruptTableException;

/** The bundled KQvK, KRvK, KPvK, KNvK and KBvK tables: known values (from fathom) and every kind of bad file. */
class SyzygyFixturesTest {
    static Path fixtures() {
        try {
            return Path.of(SyzygyFixturesTest.class.getResource("/syzygy/KQvK.rtbw").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final SyzygyTablebase TB = new SyzygyTablebase(List.of(fixtures()));

    private static void expect(String fen, int wdl, int dtz) {
        Position pos = Position.fromFen(fen);
        assertEquals(wdl, TB.wdl(pos), "WDL of " + fen);
        assertEquals(dtz, TB.dtz(pos), "DTZ of " + fen);
        assertEquals(fen, pos.toFen(), "the position is restored");
    }

    @Test
    void knownValuesBothSidesToMove() {
        expect("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", 2, 17);
        expect("8/8/8/4k3/8/8/8/KQ6 b - - 0 1", -2, -18);
        expect("7k/8/6K1/8/8/8/8/R7 w - - 0 1", 2, 1);
        expect("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", 0, 0);
        expect("8/8/8/8/8/4k3/4P3/4K3 b - - 0 1", 0, 0);
        expect("8/8/8/8/4k3/8/4P3/4K3 w - - 0 1", 0, 0);
    }

    @Test
    void colourMirroredPositionsHaveTheSameValue() {
        SplittableRandom random = new SplittableRandom(7);
        for (String m : List.of("KQvK", "KRvK", "KPvK")) {
            for (int i = 0; i < 300; i++) {
                Position pos = RandomPositions.of(m, random.nextBoolean(), random);
                Position mirrored = Position.fromFen(mirror(pos.toFen()));
                assertEquals(TB.wdl(pos), TB.wdl(mirrored), pos.toFen());
                assertEquals(TB.dtz(pos), TB.dtz(mirrored), pos.toFen());
            }
        }
    }

    /** The same position with colours swapped and the board turned over. */
    static String mirror(String fen) {
        String[] f = fen.split(" ");
        String[] ranks = f[0].split("/");
        StringBuilder sb = new StringBuilder();
        for (int i = ranks.length - 1; i >= 0; i--) {
            for (char c : ranks[i].toCharArray()) {
                sb.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
            }
            if (i > 0) sb.append('/');
        }
        return sb + " " + (f[1].equals("w") ? "b" : "w") + " - - 0 1";
    }

    @Test
    void wrongMagicNamesTheFile(@TempDir Path dir) throws IOException {
        Path file = copy(dir, "KQvK.rtbw");
        byte[] bytes = Files.readAllBytes(file);
        bytes[0] ^= 0x40;
        Files.write(file, bytes);
        CorruptTableException e = assertThrows(CorruptTableException.class, () -> new SyzygyTablebase(List.of(dir)));
        assertTrue(e.getMessage().contains("KQvK.rtbw") && e.getMessage().contains("magic"), e.getMessage());
    }

    @Test
    void truncatedFileNamesTheFile(@TempDir Path dir) throws IOException {
        for (int keep : new int[] {3, 40, 150}) {
            Path file = dir.resolve("KRvK.rtbz");
            byte[] bytes = Files.readAllBytes(fixtures().resolve("KRvK.rtbz"));
            Files.write(file, java.util.Arrays.copyOf(bytes, keep));
            CorruptTableException e = assertThrows(CorruptTableException.class, () -> new SyzygyTablebase(List.of(dir)));
            assertTrue(e.getMessage().contains("KRvK.rtbz") && e.getMessage().contains("truncated"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
    }

    @Test
    void headerThatContradictsTheNameIsRejected(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("KPvK.rtbw");
        byte[] bytes = Files.readAllBytes(fixtures().resolve("KQvK.rtbw"));
        Files.write(file, bytes);
        CorruptTableException e = assertThrows(CorruptTableException.class, () -> new SyzygyTablebase(List.of(dir)));
        assertTrue(e.getMessage().contains("KPvK.rtbw"), e.getMessage());
    }

    @Test
    void flippedBytesInBlocksNeverEscapeAsAnythingButACorruptTable(@TempDir Path dir) throws IOException {
        Path file = copy(dir, "KPvK.rtbz");
        for (String name : List.of("KPvK.rtbw", "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KNvK.rtbw", "KNvK.rtbz", "KBvK.rtbw", "KBvK.rtbz")) copy(dir, name);
        byte[] bytes = Files.readAllBytes(file);
        for (int i = bytes.length - 1; i >= bytes.length - 512; i -= 7) bytes[i] ^= (byte) 0xA5;
        Files.write(file, bytes);
        SyzygyTablebase tb = new SyzygyTablebase(List.of(dir));
        SplittableRandom random = new SplittableRandom(3);
        int differ = 0, detected = 0;
        for (int i = 0; i < 2000; i++) {
            Position pos = RandomPositions.of("KPvK", random.nextBoolean(), random);
            try {
                int d = tb.dtz(pos);
                if (d != TB.dtz(pos)) differ++;
                // the format has no checksum: a damaged value can only be caught where it is impossible. What is returned
                // agrees with the (undamaged) WDL file and keeps a win within the 50-move rule.
                int wdl = tb.wdl(pos);
                assertEquals(Integer.signum(wdl), Integer.signum(d), pos.toFen());
                if (Math.abs(wdl) == 2) assertTrue(Math.abs(d) <= 102, "a win beyond the 50-move rule: " + d + " at " + pos.toFen());
            } catch (CorruptTableException e) {
                assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
                assertEquals(1, e.getMessage().lines().count());
                detected++;
            }
        }
        System.out.println("SyzygyFixturesTest: flipped bytes in KPvK.rtbz blocks: " + differ + " of 2000 probes returned another "
            + "possible DTZ, " + detected + " were detected as corrupt");
        assertTrue(differ + detected > 0, "the flipped bytes changed nothing: the test flips no data");
    }

    @Test
    void aDtzFileWithoutItsWdlFileAnswersNothing(@TempDir Path dir) throws IOException {
        copy(dir, "KQvK.rtbz");
        SyzygyTablebase tb = new SyzygyTablebase(List.of(dir));
        Position pos = Position.fromFen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
        MissingTableException wdl = assertThrows(MissingTableException.class, () -> tb.wdl(pos));
        assertTrue(wdl.getMessage().contains("KQvK.rtbw"), wdl.getMessage());
        assertThrows(MissingTableException.class, () -> tb.dtz(pos), "DTZ needs the WDL file for its sign");
        org.rookery.endgame.source.SyzygySource source = new org.rookery.endgame.source.SyzygySource(tb, dir.toString());
        assertEquals(org.rookery.endgame.probe.Probe.NOT_FOUND, source.probe(pos));
        String why = source.whyNot(pos);
        assertTrue(why.contains("KQvK.rtbw") && why.contains("KQvK.rtbz is there"), why);
    }

    @Test
    void missingTablesAreOneLineNamingTheFile(@TempDir Path dir) throws IOException {
        copy(dir, "KQvK.rtbw");
        SyzygyTablebase tb = new SyzygyTablebase(List.of(dir));
        Position pos = Position.fromFen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
        assertEquals(2, tb.wdl(pos));
        MissingTableException dtz = assertThrows(MissingTableException.class, () -> tb.dtz(pos));
        assertTrue(dtz.getMessage().contains("KQvK.rtbz"), dtz.getMessage());
        Position other = Position.fromFen("8/8/8/4k3/8/8/8/KR6 b - - 0 1");
        MissingTableException wdl = assertThrows(MissingTableException.class, () -> tb.wdl(other));
        assertTrue(wdl.getMessage().contains("KRvK.rtbw"), wdl.getMessage());
        MissingTableException dirMissing = assertThrows(MissingTableException.class,
                () -> SyzygyTablebase.open(dir.resolve("nowhere").toString()));
        assertTrue(dirMissing.getMessage().contains("nowhere"), dirMissing.getMessage());
    }

    private static Path copy(Path dir, String name) throws IOException {
        Path to = dir.resolve(name);
        Files.copy(fixtures().resolve(name), to);
        return to;
    }
}
