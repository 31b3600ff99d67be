package org.rookery.contract.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;

/**
 * The {@code adjudication} object of a task and of a match definition, with cutechess-cli's option
 * names. Tablebase adjudication travels as {@code "tb": true} with its rules, never with a
 * directory: each worker probes the tables its own {@code --tb} names. Absent, it is off (older
 * tasks), and then {@code tbpieces}, {@code tbignore50} and {@code tbadjudicate} are not written.
 *
 * @param tablebaseResults {@code tbadjudicate}: WIN_LOSS, DRAW or BOTH; null when {@code tablebase} is off
 */
public record TaskAdjudication(int resignMoveCount, int resignScore, boolean resignTwoSided, int drawMoveNumber,
        int drawMoveCount, int drawScore, int maxMoves, boolean tablebase, int tablebasePieces, boolean tablebaseIgnore50,
        String tablebaseResults) {
    /** The values {@code tbadjudicate} may take. */
    public static final Set<String> TABLEBASE_RESULTS = Set.of("WIN_LOSS", "DRAW", "BOTH");

    private static final int MAX = 1_000_000;

    /** Normalises the tablebase fields: with tables off, they are the values a record without them reads as. */
    public TaskAdjudication {
        if (!tablebase) {
            tablebasePieces = 0;
            tablebaseIgnore50 = false;
            tablebaseResults = null;
        } else if (!TABLEBASE_RESULTS.contains(String.valueOf(tablebaseResults))) {
            throw new ContractException("\"tbadjudicate\" must be WIN_LOSS, DRAW or BOTH, not \"" + tablebaseResults + "\"");
        }
    }

    /** The JSON object, the fields in wire order. */
    public ObjectNode toJson() {
        ObjectNode o = RecordJson.object();
        o.put("resign_movecount", resignMoveCount);
        o.put("resign_score", resignScore);
        o.put("resign_twosided", resignTwoSided);
        o.put("draw_movenumber", drawMoveNumber);
        o.put("draw_movecount", drawMoveCount);
        o.put("draw_score", drawScore);
        o.put("maxmoves", maxMoves);
        if (tablebase) {
            o.put("tb", true);
            o.put("tbpieces", tablebasePieces);
            o.put("tbignore50", tablebaseIgnore50);
            o.put("tbadjudicate", tablebaseResults);
        }
        return o;
    }

    /** Reads and checks the object; a problem is a {@link ContractException}. */
    public static TaskAdjudication fromJson(JsonNode o) {
        boolean twoSided = TaskFields.bool(o, "resign_twosided");
        boolean tb = false;
        int tbPieces = 0;
        boolean ignore50 = false;
        String which = null;
        if (o.get("tb") != null) {
            tb = TaskFields.bool(o, "tb");
            if (tb) {
                tbPieces = TaskFields.integer(o, "tbpieces", 0, 64);
                ignore50 = TaskFields.bool(o, "tbignore50");
                which = o.path("tbadjudicate").asText("");
                if (!TABLEBASE_RESULTS.contains(which)) {
                    throw new ContractException("\"tbadjudicate\" must be WIN_LOSS, DRAW or BOTH, not \"" + TaskFields.abbreviate(which) + "\"");
                }
            }
        }
        return new TaskAdjudication(TaskFields.integer(o, "resign_movecount", 0, MAX), TaskFields.integer(o, "resign_score", 0, MAX),
                twoSided, TaskFields.integer(o, "draw_movenumber", 0, MAX), TaskFields.integer(o, "draw_movecount", 0, MAX),
                TaskFields.integer(o, "draw_score", 0, MAX), TaskFields.integer(o, "maxmoves", 0, MAX), tb, tbPieces, ignore50, which);
    }
}
