package org.rookery.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rookery.core.board.Position;
import org.rookery.core.perft.Perft;

/**
 * Perft throughput. Run with {@code -prof gc}: gc.alloc.rate.norm must stay near zero bytes per
 * operation, proving that make/unmake and generation allocate nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class PerftBenchmark {
    @Param({
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    })
    public String fen;

    private Position position;
    private Perft perft;

    @Setup
    public void setUp() {
        position = Position.fromFen(fen);
        perft = new Perft(8);
    }

    /** One op = a depth-4 perft with bulk counting at the leaves. */
    @Benchmark
    public long bulkDepth4() {
        return perft.count(position, 4);
    }

    /** One op = a depth-3 perft that makes and unmakes every leaf. */
    @Benchmark
    public long makeEveryLeafDepth3() {
        return perft.countMakingLeaves(position, 3);
    }
}
