package org.rookery.workers.engine;

import java.io.PrintWriter;
import java.util.List;
import org.rookery.core.board.Position;

/**
 * A fixed-depth search over a fixed set of positions, from a cleared hash: the total node count
 * is a signature of the search (any change to pruning or ordering changes it) and nodes per
 * second measure speed on the machine at hand.
 */
public final class Bench {
    private Bench() {}

    /** Default depth of {@code rookery engine --bench}. */
    public static final int DEFAULT_DEPTH = 8;

    /** Opening, middlegame (Kiwipete and others from the Chess Programming Wiki perft set) and endgames. */
    public static final List<String> POSITIONS = List.of(
        Position.START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");

    /** Total nodes and elapsed nanoseconds over all bench positions. */
    public record Result(long nodes, long nanos) {
        public long nps() {
            return nanos == 0 ? 0 : nodes * 1_000_000_000L / nanos;
        }
    }

    /** Searches every position to {@code depth} from an empty hash, printing one line each and a total. */
    public static Result run(int depth, int hashMb, PrintWriter out) {
        TranspositionTable tt = new TranspositionTable(hashMb);
        Search search = new Search(tt);
        long nodes = 0, nanos = 0;
        for (String fen : POSITIONS) {
            search.newGame();
            Position pos = Position.fromFen(fen);
            long t0 = System.nanoTime();
            SearchResult r = search.run(pos, SearchLimits.ofDepth(depth));
            long dt = System.nanoTime() - t0;
            nodes += r.nodes();
            nanos += dt;
            out.printf("%-70s %s %s nodes %d%n", fen, r.toUci(), Score.toUci(r.score()), r.nodes());
        }
        Result result = new Result(nodes, nanos);
        out.printf("bench depth %d: nodes %d time_ms %d nps %d%n", depth, nodes, nanos / 1_000_000, result.nps());
        out.flush();
        return result;
    }
}
