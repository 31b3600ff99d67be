package org.rookery.contract.games;

import static org.rookery.contract.schema.Games.*;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.rookery.contract.ContractException;

/**
 * Whether a {@code rookery.games} record is a usable game: the required columns are present,
 * values are in their ranges, and the per-ply arrays agree with {@code ply_count}. The sink writes
 * the reason of a failing record into {@code rejected} instead of {@code games}.
 */
public final class GameChecks {
    private GameChecks() {
    }

    private static final Set<String> RESULTS = Set.of("1-0", "0-1", "1/2-1/2", "*");
    private static final Pattern UCI = Pattern.compile("[a-h][1-8][a-h][1-8][nbrq]?");

    /** Why the record value {@code value} is not a usable game, in one line; null when it is one. */
    public static String reason(String value) {
        try {
            check(GameCodec.read(value));
            return null;
        } catch (ContractException e) {
            return e.getMessage();
        }
    }

    /** Throws a {@link ContractException} with the first thing wrong with {@code g}. */
    public static void check(GameRow g) {
        if (g.gameId() == null || g.gameId().isEmpty()) fail("no " + GAME_ID);
        if (g.collection() == null) fail("no " + COLLECTION);
        if (!CollectionName.isSafe(g.collection())) {
            fail(COLLECTION + " \"" + GameCodec.oneLine(abbreviate(g.collection()))
                    + "\" is not a safe name (letters, digits, '.', '_', '-'; not starting with '.' or '_')");
        }
        if (g.source() == null) fail("no " + SOURCE);
        if (!g.source().equals(GAUNTLET) && !g.source().equals(IMPORT)) {
            fail(SOURCE + " must be " + GAUNTLET + " or " + IMPORT);
        }
        if (g.plyCount() < 0) fail(PLY_COUNT + " is negative");
        if (g.moveCount() != g.plyCount()) {
            fail(PLY_COUNT + " " + g.plyCount() + " but " + MOVES_UCI + " has " + g.moveCount() + " moves");
        }
        if (g.movesUci() != null) {
            for (int i = 0; i < g.movesUci().size(); i++) {
                String m = g.movesUci().get(i);
                if (m == null || !UCI.matcher(m).matches()) fail(MOVES_UCI + "[" + i + "] is not a UCI move");
            }
        }
        length(ZOBRIST, g.zobrist(), g.plyCount() + 1);
        length(CLOCK_MS, g.clockMs(), g.plyCount());
        length(EVAL_CP, g.evalCp(), g.plyCount());
        length(EVAL_MATE, g.evalMate(), g.plyCount());
        length(DEPTH, g.depth(), g.plyCount());
        if (g.result() != null && !RESULTS.contains(g.result())) fail(RESULT + " must be 1-0, 0-1, 1/2-1/2 or *");
        if (g.variant() != null && !g.variant().equals("standard") && !g.variant().equals("chess960")) {
            fail(VARIANT + " must be standard or chess960");
        }
        if (g.pairIndex() != null && g.pairIndex() < 0) fail(PAIR_INDEX + " is negative");
        if (g.gameInPair() != null && g.gameInPair() != 0 && g.gameInPair() != 1) fail(GAME_IN_PAIR + " must be 0 or 1");
        instant(STARTED_AT, g.startedAt());
        instant(FINISHED_AT, g.finishedAt());
    }

    private static void length(String column, List<?> values, int expected) {
        if (values != null && values.size() != expected) {
            fail(column + " has " + values.size() + " values, " + expected + " expected for " + PLY_COUNT);
        }
    }

    private static void instant(String column, String value) {
        if (value == null) return;
        try {
            OffsetDateTime.parse(value);
        } catch (DateTimeParseException e) {
            fail(column + " is not an ISO-8601 time with an offset");
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }

    private static void fail(String reason) {
        throw new ContractException(reason);
    }
}
