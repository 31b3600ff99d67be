package org.rookery.core.pgn;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/**
 * Lexer throughput, run by hand (not part of the test suite, so timing never fails a build):
 *
 * <pre>
 * mvn -q -o -pl core test-compile
 * java -cp core/target/classes:core/target/test-classes org.rookery.core.pgn.PgnReaderThroughput
 * </pre>
 *
 * Generates 50,000 games of 80 plies in memory, once as bare movetext and once in lichess style
 * with a {@code [%eval] [%clk]} comment on every ply (reading those values, which are parsed on
 * demand, and not), and reports plies per second on one thread, both per wall-clock second and
 * per second of the thread's CPU time; the latter is the per-core figure and is far less
 * disturbed by other processes on a shared machine.
 */
public final class PgnReaderThroughput {

    private static final String[] SANS = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6",
        "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6",
        "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4", "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7",
        "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6", "Nc4", "Nxc4", "Bxc4", "Nb6", "Ne5", "Rae8", "Bxf7+",
        "Rxf7", "Nxf7", "Rxe1+", "Qxe1", "Kxf7", "Qe3", "Qg5", "Qxg5", "hxg5", "b3", "Ke6", "a3",
        "Kd6", "axb4", "cxb4", "Ra5", "Nd5", "f3", "Bc8", "Kf2", "Bf5", "Ra7", "g6", "Ra6+", "Kc5",
        "Ke1", "Nf4", "g3", "Nxh3", "Kd2", "Kb5", "Rd6", "Kc5", "Ra6", "Nf2", "g4", "Bd3", "Re6",
        "exd8=Q+", "Qh4#"};

    private PgnReaderThroughput() {
    }

    static byte[] generate(int games, int plies, boolean lichessStyle) {
        Random rnd = new Random(1);
        ByteArrayOutputStream out = new ByteArrayOutputStream(games * (lichessStyle ? 3500 : 900));
        StringBuilder sb = new StringBuilder(4096);
        for (int g = 0; g < games; g++) {
            sb.setLength(0);
            sb.append("[Event \"Rated Blitz game\"]\n[Site \"https://example.org/").append(g)
                    .append("\"]\n[Date \"2024.06.01\"]\n[Round \"-\"]\n[White \"player")
                    .append(rnd.nextInt(100000)).append("\"]\n[Black \"player")
                    .append(rnd.nextInt(100000)).append("\"]\n[Result \"1-0\"]\n[WhiteElo \"")
                    .append(1500 + rnd.nextInt(1000)).append("\"]\n[BlackElo \"")
                    .append(1500 + rnd.nextInt(1000))
                    .append("\"]\n[TimeControl \"180+0\"]\n[ECO \"C65\"]\n[Termination \"Normal\"]\n\n");
            for (int p = 0; p < plies; p++) {
                if (p % 2 == 0) {
                    sb.append(p / 2 + 1).append(". ");
                } else if (lichessStyle) {
                    sb.append(p / 2 + 1).append("... ");
                }
                sb.append(SANS[rnd.nextInt(SANS.length)]).append(' ');
                if (lichessStyle) {
                    sb.append("{ [%eval ").append(rnd.nextInt(200) / 100.0).append("] [%clk 0:0")
                            .append(rnd.nextInt(3)).append(':').append(10 + rnd.nextInt(50))
                            .append("] } ");
                }
            }
            sb.append("1-0\n\n");
            out.writeBytes(sb.toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    /** Reads everything once; returns plies seen, folding SAN chars into a checksum. */
    static long pass(byte[] data, long[] checksum, boolean keepRaw, boolean clocks)
            throws IOException {
        PgnReader.Options options = new PgnReader.Options(1 << 20, 8 << 20, keepRaw);
        long plies = 0;
        try (PgnReader r = new PgnReader(new ByteArrayInputStream(data), "synthetic", null, options)) {
            PgnGame g = new PgnGame();
            while (r.next(g)) {
                char[] san = g.sanBuffer();
                for (int i = 0; i < g.plyCount(); i++) {
                    checksum[0] += san[g.sanStart(i)] + g.sanLength(i);
                    if (clocks) {
                        checksum[0] += g.clockMillis(i) + g.evalCp(i);
                    }
                }
                plies += g.plyCount();
            }
            if (r.errorCount() != 0) {
                throw new IllegalStateException("synthetic input had errors");
            }
        }
        return plies;
    }

    public static void main(String[] args) throws IOException {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        for (int variant = 0; variant < 3; variant++) {
            boolean lichess = variant > 0;
            boolean clocks = variant == 2;
            byte[] data = generate(games, 80, lichess);
            for (boolean keepRaw : new boolean[] {true, false}) {
                long[] checksum = new long[1];
                for (int w = 0; w < 3; w++) {
                    pass(data, checksum, keepRaw, clocks);
                }
                double[] rates = new double[5];
                double[] cpuRates = new double[5];
                long plies = 0;
                ThreadMXBean threads = ManagementFactory.getThreadMXBean();
                for (int i = 0; i < rates.length; i++) {
                    long cpu0 = threads.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    plies = pass(data, checksum, keepRaw, clocks);
                    rates[i] = plies / ((System.nanoTime() - t0) / 1e9);
                    cpuRates[i] = plies / ((threads.getCurrentThreadCpuTime() - cpu0) / 1e9);
                }
                Arrays.sort(rates);
                Arrays.sort(cpuRates);
                double mbPerSec = cpuRates[2] * data.length / plies / 1e6;
                System.out.printf("%-38s raw text %-4s %,d games, %,d plies, %,.1f MB: median %,.0f"
                        + " plies/CPU-s, %.0f MB/CPU-s (wall: median %,.0f plies/s, best %,.0f)"
                        + "  [checksum %d]%n",
                        !lichess ? "bare movetext" : clocks ? "[%clk]/[%eval] comments, values read"
                                : "[%clk]/[%eval] comments, not read", keepRaw ? "kept" : "off",
                        games, plies, data.length / 1e6, cpuRates[2], mbPerSec, rates[2], rates[4],
                        checksum[0]);
            }
        }
    }
}
