package org.rookery.contract.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;
import org.rookery.core.board.Position;
import org.rookery.core.board.Variant;
import org.rookery.core.notation.NotationException;
import org.rookery.core.notation.Uci;

/**
 * One record of {@code rookery.tasks} (docs/schema.md, "Task"), keyed by match id: a game pair (or a
 * single game when the match has no pairs) that one worker plays and commits in one transaction.
 * {@code games} lists each game's number in the match and its colours (the first is
 * {@code white}/{@code black} of the record; the second is normally swapped); {@code engines} holds
 * the limits of every engine the games name. The codec writes the fields in one fixed order:
 * match ids are hashes of these bytes.
 */
public record PairTask(String matchId, int pairIndex, int round, TaskOpening opening, List<Game> games,
        Map<String, EngineLimits> engines, TaskAdjudication adjudication, String event, String site) {
    /** Largest task value a worker accepts; anything bigger is rejected unread. */
    public static final int MAX_BYTES = 64 * 1024;

    /** Match ids: {@code m-} and 16 hex digits (the definition's hash); tune runs' ids have the same form. */
    private static final String MATCH_ID = "m-[0-9a-f]{16}";

    /** One game of the pair. */
    public record Game(int gameNumber, String white, String black) {
    }

    /** Copies the games and engines, keeping their order. */
    public PairTask {
        games = List.copyOf(games);
        engines = Collections.unmodifiableMap(new LinkedHashMap<>(engines));
    }

    /** Whether {@code id} has the form of a match id. */
    public static boolean isMatchId(String id) {
        return id != null && id.matches(MATCH_ID);
    }

    /** {@code <match_id>/<pair_index>/<game_in_pair>}, the key of the game's record. */
    public String gameId(int gameInPair) {
        return matchId + "/" + pairIndex + "/" + gameInPair;
    }

    /** This task under another match id (a definition's tasks are built before their id is known). */
    public PairTask withMatchId(String id) {
        return new PairTask(id, pairIndex, round, opening, games, engines, adjudication, event, site);
    }

    /** The record value as a JSON object, the fields in wire order. */
    public ObjectNode toJson() {
        ObjectNode o = RecordJson.object();
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
        o.set("adjudication", adjudication.toJson());
        o.put("event", event);
        o.put("site", site);
        return o;
    }

    /** The record value as JSON text. */
    public String write() {
        return RecordJson.write(toJson());
    }

    /** Parses and checks a task; anything a worker cannot play is a {@link ContractException}. */
    public static PairTask parse(String value) {
        if (value != null && value.length() > MAX_BYTES) throw new ContractException("task larger than " + MAX_BYTES + " bytes");
        JsonNode o = RecordJson.parseObject(value);
        String matchId = TaskFields.text(o, "match_id");
        if (!isMatchId(matchId)) throw new ContractException("\"match_id\" is not a match id: \"" + TaskFields.abbreviate(matchId) + "\"");
        int pair = TaskFields.integer(o, "pair_index", 0, Integer.MAX_VALUE);
        int round = TaskFields.integer(o, "round", 1, Integer.MAX_VALUE);
        JsonNode op = TaskFields.object(o, "opening");
        String fen = TaskFields.text(op, "fen");
        // Tasks written before the field are standard chess.
        Variant variant;
        try {
            variant = Variant.fromId(o.hasNonNull("variant") ? TaskFields.text(o, "variant") : null);
        } catch (IllegalArgumentException e) {
            throw new ContractException("\"variant\": " + e.getMessage());
        }
        Position start;
        try {
            start = variant.position(fen);
        } catch (IllegalArgumentException e) {
            throw new ContractException("opening FEN is invalid: " + e.getMessage());
        }
        List<String> moves = new ArrayList<>();
        Uci uci = new Uci();
        for (JsonNode m : TaskFields.array(op, "moves")) {
            if (!m.isTextual() || !m.asText().matches("[a-h][1-8][a-h][1-8][qrbn]?")) {
                throw new ContractException("opening move is not UCI: " + TaskFields.abbreviate(m.toString()));
            }
            // Played out here, so a line that goes wrong is refused rather than cut short in the game.
            try {
                start.makeMove(uci.parse(start, m.asText()));
            } catch (NotationException e) {
                throw new ContractException("opening move " + (moves.size() + 1) + " (" + m.asText() + ") is illegal: " + e.getMessage());
            }
            moves.add(m.asText());
        }
        String source = op.hasNonNull("source") ? TaskFields.text(op, "source") : "task";
        Map<String, EngineLimits> engines = new LinkedHashMap<>();
        var fields = TaskFields.object(o, "engines").fields();
        while (fields.hasNext()) {
            var e = fields.next();
            if (!e.getValue().isObject()) throw new ContractException("engine \"" + TaskFields.abbreviate(e.getKey()) + "\": limits must be an object");
            engines.put(e.getKey(), EngineLimits.fromJson(e.getValue()));
        }
        List<Game> games = new ArrayList<>();
        JsonNode gs = TaskFields.array(o, "games");
        if (gs.size() < 1 || gs.size() > 2) throw new ContractException("a task holds 1 or 2 games, found " + gs.size());
        for (JsonNode g : gs) {
            Game game = new Game(TaskFields.integer(g, "game_number", 1, Integer.MAX_VALUE), TaskFields.text(g, "white"), TaskFields.text(g, "black"));
            for (String side : new String[] {game.white(), game.black()}) {
                if (!engines.containsKey(side)) throw new ContractException("engine \"" + TaskFields.abbreviate(side) + "\" has no limits in \"engines\"");
            }
            games.add(game);
        }
        TaskAdjudication adj = TaskAdjudication.fromJson(TaskFields.object(o, "adjudication"));
        String event = o.hasNonNull("event") ? TaskFields.text(o, "event") : "Rookery gauntlet";
        String site = o.hasNonNull("site") ? TaskFields.text(o, "site") : "?";
        return new PairTask(matchId, pair, round, new TaskOpening(fen, moves, source, variant), games, engines, adj, event, site);
    }

    /** Printable ASCII, at most 60 characters: how a value from a task is quoted in a reason. */
    public static String abbreviate(String s) {
        return TaskFields.abbreviate(s);
    }
}
