package org.rookery.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.rookery.contract.tasks.Rejection;

/** The {@code rookery.rejected} record keeps the bytes the workers wrote before it moved into the contract. */
class RejectionTest {
    /** Written by workers' {@code Rejection.toRecord} at 6bca82a for the record below. */
    private static final String WRITTEN = "{\"topic\":\"rookery.tasks\",\"partition\":3,\"offset\":42,"
            + "\"reason\":\"\\\"games\\\" must be an array\",\"value\":\"{\\\"match_id\\\":\\\"m-0123456789abcdef\\\"}\","
            + "\"match_id\":\"m-0123456789abcdef\",\"worker_id\":null}";

    private static final Rejection RECORD = new Rejection("rookery.tasks", 3, 42, "\"games\" must be an array",
            "{\"match_id\":\"m-0123456789abcdef\"}", "m-0123456789abcdef", null);

    @Test
    void writesTheBytesWorkersWrote() {
        assertEquals(WRITTEN, RECORD.toJson());
        assertEquals("rookery.tasks/3/42", RECORD.key());
    }

    @Test
    void readsWhatItWrites() {
        assertEquals(RECORD, Rejection.parse(WRITTEN));
        assertEquals(WRITTEN, Rejection.parse(WRITTEN).toJson());
    }

    @Test
    void keepsTheStartOfALongValue() {
        Rejection r = Rejection.of("rookery.tasks", 0, 1, "task larger than 65536 bytes", "x".repeat(10_000), null, "w");
        assertEquals(Rejection.MAX_VALUE_CHARS, r.value().length());
        assertNull(Rejection.of("rookery.tasks", 0, 1, "empty value", null, null, "w").value());
    }

    @Test
    void aBadRecordIsAOneLineContractError() {
        assertEquals("\"topic\" must be a string",
                assertThrows(ContractException.class, () -> Rejection.parse("{\"partition\":0,\"reason\":\"r\"}")).getMessage());
        assertEquals("\"partition\" must be in 0..2147483647, got -1", assertThrows(ContractException.class,
                () -> Rejection.parse("{\"topic\":\"t\",\"partition\":-1,\"reason\":\"r\"}")).getMessage());
        assertEquals("not a JSON object", assertThrows(ContractException.class, () -> Rejection.parse("[1]")).getMessage());
    }
}
