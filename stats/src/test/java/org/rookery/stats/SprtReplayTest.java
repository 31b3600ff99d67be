package org.rookery.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A replay counts like the live run and remembers the first bound crossed. */
class SprtReplayTest {
    @Test
    void replayEqualsTheLiveTallyAtEveryGameAndStopsAtTheFirstCrossing() {
        Sprt test = new Sprt(0.05, 0.05, 0, 10, Sprt.Model.LOGISTIC);
        SprtReplay replay = new SprtReplay(test);
        Tally live = new Tally();
        SplittableRandom rnd = new SplittableRandom(5);
        long firstCrossing = -1;
        for (int g = 0; g < 4000; g++) {
            double r = rnd.nextDouble();
            double score = r < 0.45 ? 1 : r < 0.75 ? 0.5 : 0;
            // Pairs arrive out of order: the second game of pair k sometimes before the first.
            int pair = g / 2;
            replay.add(score, pair);
            live.add(score, pair);
            Sprt.Outcome expected = test.evaluate(live);
            assertEquals(expected.llr(), replay.outcome().llr(), 0.0, "game " + (g + 1));
            if (firstCrossing < 0 && expected.decision() != Sprt.Decision.CONTINUE) firstCrossing = g + 1;
        }
        assertTrue(firstCrossing > 0, "a 60% score must pass [0, 10]");
        assertEquals(firstCrossing, replay.stoppedAtGames());
        assertEquals(Sprt.Decision.ACCEPT_H1, replay.stopOutcome().decision());
        assertEquals(live.pentanomial(), replay.tally().pentanomial());
    }

    @Test
    void noGamesNoOutcome() {
        SprtReplay replay = new SprtReplay(new Sprt(0.05, 0.05, 0, 2, Sprt.Model.NORMALIZED));
        assertNull(replay.outcome());
        assertEquals(-1, replay.stoppedAtGames());
    }
}
