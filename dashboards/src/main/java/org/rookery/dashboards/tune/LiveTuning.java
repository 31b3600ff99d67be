package org.rookery.dashboards.tune;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.rookery.contract.schema.Spsa;

/**
 * The counted pairs the live feed has read from {@code rookery.spsa} since the dashboard started
 * (probes are skipped: θ moves only with results), per run, so a running tune is charted before
 * the sink writes its rows.
 */
public final class LiveTuning {
    private final Map<String, Map<Integer, TunePoint>> runs = new ConcurrentHashMap<>();
    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

    /** Adds a {@code rookery.spsa} record value; a probe is ignored. Throws on a result without its fields. */
    public void add(JsonNode o) {
        if (!"result".equals(o.path("type").asText())) return;
        String run = text(o, Spsa.RUN_ID);
        TunePoint p = new TunePoint(run, o.path(Spsa.PAIRS).asInt(), strings(o.path(Spsa.PARAMETERS)), o.path(Spsa.COUNTED).asLong(0),
                number(o, Spsa.ITERATION), number(o, Spsa.RESULT), doubles(o.path(Spsa.THETA_BEFORE)), doubles(o.path(Spsa.THETA_AFTER)));
        if (runs.computeIfAbsent(run, r -> new ConcurrentHashMap<>()).put(p.iteration(), p) == null) {
            for (Consumer<String> l : listeners) l.accept(run);
        }
    }

    /** Called with the run id after each new counted pair. */
    public void onPoint(Consumer<String> l) {
        listeners.add(l);
    }

    /** The live points of {@code runId} (all runs when null). */
    public List<TunePoint> points(String runId) {
        List<TunePoint> out = new ArrayList<>();
        if (runId == null) runs.values().forEach(m -> out.addAll(m.values()));
        else out.addAll(runs.getOrDefault(runId, Map.of()).values());
        return out;
    }

    private static String text(JsonNode o, String f) {
        if (!o.path(f).isTextual()) throw new IllegalArgumentException("\"" + f + "\" must be a string");
        return o.path(f).asText();
    }

    private static int number(JsonNode o, String f) {
        if (!o.path(f).canConvertToInt()) throw new IllegalArgumentException("\"" + f + "\" must be a whole number");
        return o.path(f).asInt();
    }

    private static List<String> strings(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<Double> doubles(JsonNode a) {
        List<Double> out = new ArrayList<>();
        a.forEach(n -> out.add(n.asDouble()));
        return out;
    }
}
