package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.workers.match.GameRecord;
import org.rookery.workers.match.MatchRunner;

/**
 * cutechess's {@code -wait N}: a slot pauses N ms between its games. With one slot, each game starts at least N ms after
 * the one before it ended (a lower bound only: the machine may add to it, never take away).
 */
class WaitBetweenGamesTest {
    @TempDir
    Path tmp;

    private List<GameRecord> games(long waitMs) throws Exception {
        GauntletOptions.Parsed p = GauntletOptions.parse(List.of("-engine", "name=A", "cmd=builtin", "-engine", "name=B", "cmd=builtin",
            "-each", "nodes=100", "-maxmoves", "4", "-rounds", "2", "-games", "2", "-concurrency", "1", "-wait", String.valueOf(waitMs),
            "-log", tmp.resolve("logs").toString()), w -> { });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        return new MatchRunner(p.settings(), p.run(), new PrintStream(out, true, StandardCharsets.UTF_8), null).run().stream()
            .sorted(Comparator.comparingLong(GameRecord::startedAtMillis)).toList();
    }

    @Test
    void eachGameStartsAtLeastTheWaitAfterTheLastEnded() throws Exception {
        List<GameRecord> g = games(700);
        assertEquals(4, g.size());
        for (int i = 1; i < g.size(); i++) {
            long gap = g.get(i).startedAtMillis() - g.get(i - 1).finishedAtMillis();
            assertTrue(gap >= 700, "game " + (i + 1) + " started " + gap + " ms after game " + i + " ended (-wait 700)");
        }
    }
}
