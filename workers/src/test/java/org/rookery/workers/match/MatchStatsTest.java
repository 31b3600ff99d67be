package org.rookery.workers.match;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;
import org.rookery.stats.Pentanomial;
import org.rookery.stats.Sprt;
import org.rookery.stats.Trinomial;

class MatchStatsTest {
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private static GameRecord game(int pair, String white, String black, Result result) {
        return new GameRecord(0, pair, 1, white, black, new Opening(START, List.of(), "test"), START, result,
            Termination.ADJUDICATION, "test", List.of(), 0, 0, null, null, "");
    }

    /** A's pairs: 0 is WD, 1 is LL, 2 is WD with its games in reverse order, 3 is open (A won with Black). */
    private static MatchStats played(boolean pairs) {
        MatchStats st = new MatchStats("A", "B");
        st.add(game(0, "A", "B", Result.WHITE_WINS), pairs);
        st.add(game(0, "B", "A", Result.DRAW), pairs);
        st.add(game(1, "A", "B", Result.BLACK_WINS), pairs);
        st.add(game(1, "B", "A", Result.WHITE_WINS), pairs);
        st.add(game(2, "B", "A", Result.BLACK_WINS), pairs);
        st.add(game(2, "A", "B", Result.DRAW), pairs);
        st.add(game(3, "B", "A", Result.BLACK_WINS), pairs);
        return st;
    }

    @Test
    void countsTheFirstEnginesGamesByColour() {
        MatchStats st = played(true);
        assertEquals(new Trinomial(3, 2, 2), st.trinomial());
        assertEquals(7, st.games());
        assertArrayEquals(new long[] {1, 1, 1}, st.asWhite(), "A with White: W, L, D");
        assertArrayEquals(new long[] {2, 1, 1}, st.asBlack(), "A with Black: W, L, D");
        assertArrayEquals(new long[] {2, 3, 2}, st.whiteVsBlack(), "White wins, Black wins, draws");
    }

    @Test
    void pairsCompleteInEitherOrderAndOnlyWithRepeat() {
        assertEquals(new Pentanomial(1, 0, 0, 2, 0), played(true).pentanomial());
        assertEquals(0, played(false).pentanomial().pairs());
    }

    @Test
    void theSprtTestsPairsWhenThereAreSomeAndWinsDrawsLossesOtherwise() {
        Sprt sprt = new Sprt(0.05, 0.05, 0, 5, Sprt.Model.LOGISTIC);
        assertEquals(sprt.evaluate(new Pentanomial(1, 0, 0, 2, 0)), played(true).sprt(sprt));
        assertEquals(sprt.evaluate(new Trinomial(3, 2, 2)), played(false).sprt(sprt));
    }
}
