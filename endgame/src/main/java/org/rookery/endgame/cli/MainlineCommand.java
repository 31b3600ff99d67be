package org.rookery.endgame.cli;

import org.rookery.endgame.source.TableSources;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.rookery.core.board.Move;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.rules.GameRules;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.RankedMove;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tb mainline FEN}: best play to the end of the game, as JSON. */
@Command(name = "mainline", mixinStandardHelpOptions = true,
    description = "Print best play from a position until mate or a draw, as JSON (DTZ-optimal by default, which keeps wins within the 50-move rule).")
final class MainlineCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TbOptions tb;

    @Parameters(paramLabel = "FEN")
    String fen;

    @Option(names = "--metric", paramLabel = "dtz|dtm", description = "Which distance the moves minimise (default: dtz).")
    String metric = "dtz";

    @Option(names = "--max-plies", paramLabel = "N", description = "Stop after N plies (default: 1000).")
    int maxPlies = 1000;

    @Override
    public Integer call() throws Exception {
        if (!metric.equals("dtz") && !metric.equals("dtm")) throw new IllegalArgumentException("--metric must be dtz or dtm, not " + metric);
        PrintWriter out = spec.commandLine().getOut();
        try (TableSources base = TableSources.open(tb.dir())) {
            Position pos = Position.fromFen(fen);
            long r = base.probe(pos);
            if (!Probe.found(r)) throw new IllegalArgumentException(base.whyNot(pos));
            if (metric.equals("dtm") && base.answeredBy(pos) == TableSources.Kind.SYZYGY) {
                throw new IllegalArgumentException("--metric dtm needs Rookery tables: Syzygy tables hold no DTM for " + pos.toFen());
            }
            int winner = Probe.dtzValue(r) > 0 ? pos.sideToMove() : Probe.dtzValue(r) < 0 ? pos.sideToMove() ^ 1 : -1;
            San san = new San();
            Json j = new Json().open().field("fen", pos.toFen())
                .field("winner", winner < 0 ? null : winner == 0 ? "w" : "b")
                .field("dtz", Probe.dtz(r)).field("dtm", Probe.dtm(r), Probe.dtmValue(r) != 0)
                .field("category", Probe.category(r, pos.halfmoveClock()).api());
            if (base.hasSyzygy()) j.field("source", base.answeredBy(pos).api());
            j.openArray("mainline");
            int plies = 0;
            while (winner >= 0 && plies < maxPlies && pos.hasLegalMove() && !GameRules.isDeadPosition(pos)) {
                List<RankedMove> moves = RankedMove.rank(base, pos, metric.equals("dtz"));
                RankedMove best = moves.get(0);
                j.open().field("uci", Move.toUci(best.move())).field("san", san.toSan(pos, best.move()))
                    .field("dtz", Probe.dtz(best.after())).field("dtm", Probe.dtm(best.after()), Probe.dtmValue(best.after()) != 0)
                    .field("zeroing", best.zeroing()).close();
                pos.makeMove(best.move());
                plies++;
            }
            j.closeArray().field("checkmate", pos.isCheckmate()).field("final_fen", pos.toFen()).close();
            out.println(j);
            out.flush();
        }
        return 0;
    }
}
