package org.rookery.contract.games;

import static org.rookery.contract.schema.Games.*;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.rookery.contract.ContractException;
import org.rookery.contract.RecordJson;
import org.rookery.contract.schema.Column;
import org.rookery.contract.schema.DrawFactsColumns;
import org.rookery.contract.schema.Games;

/**
 * The JSON form of a {@link GameRow}, the value of a {@code rookery.games} record: one key per
 * column of {@link Games#SCHEMA} in its order ({@code draw_facts} only when there are facts),
 * timestamps as ISO-8601 strings, arrays as JSON arrays with null elements allowed. Reading accepts
 * every record written since the topic exists: absent keys are null and unknown keys are ignored;
 * a value of the wrong JSON type is a {@link ContractException} naming the key.
 */
public final class GameCodec {
    private GameCodec() {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The record value's text. */
    public static String write(GameRow g) {
        return RecordJson.write(toJson(g));
    }

    /** The record value as a JSON object. */
    public static ObjectNode toJson(GameRow g) {
        ObjectNode o = MAPPER.createObjectNode();
        for (Column c : Games.SCHEMA.columns()) {
            String k = c.name();
            switch (k) {
                case GAME_ID -> o.put(k, g.gameId());
                case SOURCE -> o.put(k, g.source());
                case COLLECTION -> o.put(k, g.collection());
                case MATCH_ID -> o.put(k, g.matchId());
                case PAIR_INDEX -> o.put(k, g.pairIndex());
                case GAME_IN_PAIR -> o.put(k, g.gameInPair());
                case SOURCE_FILE -> o.put(k, g.sourceFile());
                case GAME_NUMBER -> o.put(k, g.gameNumber());
                case EVENT -> o.put(k, g.event());
                case SITE -> o.put(k, g.site());
                case DATE -> o.put(k, g.date());
                case ROUND -> o.put(k, g.round());
                case WHITE -> o.put(k, g.white());
                case BLACK -> o.put(k, g.black());
                case RESULT -> o.put(k, g.result());
                case WHITE_ELO -> o.put(k, g.whiteElo());
                case BLACK_ELO -> o.put(k, g.blackElo());
                case ECO -> o.put(k, g.eco());
                case TIME_CONTROL -> o.put(k, g.timeControl());
                case TERMINATION -> o.put(k, g.termination());
                case START_FEN -> o.put(k, g.startFen());
                case PLY_COUNT -> o.put(k, g.plyCount());
                case MOVES_UCI -> putList(o, k, g.movesUci());
                case ZOBRIST -> putList(o, k, g.zobrist());
                case CLOCK_MS -> putList(o, k, g.clockMs());
                case EVAL_CP -> putList(o, k, g.evalCp());
                case EVAL_MATE -> putList(o, k, g.evalMate());
                case DEPTH -> putList(o, k, g.depth());
                case SELDEPTH -> putList(o, k, g.selDepth());
                case NODES -> putList(o, k, g.nodes());
                case NPS -> putList(o, k, g.nps());
                case TIME_MS -> putList(o, k, g.timeMs());
                case LATENCY_MS -> putList(o, k, g.latencyMs());
                case HASHFULL -> putList(o, k, g.hashfull());
                case TBHITS -> putList(o, k, g.tbHits());
                case PV -> putList(o, k, g.pv());
                case WHITE_ENGINE_ID -> o.put(k, g.whiteEngineId());
                case BLACK_ENGINE_ID -> o.put(k, g.blackEngineId());
                case WORKER_ID -> o.put(k, g.workerId());
                case STARTED_AT -> o.put(k, g.startedAt());
                case FINISHED_AT -> o.put(k, g.finishedAt());
                case PGN -> o.put(k, g.pgn());
                case DRAW_FACTS -> {
                    if (g.drawFacts() != null) o.set(k, facts(g.drawFacts()));
                }
                // derived from the keys by whoever writes the table, so records never carry them
                case OPENING_ECO, OPENING, OPENING_PLY -> { }
                case VARIANT -> o.put(k, g.variant());
                // an import's flag (analyze ingest --collection-kind); gauntlet games are never masters by it
                case COLLECTION_KIND -> { }
                // where the record sits on rookery.games, known only once it is written: the sink sets it
                case RECORD_OFFSET -> { }
                default -> throw new IllegalStateException("the games codec has no value for column " + k);
            }
        }
        return o;
    }

    /** Parses a record value; anything that is not a JSON object of the games columns is a {@link ContractException}. */
    public static GameRow read(String value) {
        if (value == null) throw new ContractException("empty record value");
        JsonNode n;
        try {
            n = MAPPER.readTree(value);
        } catch (JsonProcessingException e) {
            throw new ContractException("malformed JSON: " + oneLine(e.getOriginalMessage()));
        }
        return fromJson(n);
    }

    /** The row a parsed record value holds; a wrong type or a missing {@code ply_count} is a {@link ContractException}. */
    public static GameRow fromJson(JsonNode o) {
        if (o == null || !o.isObject()) throw new ContractException("not a JSON object");
        Integer plies = Fields.integer(o, PLY_COUNT);
        if (plies == null) throw new ContractException("no " + PLY_COUNT);
        return new GameRow(Fields.text(o, GAME_ID), Fields.text(o, SOURCE), Fields.text(o, COLLECTION),
                Fields.text(o, MATCH_ID), Fields.integer(o, PAIR_INDEX), Fields.integer(o, GAME_IN_PAIR),
                Fields.text(o, SOURCE_FILE), Fields.bigint(o, GAME_NUMBER), Fields.text(o, EVENT), Fields.text(o, SITE),
                Fields.text(o, DATE), Fields.text(o, ROUND), Fields.text(o, WHITE), Fields.text(o, BLACK),
                Fields.text(o, RESULT), Fields.integer(o, WHITE_ELO), Fields.integer(o, BLACK_ELO), Fields.text(o, ECO),
                Fields.text(o, TIME_CONTROL), Fields.text(o, TERMINATION), Fields.text(o, START_FEN), plies,
                Fields.texts(o, MOVES_UCI), Fields.bigints(o, ZOBRIST), Fields.bigints(o, CLOCK_MS),
                Fields.integers(o, EVAL_CP), Fields.integers(o, EVAL_MATE), Fields.integers(o, DEPTH),
                Fields.integers(o, SELDEPTH), Fields.bigints(o, NODES), Fields.bigints(o, NPS), Fields.bigints(o, TIME_MS),
                Fields.bigints(o, LATENCY_MS), Fields.integers(o, HASHFULL), Fields.bigints(o, TBHITS), Fields.texts(o, PV),
                Fields.text(o, WHITE_ENGINE_ID), Fields.text(o, BLACK_ENGINE_ID), Fields.text(o, WORKER_ID),
                Fields.text(o, STARTED_AT), Fields.text(o, FINISHED_AT), Fields.text(o, PGN), facts(o.get(DRAW_FACTS)),
                Fields.text(o, VARIANT));
    }

    private static ObjectNode facts(DrawFacts f) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put(DrawFactsColumns.THREEFOLD_PLY, f.threefoldPly());
        o.put(DrawFactsColumns.FIVEFOLD_PLY, f.fivefoldPly());
        o.put(DrawFactsColumns.FIFTY_PLY, f.fiftyPly());
        o.put(DrawFactsColumns.SEVENTYFIVE_PLY, f.seventyFivePly());
        o.put(DrawFactsColumns.MAX_HALFMOVE_CLOCK, f.maxHalfmoveClock());
        o.put(DrawFactsColumns.LONGEST_REVERSIBLE_RUN, f.longestReversibleRun());
        o.put(DrawFactsColumns.REPEATED_POSITIONS, f.repeatedPositions());
        o.put(DrawFactsColumns.MAX_REPETITIONS, f.maxRepetitions());
        o.put(DrawFactsColumns.FINAL_REPETITIONS, f.finalRepetitions());
        o.put(DrawFactsColumns.FINAL_HALFMOVE_CLOCK, f.finalHalfmoveClock());
        return o;
    }

