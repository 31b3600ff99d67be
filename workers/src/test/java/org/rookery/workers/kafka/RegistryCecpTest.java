package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.EngineSetup;

/**
 * CECP engines in a worker's registry ({@code proto: xboard} and the cutechess keys that say how the
 * program runs), and what {@code rookery submit} refuses in one line: those keys on the command line
 * (they are the worker operator's), knockout and pyramid tournaments.
 */
class RegistryCecpTest {
    @TempDir Path tmp;

    private EngineRegistry load(String yaml) throws Exception {
        return EngineRegistry.load(Files.writeString(tmp.resolve("engines.yaml"), yaml));
    }

    private static String sh() {
        return Files.isExecutable(Path.of("/bin/sh")) ? "/bin/sh" : "sh";
    }

    @Test
    void protoXboardAndItsKeysReachTheEngineConfig() throws Exception {
        EngineRegistry r = load("engines:\n  fm:\n    cmd: " + sh() + "\n    proto: xboard\n    initstr: [memory 16, cores 1]\n"
            + "    whitepov: true\n    trust: true\n    ponder: true\n    restart: on\n    tscale: 2.5\n  plain:\n    cmd: " + sh() + "\n");
        EngineConfig c = r.find("fm").orElseThrow().configure(new EngineLimits("10+0.1", null, 0, 0, 0));
        EngineSetup s = c.setup();
        assertEquals(EngineSetup.Protocol.XBOARD, s.protocol());
        assertEquals(List.of("memory 16", "cores 1"), s.initStrings());
        assertTrue(s.whitePov() && s.trust() && s.ponder());
        assertEquals(EngineSetup.Restart.ON, s.restart()); // YAML's bare on is a boolean: still restart on
        assertEquals(2.5, s.timeoutScale());
        assertEquals(org.rookery.core.clock.TimeControl.parse("10+0.1"), c.timeControl());
        assertEquals(EngineSetup.UCI, r.find("plain").orElseThrow().configure(new EngineLimits("1+0", null, 0, 0, 0)).setup());
    }

    @Test
    void badRegistryKeysAreOneLineErrorsNamingTheEngine() {
        String[][] cases = {
            {"    proto: cecp2\n", "engine 'e': proto must be uci or xboard, got \"cecp2\""},
            {"    trust: true\n", "engine 'e': trust applies to CECP result claims"},
            {"    proto: xboard\n    bench: 1000\n", "engine 'e': bench is measured with the UCI 'bench' command"},
            {"    proto: xboard\n    restart: sometimes\n", "engine 'e': restart must be auto, on or off, got \"sometimes\""},
            {"    proto: xboard\n    tscale: -1\n", "engine 'e': tscale must be a positive number"},
            {"    proto: xboard\n    ponder: maybe\n", "engine 'e': ponder must be true or false"},
            {"    protocol: xboard\n", "engine 'e': unknown key 'protocol' (known: cmd args dir env options bench bench_args proto initstr"},
        };
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> load("engines:\n  e:\n    cmd: " + sh() + "\n" + c[0]));
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void submitRefusesHowToRunKeysAndKnockoutsInOneLine() {
        String[][] cases = {
            {"proto=xboard", "-engine #1: proto= cannot be set in a submitted match; engines are named by registry name= and each worker's engines.yaml says what runs"},
            {"ponder", "-engine #1: ponder= cannot be set in a submitted match"},
            {"trust", "-engine #1: trust= cannot be set in a submitted match"},
            {"restart=on", "-engine #1: restart= cannot be set in a submitted match"},
        };
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Fixtures.define("-engine", "name=fm", c[0], "-engine", "name=rand-a", "-each", "tc=1+0.01"));
            assertTrue(e.getMessage().startsWith(c[1]), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        for (String t : List.of("knockout", "pyramid")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Fixtures.define("-engine", "name=a", "-engine", "name=b", "-engine", "name=c", "-each", "tc=1+0.01", "-tournament", t));
            assertEquals("-tournament " + t + ": a submitted match plays gauntlet or round-robin only (play " + t + " locally with 'rookery gauntlet')",
                e.getMessage());
        }
    }
}
