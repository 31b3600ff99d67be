package org.rookery.workers.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.contract.fleet.QuarantineRule;

/** {@code submit -quarantine timelosses=T residual=R games=G}: the thresholds of the worker-health quarantine, as typed. */
class QuarantineOptionTest {
    @Test
    void keysLeftOutKeepTheirDefaultsAndOffTurnsATestOff() {
        assertEquals(QuarantineRule.DEFAULT, SubmitCommand.quarantineRule(List.of()));
        assertEquals(new QuarantineRule(20, 3.5, 40), SubmitCommand.quarantineRule(List.of("timelosses=20")));
        QuarantineRule r = SubmitCommand.quarantineRule(List.of("timelosses=off", "residual=2.5", "games=100"));
        assertTrue(Double.isNaN(r.timeLossesPer1000()), "off");
        assertEquals(2.5, r.residual());
        assertEquals(100, r.minGames());
        assertTrue(Double.isNaN(SubmitCommand.quarantineRule(List.of("residual=off")).residual()));
    }

    @Test
    void badValuesAreOneLineNamingTheKey() {
        assertEquals("-quarantine: unknown key \"timeloss\" (known: timelosses, residual, games)",
            assertThrows(IllegalArgumentException.class, () -> SubmitCommand.quarantineRule(List.of("timeloss=3"))).getMessage());
        assertEquals("-quarantine residual: expected a number or off, got \"high\"",
            assertThrows(IllegalArgumentException.class, () -> SubmitCommand.quarantineRule(List.of("residual=high"))).getMessage());
        assertEquals("-quarantine: quarantine games must be >= 1",
            assertThrows(IllegalArgumentException.class, () -> SubmitCommand.quarantineRule(List.of("games=0"))).getMessage());
        assertEquals("-quarantine: quarantine timelosses must be >= 0",
            assertThrows(IllegalArgumentException.class, () -> SubmitCommand.quarantineRule(List.of("timelosses=-1"))).getMessage());
    }
}
