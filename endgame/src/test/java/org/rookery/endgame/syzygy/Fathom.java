package org.rookery.endgame.syzygy;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Debian's fathom prober run as an independent oracle: WDL word and DTZ of one FEN. */
final class Fathom {
    static final Path FATHOM = Path.of("/usr/games/fathom");
    private static final Pattern WDL = Pattern.compile("\\[WDL \"(\\w+)\"\\]");
    private static final Pattern DTZ = Pattern.compile("\\[DTZ \"(-?\\d+)\"\\]");

    /** Fathom's answer: wdl -2..2 for the side to move, dtz as fathom prints it (unsigned plies). */
    record Answer(int wdl, int dtz) {}

    private Fathom() {}

    static void assumeInstalled() {
        assumeTrue(Files.isExecutable(FATHOM), "fathom is not installed at /usr/games/fathom (apt-get install fathom); skipping");
    }

    /** Null when fathom declines the position (it rejects some it cannot root-probe). */
    static Answer probe(Path dir, String fen) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(FATHOM.toString(), "--path=" + dir, fen).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) return null;
        Matcher w = WDL.matcher(out);
        Matcher d = DTZ.matcher(out);
        if (!w.find() || !d.find()) return null;
        int wdl;
        switch (w.group(1)) {
            case "Win": wdl = 2; break;
            case "CursedWin": wdl = 1; break;
            case "Draw": wdl = 0; break;
            case "BlessedLoss": wdl = -1; break;
            case "Loss": wdl = -2; break;
            default: throw new IllegalStateException("fathom printed WDL " + w.group(1));
        }
        return new Answer(wdl, Integer.parseInt(d.group(1)));
    }
}
