package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.stats.Sprt;
import org.rookery.workers.match.PgnOptions;
import org.rookery.workers.match.RunOptions;

/**
 * The fastchess and cutechess-cli options that were refused before (issue #17) and are read now, with
 * the meaning and default the peers' manuals give them.
 */
class DropInOptionsTest {
    static final String TWO = DropInRulesTest.TWO;

    static GauntletOptions.Parsed parse(String s, List<String> warnings) throws Exception {
        return DropInRulesTest.parse(s, warnings);
    }

    @Test
    void fastchessPgnoutKeys() throws Exception {
        var p = parse(TWO + "-pgnout file=out.pgn notation=lan nodes=true seldepth=true nps=true hashfull=true tbhits=true "
            + "timeleft=true latency=true pv=true append=false", new ArrayList<>());
        PgnOptions o = p.run().pgn();
        assertEquals("out.pgn", p.settings().pgnOut().toString());
        assertEquals(PgnOptions.Notation.LAN, o.notation());
        assertTrue(o.nodes() && o.seldepth() && o.nps() && o.hashfull() && o.tbhits() && o.timeleft() && o.latency() && o.pv());
        assertFalse(o.append());
        assertFalse(p.settings().pgnOutMinimal());
        assertTrue(parse(TWO + "-pgnout file=out.pgn min=true", new ArrayList<>()).settings().pgnOutMinimal());
        // fishtest's form: only file=
        var f = parse(TWO + "-pgnout file=results.pgn", new ArrayList<>());
        assertEquals(PgnOptions.DEFAULTS, f.run().pgn());
    }

    @Test
    void cutechessPgnoutFlags() throws Exception {
        var p = parse(TWO + "-pgnout games.pgn min fi", new ArrayList<>());
        assertEquals("games.pgn", p.settings().pgnOut().toString());
        assertTrue(p.settings().pgnOutMinimal());
        var e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-pgnout games.pgn max", new ArrayList<>()));
        assertTrue(e.getMessage().startsWith("-pgnout: unknown flag \"max\""), e.getMessage());
    }

    @Test
    void pgnoutRefusesWhatItCannotDoInOneLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-pgnout file=a.pgn notation=fan", new ArrayList<>()));
        assertEquals("-pgnout: notation= must be san, lan or uci, got \"fan\"", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-pgnout file=a.pgn nodes=maybe", new ArrayList<>()));
        assertEquals("-pgnout nodes: expected true or false, got \"maybe\"", e.getMessage());
    }

    @Test
    void outputReportAndIntervals() throws Exception {
        var p = parse(TWO + "-output format=cutechess -scoreinterval 5 -outcomeinterval 7 -report penta=false", new ArrayList<>());
        assertEquals(RunOptions.OutputFormat.CUTECHESS, p.run().output());
        assertEquals(5, p.run().scoreInterval());
        assertEquals(7, p.run().outcomeInterval());
        assertFalse(p.run().reportPenta());
        assertEquals(RunOptions.OutputFormat.FASTCHESS, parse(TWO + "-output format=fastchess", new ArrayList<>()).run().output());
        // No -output: Rookery's own lines (both peers' lines a parser needs); -testEnv (fishtest) asks for fastchess's.
        assertEquals(RunOptions.OutputFormat.ROOKERY, parse(TWO, new ArrayList<>()).run().output());
        assertEquals(RunOptions.OutputFormat.FASTCHESS, parse(TWO + "-testEnv", new ArrayList<>()).run().output());
        var e = assertThrows(IllegalArgumentException.class, () -> parse(TWO + "-output format=json", new ArrayList<>()));
        assertEquals("-output: format= must be fastchess, cutechess or rookery, got \"json\"", e.getMessage());
    }

    @Test
    void epdoutCrcAndWait() throws Exception {
        var p = parse(TWO + "-epdout file=end.epd -crc32 pgn=true -wait 20", new ArrayList<>());
        assertEquals("end.epd", p.run().epdOut().toString());
        assertTrue(p.run().crc32());
        assertEquals(20, p.run().waitMs());
        assertEquals("end.epd", parse(TWO + "-epdout end.epd", new ArrayList<>()).run().epdOut().toString());
        assertNull(parse(TWO, new ArrayList<>()).run().epdOut());
    }

    @Test
    void bayesianSprtTurnsPentanomialReportsOffAsFastchessDoes() throws Exception {
        List<String> w = new ArrayList<>();
        var p = parse(TWO + "-sprt elo0=0 elo1=5 model=bayesian", w);
        assertEquals(Sprt.Model.BAYESIAN, p.settings().sprt().model());
        assertFalse(p.run().reportPenta());
        assertTrue(w.stream().anyMatch(x -> x.startsWith("-sprt model=bayesian works on W/D/L only")), w.toString());
    }

    @Test
    void affinityWarnsAndConcurrencyFollowsTheHardware() throws Exception {
        List<String> w = new ArrayList<>();
        parse(TWO + "-use-affinity 0-3", w);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("-use-affinity: "), w.toString());
        int cores = Runtime.getRuntime().availableProcessors();
        w.clear();
        var capped = parse(TWO + "-concurrency " + (cores + 3), w);
        assertEquals(cores, capped.settings().concurrency());
        assertEquals(1, w.size(), w.toString());
        w.clear();
        var forced = parse(TWO + "-concurrency " + (cores + 3) + " -force-concurrency", w);
        assertEquals(cores + 3, forced.settings().concurrency());
        assertEquals(List.of(), w);
    }

    @Test
    void bothIsCutechessEach() throws Exception {
        var p = parse("-engine name=A cmd=builtin -engine name=B cmd=builtin -both tc=5+0.05", new ArrayList<>());
        assertEquals("5+0.05", p.settings().engines().get(1).timeControl().toString());
    }
}
