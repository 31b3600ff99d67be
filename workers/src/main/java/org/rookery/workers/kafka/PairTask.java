package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.core.board.Position;
import org.rookery.core.board.Variant;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;
import org.rookery.workers.match.Adjudication;
import org.rookery.workers.match.Opening;

/**
 * One record of {@code rookery.tasks}: a game pair (or a single game when the match has no pairs)
 * that one worker plays and commits in one transaction. {@code games} lists each game's number in
 * the match and its colours (the first is {@code white}/{@code black} of the record; the second is
 * normally swapped).
 */
public record PairTask(String matchId, int pairIndex, int round, Opening opening, List<Game> games,
                       Map<String, EngineLimits> engines, Adjudication adjudication, String event, String site) {
    /** Largest task value a worker accepts; anything bigger is rejected unread. */
    public static final int MAX_BYTES = 64 * 1024;

    /** One game of the pair. */
    public record Game(int gameNumber, String white, String black) {}

    public PairTask {
        games = List.copyOf(games);
        engines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(engines));
    }

    /** {@code <match_id>/<pair_index>/<game_in_pair>}, the key of the game's record. */
    public String gameId(int gameInPair) {
        return matchId + "/" + pairIndex + "/" + gameInPair;
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("match_id", matchId);
        o.put("pair_index", pairIndex);
        o.put("round", round);
        ObjectNode op = o.putObject("opening");
        op.put("fen", opening.fen());
        ArrayNode moves = op.putArray("moves");
        opening.moves().forEach(moves::add);
        op.put("source", opening.source());
        o.put("variant", opening.variant().id());
        o.put("white", games.get(0).white());
        o.put("black", games.get(0).black());
        ArrayNode gs = o.putArray("games");
        for (Game g : games) {
            ObjectNode n = gs.addObject();
            n.put("game_number", g.gameNumber());
            n.put("white", g.white());
            n.put("black", g.black());
        }
        ObjectNode en = o.putObject("engines");
        engines.forEach((name, l) -> en.set(name, l.toJson()));
        o.set("adjudication", Adjudications.toJson(adjudication));
        o.put("event", event);
        o.put("site", site);
        return o;
    }

    /** Parses and checks a task; anything a worker cannot play is a {@link BadRecordException}. */
    public static PairTask parse(String value) {
        if (value != null && value.length() > MAX_BYTES) throw new BadRecordException("task larger than " + MAX_BYTES + " bytes");
        ObjectNode o = Json.parseObject(value);
        String matchId = Json.text(o, "match_id");
        if (!MatchDefinition.isValidId(matchId)) throw new BadRecordException("\"match_id\" is not a match id: \"" + abbreviate(matchId) + "\"");
        int pair = Json.integer(o, "pair_index", 0, Integer.MAX_VALUE);
        int round = Json.integer(o, "round", 1, Integer.MAX_VALUE);
        JsonNode op = Json.object(o, "opening");
        String fen = Json.text(op, "fen");
        // Tasks written before the field are standard chess.
        Variant variant;
        try {
            variant = Variant.fromId(o.hasNonNull("variant") ? Json.text(o, "variant") : null);
        } catch (IllegalArgumentException e) {
            throw new BadRecordException("\"variant\": " + e.getMessage());
        }
        Position start;
        try {
            start = variant.position(fen);
        } catch (IllegalArgumentException e) {
            throw new BadRecordException("opening FEN is invalid: " + e.getMessage());
        }
        List<String> moves = new ArrayList<>();
        Uci uci = new Uci();
        for (JsonNode m : Json.array(op, "moves")) {
            if (!m.isTextual() || !m.asText().matches("[a-h][1-8][a-h][1-8][qrbn]?")) throw new BadRecordException("opening move is not UCI: " + abbreviate(m.toString()));
            // Played out here, so a line that goes wrong is refused rather than cut short in the game.
            try {
                start.makeMove(uci.parse(start, m.asText()));
            } catch (NotationException e) {
                throw new BadRecordException("opening move " + (moves.size() + 1) + " (" + m.asText() + ") is illegal: " + e.getMessage());
            }
            moves.add(m.asText());
        }
        String source = op.hasNonNull("source") ? Json.text(op, "source") : "task";
        Map<String, EngineLimits> engines = new LinkedHashMap<>();
        var fields = Json.object(o, "engines").fields();
        while (fields.hasNext()) {
            var e = fields.next();
            if (!e.getValue().isObject()) throw new BadRecordException("engine \"" + abbreviate(e.getKey()) + "\": limits must be an object");
            engines.put(e.getKey(), EngineLimits.fromJson(e.getValue()));
        }
        List<Game> games = new ArrayList<>();
        JsonNode gs = Json.array(o, "games");
        if (gs.size() < 1 || gs.size() > 2) throw new BadRecordException("a task holds 1 or 2 games, found " + gs.size());
        for (JsonNode g : gs) {
            Game game = new Game(Json.integer(g, "game_number", 1, Integer.MAX_VALUE), Json.text(g, "white"), Json.text(g, "black"));
            for (String side : new String[] {game.white(), game.black()}) {
                if (!engines.containsKey(side)) throw new BadRecordException("engine \"" + abbreviate(side) + "\" has no limits in \"engines\"");
            }
            games.add(game);
        }
        Adjudication adj = Adjudications.fromJson(Json.object(o, "adjudication"));
        String event = o.hasNonNull("event") ? Json.text(o, "event") : "Rookery gauntlet";
        String site = o.hasNonNull("site") ? Json.text(o, "site") : "?";
        return new PairTask(matchId, pair, round, new Opening(fen, moves, source, variant), games, engines, adj, event, site);
    }

    static String abbreviate(String s) {
        String t = s.replaceAll("[^\\x20-\\x7e]", "?");
        return t.length() > 60 ? t.substring(0, 60) + "..." : t;
    }
}
