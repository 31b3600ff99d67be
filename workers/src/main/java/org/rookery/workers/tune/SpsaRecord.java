package org.rookery.workers.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.rookery.contract.schema.Spsa;
import org.rookery.stats.spsa.SpsaProbe;
import org.rookery.stats.spsa.SpsaStep;
import org.rookery.workers.kafka.BadRecordException;
import org.rookery.workers.kafka.Json;

/**
 * One record of {@code rookery.spsa}, the tune driver's log: a pair handed out ({@code probe}), or
 * a pair's result counted ({@code result}, the columns of the {@code spsa} table). The log alone
 * rebuilds a run: the probes still out, θ after the last result, the iterations already counted.
 *
 * @param result null for a probe
 */
public record SpsaRecord(String runId, int pairs, List<String> parameters, SpsaProbe probe, Counted result) {
    /** What a result record adds to its probe. */
    /** @param counted the result's place in the order the run counted them (1 … N); 0 when a record does not say */
    public record Counted(int result, double[] before, double[] after, List<String> gameIds, long counted) {}

    public static final String PROBE = "probe", RESULT = "result";

    /** A pair handed out. */
    public static SpsaRecord probe(String runId, int pairs, List<String> parameters, SpsaProbe probe) {
        return new SpsaRecord(runId, pairs, parameters, probe, null);
    }

    /** A pair's result, counted as {@code step}. */
    public static SpsaRecord result(String runId, int pairs, List<String> parameters, SpsaStep step, List<String> gameIds) {
        return new SpsaRecord(runId, pairs, parameters, step.probe(),
            new Counted((int) step.result(), step.before(), step.after(), List.copyOf(gameIds), step.counted()));
    }

    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("type", result == null ? PROBE : RESULT);
        o.put(Spsa.RUN_ID, runId);
        o.put(Spsa.ITERATION, probe.k());
        o.put(Spsa.PAIRS, pairs);
        ArrayNode ps = o.putArray(Spsa.PARAMETERS);
        parameters.forEach(ps::add);
        ArrayNode d = o.putArray(Spsa.DELTA);
        for (int f : probe.flips()) d.add(f);
        doubles(o, Spsa.C_K, probe.ck());
        doubles(o, Spsa.THETA_PLAYED, probe.theta());
        doubles(o, Spsa.PLUS, probe.plus());
        doubles(o, Spsa.MINUS, probe.minus());
        if (result != null) {
            o.put(Spsa.RESULT, result.result());
            doubles(o, Spsa.THETA_BEFORE, result.before());
            doubles(o, Spsa.THETA_AFTER, result.after());
            ArrayNode ids = o.putArray(Spsa.GAME_IDS);
            result.gameIds().forEach(ids::add);
            if (result.counted() > 0) o.put(Spsa.COUNTED, result.counted());
        }
        return o;
    }

    /** Reads a record; anything malformed is a {@link BadRecordException}. */
    public static SpsaRecord parse(String value) {
        ObjectNode o = Json.parseObject(value);
        String type = Json.text(o, "type");
        if (!type.equals(PROBE) && !type.equals(RESULT)) throw new BadRecordException("\"type\" must be probe or result, got \"" + type + "\"");
        int pairs = Json.integer(o, Spsa.PAIRS, 1, Integer.MAX_VALUE);
        int k = Json.integer(o, Spsa.ITERATION, 1, pairs);
        List<String> params = new ArrayList<>();
        for (JsonNode p : Json.array(o, Spsa.PARAMETERS)) params.add(p.asText());
        JsonNode d = Json.array(o, Spsa.DELTA);
        int[] flips = new int[d.size()];
        for (int i = 0; i < flips.length; i++) flips[i] = d.get(i).asInt();
        int n = params.size();
        SpsaProbe probe = new SpsaProbe(k, check(flips, n), doubles(o, Spsa.C_K, n), doubles(o, Spsa.THETA_PLAYED, n),
            doubles(o, Spsa.PLUS, n), doubles(o, Spsa.MINUS, n));
        Counted counted = null;
        if (type.equals(RESULT)) {
            List<String> ids = new ArrayList<>();
            for (JsonNode g : Json.array(o, Spsa.GAME_IDS)) ids.add(g.asText());
            counted = new Counted(Json.integer(o, Spsa.RESULT, -2, 2), doubles(o, Spsa.THETA_BEFORE, n), doubles(o, Spsa.THETA_AFTER, n), ids,
                o.has(Spsa.COUNTED) ? Json.integer(o, Spsa.COUNTED, 1, pairs) : 0);
        }
        return new SpsaRecord(Json.text(o, Spsa.RUN_ID), pairs, List.copyOf(params), probe, counted);
    }

    private static int[] check(int[] flips, int n) {
        if (flips.length != n) throw new BadRecordException("\"" + Spsa.DELTA + "\" has " + flips.length + " values for " + n + " parameters");
        for (int f : flips) if (f != 1 && f != -1) throw new BadRecordException("\"" + Spsa.DELTA + "\" values are +1 or -1");
        return flips;
    }

    private static void doubles(ObjectNode o, String field, double[] values) {
        ArrayNode a = o.putArray(field);
        for (double v : values) a.add(v);
    }

    private static double[] doubles(JsonNode o, String field, int n) {
        JsonNode a = Json.array(o, field);
        if (a.size() != n) throw new BadRecordException("\"" + field + "\" has " + a.size() + " values for " + n + " parameters");
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            if (!a.get(i).isNumber()) throw new BadRecordException("\"" + field + "\" holds a non-number");
            out[i] = a.get(i).asDouble();
        }
        return out;
    }
}
