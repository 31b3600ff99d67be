package org.rookery.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;

/**
 * PGN parse + legal replay + repetition tracking over generated legal games of realistic length
 * (120 plies of random legal moves each). Run with {@code -prof gc} to see bytes per game.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class PgnReplayBenchmark {
    private byte[] pgn;
    private final GameReplay replay = new GameReplay();
    private final PgnGame game = new PgnGame();

    @Setup
    public void setUp() {
        SplittableRandom rnd = new SplittableRandom(1);
        San san = new San();
        int[] moves = new int[Position.MAX_MOVES];
        StringBuilder sb = new StringBuilder();
        for (int g = 0; g < 1000; g++) {
            sb.append("[Event \"bench\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"").append(g + 1)
              .append("\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n");
            Position p = new Position();
            for (int ply = 0; ply < 120; ply++) {
                int n = p.generateLegal(moves, 0);
                if (n == 0) break;
                int m = moves[rnd.nextInt(n)];
                if (ply % 2 == 0) sb.append(ply / 2 + 1).append(". ");
                san.appendSan(p, m, sb);
                sb.append(ply % 10 == 9 ? '\n' : ' ');
                p.makeMove(m);
            }
            sb.append("*\n\n");
        }
        pgn = sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** One op = parsing and replaying the 1,000 games (raw text not kept: only tags allocate, per game). */
    @Benchmark
    public long parseAndReplay1000Games() throws IOException {
        long plies = 0;
        try (PgnReader reader = new PgnReader(new ByteArrayInputStream(pgn), "bench", e -> { },
                new PgnReader.Options(1 << 20, 8 << 20, false))) {
            while (reader.next(game)) if (replay.replay(game)) plies += replay.plies();
        }
        return plies;
    }
}