    private static DrawFacts facts(JsonNode n) {
        if (n == null || n.isNull()) return null;
        if (!n.isObject()) throw new ContractException("\"" + DRAW_FACTS + "\" must be an object");
        return new DrawFacts(Fields.integer(n, DrawFactsColumns.THREEFOLD_PLY),
                Fields.integer(n, DrawFactsColumns.FIVEFOLD_PLY), Fields.integer(n, DrawFactsColumns.FIFTY_PLY),
                Fields.integer(n, DrawFactsColumns.SEVENTYFIVE_PLY), count(n, DrawFactsColumns.MAX_HALFMOVE_CLOCK),
                count(n, DrawFactsColumns.LONGEST_REVERSIBLE_RUN), count(n, DrawFactsColumns.REPEATED_POSITIONS),
                count(n, DrawFactsColumns.MAX_REPETITIONS), count(n, DrawFactsColumns.FINAL_REPETITIONS),
                count(n, DrawFactsColumns.FINAL_HALFMOVE_CLOCK));
    }

    private static int count(JsonNode n, String key) {
        Integer v = Fields.integer(n, key);
        if (v == null) throw new ContractException("no \"" + DRAW_FACTS + "." + key + "\"");
        return v;
    }

    /** A list column: JSON null for a null list, else an array with null elements where the list has them. */
    private static void putList(ObjectNode o, String k, List<?> v) {
        if (v == null) {
            o.putNull(k);
            return;
        }
        ArrayNode a = o.putArray(k);
        for (Object x : v) {
            if (x == null) a.addNull();
            else if (x instanceof String t) a.add(t);
            else if (x instanceof Long l) a.add(l);
            else a.add((Integer) x);
        }
    }

