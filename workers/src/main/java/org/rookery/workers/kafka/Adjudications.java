package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rookery.workers.match.Adjudication;

/**
 * JSON form of {@link Adjudication} in match definitions and tasks (cutechess-cli's option names).
 * Tablebase adjudication travels as {@code "tb": true} with its rules, never with a directory:
 * each worker probes the tables its own {@code --tb} names. Absent, it is off (older tasks).
 */
public final class Adjudications {
    private Adjudications() {}

    public static ObjectNode toJson(Adjudication a) {
        ObjectNode o = Json.object();
        o.put("resign_movecount", a.resignMoveCount());
        o.put("resign_score", a.resignScore());
        o.put("resign_twosided", a.resignTwoSided());
        o.put("draw_movenumber", a.drawMoveNumber());
        o.put("draw_movecount", a.drawMoveCount());
        o.put("draw_score", a.drawScore());
        o.put("maxmoves", a.maxMoves());
        if (a.tablebase()) {
            o.put("tb", true);
            o.put("tbpieces", a.tablebasePieces());
            o.put("tbignore50", a.tablebaseIgnore50());
            o.put("tbadjudicate", a.tablebaseResults().name());
        }
        return o;
    }

    static Adjudication fromJson(JsonNode o) {
        int max = 1_000_000;
        JsonNode twoSided = o.get("resign_twosided");
        if (twoSided == null || !twoSided.isBoolean()) throw new BadRecordException("\"resign_twosided\" must be true or false");
        Adjudication.TablebaseResults tb = null;
        int tbPieces = 0;
        boolean ignore50 = false;
        JsonNode on = o.get("tb");
        if (on != null) {
            if (!on.isBoolean()) throw new BadRecordException("\"tb\" must be true or false");
            if (on.asBoolean()) {
                tbPieces = Json.integer(o, "tbpieces", 0, 64);
                JsonNode i50 = o.get("tbignore50");
                if (i50 == null || !i50.isBoolean()) throw new BadRecordException("\"tbignore50\" must be true or false");
                ignore50 = i50.asBoolean();
                String which = o.path("tbadjudicate").asText("");
                try {
                    tb = Adjudication.TablebaseResults.valueOf(which);
                } catch (IllegalArgumentException e) {
                    throw new BadRecordException("\"tbadjudicate\" must be WIN_LOSS, DRAW or BOTH, not \"" + PairTask.abbreviate(which) + "\"");
                }
            }
        }
        return new Adjudication(Json.integer(o, "resign_movecount", 0, max), Json.integer(o, "resign_score", 0, max),
            twoSided.asBoolean(), Json.integer(o, "draw_movenumber", 0, max), Json.integer(o, "draw_movecount", 0, max),
            Json.integer(o, "draw_score", 0, max), Json.integer(o, "maxmoves", 0, max), null, tbPieces, ignore50, tb);
    }
}
