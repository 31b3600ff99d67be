package org.rookery.workers.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rookery.core.board.Position;

class SkillLevelTest {

    @Test
    void capsShrinkWithTheLevel() {
        assertEquals(0, SkillLevel.full().depthCap());
        assertEquals(0, SkillLevel.full().nodeCap());
        assertEquals(0, SkillLevel.full().noiseAmplitude());
        assertEquals(1, new SkillLevel(0).depthCap());
        assertEquals(2, new SkillLevel(2).depthCap());
        assertEquals(10, new SkillLevel(19).depthCap());
        assertEquals(240, new SkillLevel(0).noiseAmplitude());
        assertTrue(new SkillLevel(3).nodeCap() < new SkillLevel(12).nodeCap());
        assertThrows(IllegalArgumentException.class, () -> new SkillLevel(21));
        assertThrows(IllegalArgumentException.class, () -> new SkillLevel(-1));
    }

    @Test
    void noiseIsBoundedDeterministicAndSeedDependent() {
        SkillLevel level = new SkillLevel(5);
        int amp = level.noiseAmplitude();
        Set<Integer> values = new HashSet<>();
        int differ = 0;
        for (long key = 1; key <= 5000; key++) {
            long k = key * 0x9E3779B97F4A7C15L;
            int n = level.noise(k, 1);
            assertTrue(Math.abs(n) <= amp);
            assertEquals(n, level.noise(k, 1));
            if (n != level.noise(k, 2)) differ++;
            values.add(n);
        }
        assertTrue(values.size() > amp, "noise spreads over its range: " + values.size() + " values");
        assertTrue(differ > 4500, "seeds give different noise: " + differ);
        assertEquals(0, SkillLevel.full().noise(12345L, 1));
    }

    @Test
    void weakLevelsObeyTheirDepthCapAndRepeatThemselves() {
        Search a = new Search(new TranspositionTable(1));
        a.setSkill(new SkillLevel(2));
        a.setSeed(11);
        SearchResult first = a.run(new Position(), SearchLimits.ofDepth(10));
        assertEquals(2, first.depth());
        a.newGame();
        SearchResult again = a.run(new Position(), SearchLimits.ofDepth(10));
        assertEquals(first.bestMove(), again.bestMove());
        assertEquals(first.score(), again.score());
        assertEquals(first.nodes(), again.nodes());
    }
}
