package org.rookery.workers.tune;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.stats.spsa.Rounding;
import org.rookery.stats.spsa.SpsaParameter;
import org.rookery.stats.spsa.SpsaProbe;
import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;
import org.rookery.contract.matches.MatchEngine;
import org.rookery.contract.matches.SpsaSection;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.contract.tasks.PairTask;
import org.rookery.workers.kafka.Json;
import org.rookery.workers.kafka.TaskTypes;
import org.rookery.workers.match.MatchSettings;
import org.rookery.workers.match.Opening;

/**
 * What a tuning run is, whether the driver plays it locally or over Kafka: its {@code rookery.matches}
 * definition (a match of {@code NAME+} against {@code NAME-}, {@code "tournament": "spsa"}), its run id
 * (a hash of that definition) and the pair task of each probe, whose game ids the games carry.
 */
public final class TuneDefinition {
    private final KafkaTuneDriver.Request req;
    private final String plusName, minusName;
    private final List<String> names = new ArrayList<>();
    private final String runId;

    /** The definition of the run {@code req} describes. */
    public TuneDefinition(KafkaTuneDriver.Request req) {
        this.req = req;
        this.plusName = req.engine() + "+";
        this.minusName = req.engine() + "-";
        for (SpsaParameter p : req.params()) names.add(p.name());
        this.runId = "m-" + hash(Json.write(body()) + "\n" + req.settings().openings().fingerprint());
    }

    /** {@code m-} and 16 hex digits of the SHA-256 of everything that decides the run. */
    public String runId() { return runId; }

    /** The parameters' names, in order. */
    public List<String> names() { return names; }

    /** The body of the run's {@code rookery.matches} record (without its id and creation time): with the book's fingerprint, what the run id hashes. */
    public ObjectNode body() {
        return MatchDefinitionCodec.body(definition("m-0000000000000000", null));
    }

    /** The run's {@code rookery.matches} record, created at {@code createdAt}. */
    public MatchDefinition definition(java.time.Instant createdAt) {
        return definition(runId, createdAt.toString());
    }

    private MatchDefinition definition(String id, String createdAt) {
        MatchSettings s = req.settings();
        List<MatchEngine> engines = new ArrayList<>();
        for (String n : List.of(plusName, minusName)) engines.add(new MatchEngine(n, req.limits().playing(req.engine(), req.limits().setOption())));
        List<String> params = new ArrayList<>();
        for (SpsaParameter p : req.params()) params.add(line(p));
        SpsaSection spsa = new SpsaSection(params, req.rounding() == Rounding.RANDOMIZED ? "randomized" : "deterministic");
        return new MatchDefinition(MatchDefinitionCodec.SCHEMA_VERSION, id, createdAt, s.event(), s.site(), "spsa", engines, null, null, null,
            null, null, TaskTypes.of(s.adjudication()), req.seed(), null, spsa, null, null, null, null, req.pairs(), 2 * req.pairs());
    }

    /** The pair of iteration k: game 0 θ+ White (number 2k−1), game 1 θ− White (2k), pair index k−1. */
    public PairTask task(SpsaProbe probe, Opening opening) {
        int k = (int) probe.k();
        Map<String, EngineLimits> engines = new LinkedHashMap<>();
        engines.put(plusName, req.limits().playing(req.engine(), values(probe.plus())));
        engines.put(minusName, req.limits().playing(req.engine(), values(probe.minus())));
        List<PairTask.Game> games = List.of(new PairTask.Game(2 * k - 1, plusName, minusName), new PairTask.Game(2 * k, minusName, plusName));
        return new PairTask(runId, k - 1, k, TaskTypes.of(opening), games, engines, TaskTypes.of(req.settings().adjudication()), req.settings().event(),
            req.settings().site());
    }

    private Map<String, String> values(double[] v) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < v.length; i++) m.put(names.get(i), req.params().get(i).format(v[i]));
        return m;
    }

    private static String line(SpsaParameter p) {
        return p.name() + "," + p.format(p.start()) + "," + p.format(p.min()) + "," + p.format(p.max()) + "," + p.cEnd() + "," + p.rEnd();
    }

    private static String hash(String text) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
