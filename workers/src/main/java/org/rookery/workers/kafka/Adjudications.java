package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rookery.workers.match.Adjudication;

/** JSON form of {@link Adjudication} in match definitions and tasks (cutechess-cli's option names). */
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
        return o;
    }

    static Adjudication fromJson(JsonNode o) {
        int max = 1_000_000;
        JsonNode twoSided = o.get("resign_twosided");
        if (twoSided == null || !twoSided.isBoolean()) throw new BadRecordException("\"resign_twosided\" must be true or false");
        return new Adjudication(Json.integer(o, "resign_movecount", 0, max), Json.integer(o, "resign_score", 0, max),
            twoSided.asBoolean(), Json.integer(o, "draw_movenumber", 0, max), Json.integer(o, "draw_movecount", 0, max),
            Json.integer(o, "draw_score", 0, max), Json.integer(o, "maxmoves", 0, max));
    }
}