    static String oneLine(String s) {
        if (s == null) return "";
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }

    /** Typed reads of JSON fields, absent or null as null, a wrong type as a {@link ContractException}. */
    static final class Fields {
        private Fields() {
        }

        static String text(JsonNode o, String k) {
            JsonNode n = o.get(k);
            if (n == null || n.isNull()) return null;
            if (!n.isTextual()) throw new ContractException("\"" + k + "\" must be a string");
            return n.asText();
        }

        static Integer integer(JsonNode o, String k) {
            JsonNode n = o.get(k);
            if (n == null || n.isNull()) return null;
            if (!n.isIntegralNumber() || !n.canConvertToInt()) throw new ContractException("\"" + k + "\" must be a 32-bit whole number");
            return n.intValue();
        }

        static Long bigint(JsonNode o, String k) {
            JsonNode n = o.get(k);
            if (n == null || n.isNull()) return null;
            if (!n.isIntegralNumber() || !n.canConvertToLong()) throw new ContractException("\"" + k + "\" must be a 64-bit whole number");
            return n.longValue();
        }

        static List<String> texts(JsonNode o, String k) {
            return list(o, k, JsonNode::isTextual, JsonNode::asText, "strings");
        }

        static List<Long> bigints(JsonNode o, String k) {
            return list(o, k, e -> e.isIntegralNumber() && e.canConvertToLong(), JsonNode::longValue, "64-bit whole numbers");
        }

        static List<Integer> integers(JsonNode o, String k) {
            return list(o, k, e -> e.isIntegralNumber() && e.canConvertToInt(), JsonNode::intValue, "32-bit whole numbers");
        }

        /** The array at {@code k} read element by element (null elements kept), or null; {@code what} names the element type. */
        private static <T> List<T> list(JsonNode o, String k, Predicate<JsonNode> fits, Function<JsonNode, T> value,
                String what) {
            JsonNode a = array(o, k);
            if (a == null) return null;
            List<T> out = new ArrayList<>(a.size());
            for (JsonNode e : a) {
                if (e.isNull()) out.add(null);
                else if (fits.test(e)) out.add(value.apply(e));
                else throw new ContractException("\"" + k + "\" must hold " + what);
            }
            return out;
        }

        private static JsonNode array(JsonNode o, String k) {
            JsonNode n = o.get(k);
            if (n == null || n.isNull()) return null;
            if (!n.isArray()) throw new ContractException("\"" + k + "\" must be an array");
            return n;
        }
    }
}
