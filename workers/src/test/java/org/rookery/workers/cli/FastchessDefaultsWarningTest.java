package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where Rookery keeps a default unlike fastchess's, the gauntlet says so in one warning line, and only while the
 * command line leaves that default in force (the brief: "print one warning line and go on").
 */
class FastchessDefaultsWarningTest {
    private static List<String> warnings(String line) throws Exception {
        List<String> argv = GauntletOptionsTest.split(line);
        return GauntletCommand.defaultsUnlikeFastchess(argv, GauntletOptions.parse(argv, w -> { }));
    }

    private static final String TWO = "-engine name=A cmd=builtin -engine name=B cmd=builtin -each tc=10+0.1 ";

    @Test
    void theConsoleFormatWarnsOnlyWhenNotChosen() throws Exception {
        List<String> w = warnings(TWO);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("-output not given: Rookery's report"), w.get(0));
        assertEquals(List.of(), warnings(TWO + "-output format=rookery"));
        assertEquals(List.of(), warnings(TWO + "-output format=fastchess"));
        assertEquals(List.of(), warnings(TWO + "-testEnv"), "-testEnv selects fastchess's output, as in fastchess");
    }

    @Test
    void theRoundTagWarnsOnlyWhenARoundHoldsSeveralPairs() throws Exception {
        assertEquals(List.of(), warnings(TWO + "-output format=cutechess -pgnout file=g.pgn -games 2"), "one pair a round: Round is the pair");
        String three = "-engine name=A cmd=builtin -engine name=B cmd=builtin -engine name=C cmd=builtin -each tc=10+0.1 "
            + "-output format=cutechess -tournament round-robin ";
        assertEquals(List.of(), warnings(three), "no PGN, no Round tag");
        assertEquals(List.of("PGN Round is the schedule's round, shared by the round's game pairs (fastchess numbers each pair there)"),
            warnings(three + "-pgnout file=g.pgn"));
        assertEquals(1, warnings(TWO + "-output format=cutechess -pgnout file=g.pgn -games 4").size(), "two pairs in each round");
    }
}
