package org.rookery.endgame.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;
import org.rookery.endgame.Fixture;
import org.rookery.endgame.index.Boards;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.index.TableIndex;

/** An independent oracle: Stockfish (without tablebases) finds the same mate distance in sampled short wins. */
class StockfishTest {
    private static final Path STOCKFISH = Paths.get("/usr/games/stockfish");

    @Test
    void stockfishFindsTheSameShortMates() throws Exception {
        assumeTrue(Files.isExecutable(STOCKFISH), "Stockfish is not installed at /usr/games/stockfish (apt-get install stockfish); skipping");
        Process sf = new ProcessBuilder(STOCKFISH.toString()).redirectErrorStream(true).start();
        try (PrintWriter in = new PrintWriter(sf.getOutputStream(), true, StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(sf.getInputStream(), StandardCharsets.UTF_8))) {
            in.println("uci");
            in.println("setoption name Threads value 1");
            in.println("isready");
            for (String l; (l = out.readLine()) != null && !l.equals("readyok"); ) { }
            Tablebase tb = Fixture.tablebase();
            int compared = 0;
            for (String name : new String[] {"KQvKR", "KRvKN", "KBNvK", "KBBvK"}) {
                TableIndex index = tb.table(Material.parse(name)).index();
                SplittableRandom rnd = new SplittableRandom(11);
                long[] bb = new long[12];
                for (int found = 0; found < 3; ) {
                    long idx = rnd.nextLong(index.size());
                    if (!index.valid(idx, bb)) continue;
                    Position pos = Boards.position(bb, index.decode(idx, bb));
                    int dtm = Probe.dtm(tb.probe(pos));
                    if (dtm < 1 || dtm > 9) continue;
                    found++;
                    int mateIn = (dtm + 1) / 2;
                    in.println("ucinewgame");
                    in.println("position fen " + pos.toFen());
                    in.println("go mate " + mateIn);
                    Integer score = null;
                    for (String l; (l = out.readLine()) != null && !l.startsWith("bestmove"); ) {
                        int at = l.indexOf("score mate ");
                        if (at >= 0) score = Integer.parseInt(l.substring(at + 11).split(" ")[0]);
                    }
                    assertEquals(Integer.valueOf(mateIn), score, pos.toFen());
                    compared++;
                }
            }
            assertEquals(12, compared);
            in.println("quit");
        } finally {
            if (!sf.waitFor(5, TimeUnit.SECONDS)) sf.destroyForcibly();
        }
    }
}
