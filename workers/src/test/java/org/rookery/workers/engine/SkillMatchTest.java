package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Piece;
import org.rookery.core.board.Position;
import org.rookery.core.notation.Uci;
import org.rookery.core.rules.GameRules;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Result;

/** Strength levels differ for real: full strength beats level 2 in a short match played in-process. */
class SkillMatchTest {
    private static final List<String> OPENINGS = List.of("e2e4 e7e5", "d2d4 d7d5", "c2c4 e7e5", "g1f3 c7c5");
    private static final int MAX_PLIES = 160;
    private static final long NODES = 3000;

    /** White's score (1, ½, 0) in one game; unfinished games are adjudicated on material. */
    static double play(String opening, Search white, Search black) {
        Position pos = new Position();
        Uci uci = new Uci();
        for (String m : opening.split(" ")) pos.makeMove(uci.parse(pos, m));
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            Outcome o = GameRules.automaticOutcome(pos);
            if (o == null) o = GameRules.claimableDraw(pos);
            if (o != null) return o.result() == Result.WHITE_WINS ? 1 : o.result() == Result.BLACK_WINS ? 0 : 0.5;
            Search mover = pos.sideToMove() == Piece.WHITE ? white : black;
            pos.makeMove(mover.run(pos, SearchLimits.ofNodes(NODES)).bestMove());
        }
        int balance = material(pos, Piece.WHITE) - material(pos, Piece.BLACK);
        return balance >= 300 ? 1 : balance <= -300 ? 0 : 0.5;
    }

    private static int material(Position pos, int color) {
        int[] value = {100, 300, 300, 500, 900};
        int sum = 0;
        for (int t = Piece.PAWN; t <= Piece.QUEEN; t++) sum += value[t] * Long.bitCount(pos.pieces(color, t));
        return sum;
    }

    private static Search player(int level) {
        Search s = new Search(new TranspositionTable(1));
        s.setSkill(new SkillLevel(level));
        s.setSeed(3);
        return s;
    }

    @Test
    void levelTwentyBeatsLevelTwo() {
        Search strong = player(20), weak = player(2);
        double strongScore = 0;
        for (int i = 0; i < OPENINGS.size(); i++) {
            // Each opening once, colours alternating.
            strongScore += i % 2 == 0 ? play(OPENINGS.get(i), strong, weak) : 1 - play(OPENINGS.get(i), weak, strong);
        }
        assertTrue(strongScore >= 3.5, "level 20 scored only " + strongScore + "/4 against level 2");
    }
}
