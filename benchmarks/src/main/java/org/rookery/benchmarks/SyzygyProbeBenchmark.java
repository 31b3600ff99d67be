package org.rookery.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.endgame.index.Boards;
import org.rookery.endgame.index.Material;
import org.rookery.endgame.source.TableSources;
import org.rookery.endgame.syzygy.SyzygyTablebase;

/**
 * Syzygy WDL and DTZ probes from memory (files mapped and touched in setup) over random legal
 * 3- and 4-piece positions, both sides to move, of the standard tables in
 * {@code -Dsyzygy.path=DIR} (default {@code ../shared/data/syzygy}). Run with {@code -prof gc}
 * to see that probing allocates nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class SyzygyProbeBenchmark {
    /** Materials sampled: pawnless, pawnful, both sides with pawns, symmetric. */
    static final String[] MATERIALS = {"KQvK", "KRvK", "KPvK", "KQvKR", "KRvKP", "KPvKP", "KRvKR", "KBNvK", "KPPvK"};

    private SyzygyTablebase tb;
    private TableSources sources;
    private final Position middlegame = Position.fromFen("r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10");
    private Position[] positions;
    private int next;

    @Setup
    public void setUp() {
        Path dir = Path.of(System.getProperty("syzygy.path", "../shared/data/syzygy"));
        if (!Files.isDirectory(dir)) throw new IllegalStateException("no Syzygy tables at " + dir + " (set -Dsyzygy.path=DIR)");
        tb = new SyzygyTablebase(List.of(dir));
        try {
            sources = TableSources.open(dir.toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        positions = positions(POSITIONS);
        for (Position p : positions) tb.dtz(p); // maps every page the sample touches: probes from memory
    }

    /** How many positions the probes cycle through (a power of two). */
    static final int POSITIONS = 4096;

    /** The first {@code n} of the benchmark's positions (seed 1): random legal positions with a legal move. */
    static Position[] positions(int n) {
        SplittableRandom random = new SplittableRandom(1);
        List<Position> list = new ArrayList<>();
        while (list.size() < n) {
            Position p = randomPosition(MATERIALS[random.nextInt(MATERIALS.length)], random);
            if (p != null && p.hasLegalMove()) list.add(p);
        }
        return list.toArray(Position[]::new);
    }

    /** A random legal position of the material ("KQvKR": white left of 'v'), or null when the placement is illegal. */
    static Position randomPosition(String material, SplittableRandom random) {
        int[] counts = Material.parse(material).counts();
        long[] bb = new long[12];
        long occupied = 0;
        for (int piece = 0; piece < 12; piece++) {
            for (int n = 0; n < counts[piece]; n++) {
                int sq;
                boolean pawn = piece == Piece.W_PAWN || piece == Piece.B_PAWN;
                do {
                    sq = random.nextInt(64);
                } while ((occupied >>> sq & 1) != 0 || (pawn && (sq < 8 || sq >= 56)));
                bb[piece] |= 1L << sq;
                occupied |= 1L << sq;
            }
        }
        int stm = random.nextInt(2);
        try {
            // the side not to move may not be in check
            return Boards.position(bb, stm ^ 1).inCheck() ? null : Boards.position(bb, stm);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private Position nextPosition() {
        Position p = positions[next];
        next = (next + 1) & (positions.length - 1);
        return p;
    }

    @Benchmark
    public int wdl() {
        return tb.wdl(nextPosition());
    }

    /** What gauntlet -tb adds to a move inside the tables: the verdict (WDL at a fresh clock), as the adjudicator asks it. */
    @Benchmark
    public Object adjudicateInTables() {
        return sources.category(nextPosition());
    }

    /** What -tb adds to every move outside the tables (a 24-piece middlegame, castling rights gone). */
    @Benchmark
    public Object adjudicateMiddlegame() {
        return sources.category(middlegame);
    }

    @Benchmark
    public int dtz() {
        return tb.dtz(nextPosition());
    }
}
