package org.rookery.core.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.perft.Perft;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Termination;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code rookery selfcheck}: a few seconds of known answers (perft counts, SAN, the draw and mate
 * rules), so a user can see the core working on their machine before anything else.
 */
@Command(name = "selfcheck", mixinStandardHelpOptions = true, description = "Check the rules core against known answers.")
public final class SelfCheckCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    private int passed, failed;
    private PrintWriter out;

    @Override
    public Integer call() {
        out = spec.commandLine().getOut();
        Perft perft = new Perft(8);
        check("perft start position depth 5 = 4865609", perft.count(new Position(), 5) == 4_865_609L);
        check("perft Kiwipete depth 4 = 4085603",
            perft.count(Position.fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 4) == 4_085_603L);
        check("perft CPW position 3 depth 5 = 674624",
            perft.count(Position.fromFen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 5) == 674_624L);
        check("Polyglot key of the start position = 463b96181691fc9c", new Position().key() == 0x463b96181691fc9cL);

        San san = new San();
        Position p = new Position();
        for (String m : "f3 e5 g4".split(" ")) p.makeMove(san.parse(p, m));
        int mate = san.parse(p, "Qh4");
        check("Fool's mate is written Qh4#", san.toSan(p, mate).equals("Qh4#"));
        p.makeMove(mate);
        Outcome o = GameRules.automaticOutcome(p);
        check("Fool's mate ends 0-1 by checkmate", o != null && o.termination() == Termination.CHECKMATE && o.result().pgn().equals("0-1"));

        Position rep = new Position();
        for (int i = 0; i < 2; i++) for (String m : "Nf3 Nf6 Ng1 Ng8".split(" ")) rep.makeMove(san.parse(rep, m));
        check("threefold repetition claimable after Nf3 Nf6 Ng1 Ng8 twice", GameRules.canClaimThreefold(rep));
        check("K+B v K is a dead position", GameRules.isDeadPosition(Position.fromFen("8/8/4k3/8/8/2B5/4K3/8 w - - 0 1")));
        check("stalemate is recognised", Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").isStalemate());

        out.println("selfcheck: " + passed + " passed, " + failed + " failed");
        out.flush();
        return failed == 0 ? 0 : 1;
    }

    private void check(String what, boolean ok) {
        out.println((ok ? "  ok    " : "  FAIL  ") + what);
        out.flush();
        if (ok) passed++;
        else failed++;
    }
}
