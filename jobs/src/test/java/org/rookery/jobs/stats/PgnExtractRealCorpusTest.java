package org.rookery.jobs.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.core.pgn.GameReplay;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnReader;
import org.rookery.core.rules.DrawRuleScan;
import org.rookery.jobs.PgnExtract;
import org.rookery.jobs.RealCorpus;

/**
 * Repetition verdicts on the real corpus against {@code pgn-extract --repetition}, game by game.
 * pgn-extract differs from FIDE (and Rookery) by one rule: after a double pawn push it keeps an
 * en-passant square whether or not a capture is legal
 * ({@link PgnExtractCrossCheckTest#pseudoEnPassantThreefold}). That model must reproduce
 * pgn-extract's verdict on every real game, and every game where Rookery and pgn-extract differ
 * must be one where FIDE sees a repetition that the pseudo en-passant square hides.
 */
class PgnExtractRealCorpusTest {
    @TempDir
    Path dir;

    @Test
    void theEnPassantModelIsPgnExtractOnTheFirstRealGames() throws IOException {
        check(30_000);
    }

    @Test
    @Tag("slow") // the whole corpus, 231,683 games: ./rookery test slow
    void theEnPassantModelIsPgnExtractOnTheWholeRealCorpus() throws IOException {
        check(-1);
    }

    private void check(int limit) throws IOException {
        RealCorpus.assumePresent("PgnExtractRealCorpusTest");
        PgnExtract.require("PgnExtractRealCorpusTest");
        Path games = dir.resolve("real.pgn");
        int written = RealCorpus.numbered(games, limit);
        Path out = dir.resolve("repetition.pgn");
        Set<String> theirs = PgnExtract.sites(out, "--repetition", "-o", out.toString(), games.toString());

        GameReplay replay = new GameReplay();
        DrawRuleScan scan = new DrawRuleScan();
        PgnGame g = new PgnGame();
        long ours = 0;
        long model = 0;
        long replayed = 0;
        List<String> unexplained = new ArrayList<>();
        List<String> onlyOurs = new ArrayList<>();
        try (PgnReader r = new PgnReader(Files.newInputStream(games), "real")) {
            while (r.next(g)) {
                if (!replay.replay(g)) {
                    // Illegal moves: not a game for either verdict (ingest rejects it).
                    theirs.remove(g.tag("Site"));
                    continue;
                }
                replayed++;
                String site = g.tag("Site");
                assertTrue(scan.scan(g.tag("FEN"), DrawFactsCorpusTest.uci(replay)), scan.error());
                boolean fide = scan.facts().threefoldPly() >= 0;
                boolean modelled = PgnExtractCrossCheckTest.pseudoEnPassantThreefold(g.tag("FEN"), replay);
                boolean pe = theirs.contains(site);
                ours += fide ? 1 : 0;
                model += modelled ? 1 : 0;
                if (modelled != pe && unexplained.size() < 20) {
                    unexplained.add(site);
                }
                if (fide != pe) {
                    onlyOurs.add(site);
                    assertTrue(fide && !pe, site + ": pgn-extract sees a repetition FIDE does not");
                }
            }
        }
        System.err.println("real corpus, " + written + " games (" + replayed + " replayed): pgn-extract --repetition "
                + theirs.size() + ", Rookery (FIDE) " + ours + ", the en-passant model " + model + "; differences "
                + onlyOurs.size() + ", all FIDE repetitions behind a pseudo en-passant square");
        assertEquals(List.of(), unexplained, "games where pgn-extract's verdict is not the model's");
        assertEquals(theirs.size(), model);
        assertTrue(theirs.size() > 1000, "the real games hold repetitions: " + theirs.size());
    }
}
