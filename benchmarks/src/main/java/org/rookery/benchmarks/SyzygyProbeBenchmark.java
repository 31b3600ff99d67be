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
import org.rookery.core.board.Position;
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
        SplittableRandom random = new SplittableRandom(1);
        List<Position> list = new ArrayList<>();
        while (list.size() < 4096) {
            Position p = randomPosition(MATERIALS[random.nextInt(MATERIALS.length)], random);
            if (p != null && p.hasLegalMove()) list.add(p);
        }
        positions = list.toArray(Position[]::new);
        for (Position p : positions) tb.dtz(p); // maps every page the sample touches: probes from memory
    }

    /** A random legal position of the material ("KQvKR": white left of 'v'), or null when the placement is illegal. */
    static Position randomPosition(String material, SplittableRandom random) {
        char[] board = new char[64];
        java.util.Arrays.fill(board, '.');
        String[] sides = material.split("v");
        for (int side = 0; side < 2; side++) {
            for (char c : sides[side].toCharArray()) {
                int sq;
                do {
                    sq = random.nextInt(64);
                } while (board[sq] != '.' || (c == 'P' && (sq < 8 || sq >= 56)));
                board[sq] = side == 0 ? c : Character.toLowerCase(c);
            }
        }
        StringBuilder fen = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char c = board[rank * 8 + file];
                if (c == '.') {
                    empty++;
                    continue;
                }
                if (empty > 0) fen.append(empty);
                empty = 0;
                fen.append(c);
            }
            if (empty > 0) fen.append(empty);
            if (rank > 0) fen.append('/');
        }
        fen.append(random.nextBoolean() ? " w" : " b").append(" - - 0 1");
        try {
            Position p = Position.fromFen(fen.toString());
            // the side not to move may not be in check
            Position other = Position.fromFen(fen.toString().replace(p.sideToMove() == 0 ? " w " : " b ", p.sideToMove() == 0 ? " b " : " w "));
            return other.inCheck() ? null : p;
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
