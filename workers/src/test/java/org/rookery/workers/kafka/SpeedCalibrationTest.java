package org.rookery.workers.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rookery.contract.games.GameRow;
import org.rookery.contract.tasks.PairTask;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.match.GameRecord;

/**
 * Speed calibration: {@code nps=REF} scales each worker's clock by REF over the engine's bench speed
 * on that worker, and the game records the scaled control. Two "machines" are two registries whose
 * engine is the same fake engine behind a wrapper whose {@code bench} reports 100,000 or 400,000 nps.
 */
class SpeedCalibrationTest {
    @TempDir
    Path tmp;

    private Path registry(String name, long nps) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Path script = tmp.resolve(name + ".sh");
        Files.writeString(script, "#!/bin/sh\nif [ \"$1\" = bench ]; then\n  echo 'Nodes searched  : 1000'\n  echo 'Nodes/second    : " + nps
            + "'\n  exit 0\nfi\nexec '" + java + "' -XX:TieredStopAtLevel=1 -cp '" + System.getProperty("java.class.path")
            + "' org.rookery.workers.testengines.FakeEngine random 1\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return Files.writeString(tmp.resolve(name + ".yaml"), "engines:\n  fake: {cmd: " + script + "}\n");
    }

    @Test
    void twoWorkersOfDifferentSpeedPlayDifferentClocksAndRecordThem() throws Exception {
        List<String> argv = new java.util.ArrayList<>(List.of("-engine", "name=fake", "-engine", "name=builtin", "tc=2+0.02",
            "-each", "tc=2+0.02", "nps=200000", "-rounds", "1", "-games", "2", "-maxmoves", "4"));
        List<Long> nps = org.rookery.workers.cli.SubmitCommandAccess.takeNps(argv);
        assertEquals(List.of(200000L, 200000L), nps);
        MatchSubmission def = MatchSubmission.of(GauntletOptions.parse(argv, w -> { }, true), java.time.Instant.now(), null, nps);
        PairTask task = PairTask.parse(def.tasks().get(0).write());
        assertEquals(200000, task.engines().get("fake").nps());

        String slow = played(EngineRegistry.load(registry("slow", 100_000)), task);
        String fast = played(EngineRegistry.load(registry("fast", 400_000)), task);
        // fake: 2 s × 200k/100k = 4 s (+0.04) on the slow machine, × 200k/400k = 1 s (+0.01) on the fast one.
        assertEquals("4+0.04", slow.split(":")[0]);
        assertEquals("1+0.01", fast.split(":")[0]);
    }

    /** The time_control the game record carries for game 0 (White: fake) of the task on this worker. */
    private static String played(EngineRegistry registry, PairTask task) throws Exception {
        try (EnginePlayer p = new EnginePlayer(registry, 10_000, null, 0)) {
            List<GameRecord> games = p.play(task);
            GameRow row = GameJson.row(task, 0, games.get(0), "w");
            assertEquals("fake", row.white());
            return row.timeControl();
        }
    }

    @Test
    void everyPartOfTheClockScales() {
        assertEquals("40/90+1.5", SpeedCalibration.scale(TimeControl.parse("40/60+1"), 1.5).toPgnTag());
        assertEquals(0.5, SpeedCalibration.factor(800_000, 1_600_000));
    }
}
