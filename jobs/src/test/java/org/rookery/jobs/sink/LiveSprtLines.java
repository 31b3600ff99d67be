package org.rookery.jobs.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rookery.contract.ledger.MatchGames;
import org.rookery.jobs.query.DataViews;

/**
 * The live run's SPRT as its console printed it under {@code -ratinginterval 1} (a local gauntlet, or
 * the watcher of {@code submit|status --follow}): one {@code Finished game N} line per game counted,
 * in counting order, each followed by its {@code SPRT: llr} line. {@link #assertReplayed} checks that
 * {@code analyze sprt}'s {@link MatchGames} over the written tables counts the same games in the
 * same order and gives the printed LLR at every game count.
 */
final class LiveSprtLines {
    private static final Pattern LINE = Pattern.compile("(?m)^(?:Finished game (\\d+) |SPRT: llr (-?[0-9.]+) )");

    private LiveSprtLines() {
    }

    /** Asserts that the games of {@code match} under {@code data} replay {@code output}'s live SPRT game by game. */
    static void assertReplayed(String output, Path data, String match) throws Exception {
        List<Long> order = new ArrayList<>();
        List<String> llr = new ArrayList<>();
        Matcher m = LINE.matcher(output);
        while (m.find()) {
            if (m.group(1) != null) {
                order.add(Long.parseLong(m.group(1)));
            } else if (llr.size() < order.size()) {
                llr.add(m.group(2)); // the game's own line; a summary's repeats it
            }
        }
        assertTrue(order.size() > 1, "no games in the output:\n" + output);
        assertEquals(order.size(), llr.size(), "an SPRT line after each game (-ratinginterval 1):\n" + output);
        try (DataViews views = DataViews.open(data)) {
            MatchGames games = MatchGames.read(views.connection(), "games", "matches", match);
            assertEquals(order, games.games().stream().map(MatchGames.Game::gameNumber).toList(),
                    "the stored games in the order the live run counted them");
            for (int n = 1; n <= order.size(); n++) {
                double replayed = games.replay(games.liveTest(), n).outcome().llr();
                assertEquals(llr.get(n - 1), String.format(Locale.ROOT, "%.3f", replayed), "LLR after game " + n);
            }
        }
    }
}
