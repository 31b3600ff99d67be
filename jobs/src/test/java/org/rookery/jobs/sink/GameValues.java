package org.rookery.jobs.sink;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * {@code rookery.games} record values in the shape the workers write (docs/schema.md), with values
 * that differ from game to game (results, lengths, nulls inside arrays, non-ASCII text, millisecond
 * timestamps), so a sink that mixed up rows or columns would be caught by comparing them.
 */
final class GameValues {
    private GameValues() {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] RESULTS = {"1-0", "0-1", "1/2-1/2"};
    private static final String[] TERMINATIONS = {"checkmate", "time_forfeit", "threefold_repetition"};
    private static final String[] SHUFFLE = {"g1f3", "g8f6", "f3g1", "f6g8"};

    /** A gauntlet game's identifying fields, the first of every record the workers write. */
    static ObjectNode identity(String match, int pair, int inPair) {
        ObjectNode o = JSON.createObjectNode();
        o.put("game_id", match + "/" + pair + "/" + inPair);
        o.put("source", "gauntlet");
        o.put("collection", match);
        o.put("match_id", match);
        o.put("pair_index", pair);
        o.put("game_in_pair", inPair);
        o.putNull("source_file");
        o.put("game_number", 2L * pair + inPair + 1);
        return o;
    }

    /** Game {@code inPair} of pair {@code pair} of {@code match}, as played by {@code worker}. */
    static ObjectNode game(String match, int pair, int inPair, String worker) {
        int n = 2 * pair + inPair;
        int plies = 3 + n % 7;
        ObjectNode o = identity(match, pair, inPair);
        o.put("event", "Gauntlet Łódź ♞ " + match);
        o.put("site", "rookery");
        o.put("date", "2026.11.30");
        o.put("round", String.valueOf(pair + 1));
        o.put("white", inPair == 0 ? "rand-a" : "rand-b");
        o.put("black", inPair == 0 ? "rand-b" : "rand-a");
        o.put("result", RESULTS[n % 3]);
        o.putNull("white_elo");
        o.putNull("black_elo");
        o.putNull("eco");
        o.put("time_control", "10+0.1");
        o.put("termination", TERMINATIONS[n % 3]);
        o.put("start_fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        o.put("ply_count", plies);
        ArrayNode moves = o.putArray("moves_uci");
        ArrayNode keys = o.putArray("zobrist");
        ArrayNode clock = o.putArray("clock_ms");
        ArrayNode cp = o.putArray("eval_cp");
        ArrayNode mate = o.putArray("eval_mate");
        ArrayNode depth = o.putArray("depth");
        keys.add(0x463b96181691fc9cL);
        for (int i = 0; i < plies; i++) {
            moves.add(SHUFFLE[i % 4]);
            // Negative and full-width keys: a sign or width error in the long arrays shows.
            keys.add(0x9d39247e33776d41L * (n + 1) + 31L * i);
            if (i == 1) {
                clock.addNull();
            } else {
                clock.add(10_000L - 97L * i - n);
            }
            if (i == plies - 1 && n % 3 == 0) {
                cp.addNull();
                mate.add(i % 2 == 0 ? 1 : -1);
            } else {
                cp.add((i % 2 == 0 ? 1 : -1) * (15 * i + n));
                mate.addNull();
            }
            depth.add(1 + i % 9);
        }
        o.put("white_engine_id", inPair == 0 ? "rand-a" : "rand-b");
        o.put("black_engine_id", inPair == 0 ? "rand-b" : "rand-a");
        o.put("worker_id", worker);
        Instant start = Instant.parse("2026-11-30T10:00:00.125Z").plusSeconds(60L * n);
        o.put("started_at", start.toString());
        o.put("finished_at", start.plusMillis(5_250L + n).toString());
        o.put("pgn", "[Event \"Gauntlet\"]\n[White \"" + o.get("white").asText() + "\"]\n[Result \""
                + o.get("result").asText() + "\"]\n\n1. Nf3 Nf6 " + o.get("result").asText() + "\n");
        return o;
    }
}
