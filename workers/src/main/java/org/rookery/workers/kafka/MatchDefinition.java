package org.rookery.workers.kafka;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rookery.contract.ContractException;
import org.rookery.contract.fleet.QuarantineRule;
import org.rookery.contract.matches.SprtSection;
import org.rookery.contract.tasks.EngineLimits;
import org.rookery.contract.tasks.PairTask;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.cli.GauntletOptions;
import org.rookery.workers.match.Adjudication;
import org.rookery.workers.match.MatchSettings;
import org.rookery.workers.match.OpeningBook;
import org.rookery.workers.match.Schedule;
import org.rookery.stats.Sprt;
import org.rookery.workers.uci.EngineConfig;

/**
 * A distributed match: the record of {@code rookery.matches} and the tasks it splits into. The id
 * is a hash of everything that decides the games (engines, limits, schedule, openings, SPRT), so
 * the same definition always gets the same id and a second submission is recognised.
 */
public record MatchDefinition(String matchId, Instant createdAt, ObjectNode body, List<PairTask> tasks) {
    public static boolean isValidId(String id) {
        return PairTask.isMatchId(id);
    }

    /** Builds the definition and its tasks from {@code rookery submit}'s parsed options. */
    public static MatchDefinition of(GauntletOptions.Parsed parsed, Instant createdAt) {
        return of(parsed, createdAt, null);
    }

    /**
     * The same, with a quarantine rule ({@code -quarantine}); null leaves the section out, so the
     * definition (and its id) is what it was before the option existed, and readers apply
     * {@link QuarantineRule#DEFAULT}.
     */
    public static MatchDefinition of(GauntletOptions.Parsed parsed, Instant createdAt, QuarantineRule quarantine) {
        return of(parsed, createdAt, quarantine, List.of());
    }

    /**
     * The same, with each engine's reference speed ({@code nps=} of {@code -engine}/{@code -each};
     * {@code nps.get(i)} for engine i, 0 or absent for none): workers scale its clock by their speed.
     */
    public static MatchDefinition of(GauntletOptions.Parsed parsed, Instant createdAt, QuarantineRule quarantine, List<Long> nps) {
        MatchSettings s = parsed.settings();
        Map<String, EngineLimits> limits = new LinkedHashMap<>();
        ObjectNode body = Json.object();
        body.put("event", s.event());
        body.put("site", s.site());
        body.put("tournament", s.tournament() == MatchSettings.Tournament.GAUNTLET ? "gauntlet" : "round-robin");
        ArrayNode engines = body.putArray("engines");
        for (int i = 0; i < s.engines().size(); i++) {
            String name = s.engines().get(i).name();
            EngineLimits l = EngineLimits.fromKeys(parsed.engineKeys().get(i));
            if (i < nps.size() && nps.get(i) != null && nps.get(i) > 0) {
                if (l.tc() == null && l.st() == null) throw new IllegalArgumentException("engine " + name + ": nps= scales a clock, and it has no tc= or st=");
                l = l.withNps(nps.get(i));
            }
            limits.put(name, l);
            ObjectNode e = engines.addObject();
            e.put("name", name);
            e.setAll(l.toJson());
        }
        body.put("rounds", s.rounds());
        body.put("games_per_encounter", s.gamesPerEncounter());
        body.put("repeat", s.repeat());
        body.put("noswap", s.noSwap());
        body.put("reverse", s.reverse());
        body.set("adjudication", TaskTypes.of(s.adjudication()).toJson());
        body.put("seed", parsed.seed());
        if (s.sprt() != null) {
            if (s.sprt().model() == Sprt.Model.BAYESIAN) {
                throw new IllegalArgumentException("-sprt model=bayesian: a submitted match supports model=logistic or normalized only");
            }
            body.set("sprt", new SprtSection(s.sprt().elo0(), s.sprt().elo1(), s.sprt().alpha(), s.sprt().beta(),
                s.sprt().model() == Sprt.Model.NORMALIZED).toJson());
        } else {
            body.putNull("sprt");
        }
        body.put("rating_interval", s.ratingInterval());
        body.put("football", s.football());
        body.put("variant", s.openings().variant().id());
        if (quarantine != null) body.set("quarantine", quarantine.toJson());

        // Group the schedule's games into pairs: one task per pair index.
        Map<Integer, List<Schedule.Game>> byPair = new LinkedHashMap<>();
        for (Schedule.Game g : Schedule.build(s)) byPair.computeIfAbsent(g.pairIndex(), k -> new ArrayList<>()).add(g);
        List<PairTask> tasks = new ArrayList<>();
        String provisional = "m-0000000000000000";
        for (var e : byPair.entrySet()) {
            List<PairTask.Game> games = new ArrayList<>();
            Map<String, EngineLimits> used = new LinkedHashMap<>();
            for (Schedule.Game g : e.getValue()) {
                String w = s.engines().get(g.white()).name(), b = s.engines().get(g.black()).name();
                games.add(new PairTask.Game(g.number(), w, b));
                used.put(w, limits.get(w));
                used.put(b, limits.get(b));
            }
            Schedule.Game first = e.getValue().get(0);
            tasks.add(new PairTask(provisional, e.getKey(), first.round(), TaskTypes.of(first.opening()), games, used,
                TaskTypes.of(s.adjudication()), s.event(), s.site()));
        }
        body.put("pairs", tasks.size());
        body.put("games", tasks.stream().mapToInt(t -> t.games().size()).sum());

        String id = "m-" + hash(body, tasks);
        List<PairTask> withId = tasks.stream().map(t -> t.withMatchId(id)).toList();
        return new MatchDefinition(id, createdAt, body, withId);
    }

    private static String hash(ObjectNode body, List<PairTask> tasks) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(Json.write(body).getBytes(StandardCharsets.UTF_8));
            for (PairTask t : tasks) md.update(Json.write(t.toJson()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** The value of the {@code rookery.matches} record. */
    public ObjectNode toJson() {
        ObjectNode o = Json.object();
        o.put("match_id", matchId);
        o.setAll(body);
        o.put("created_at", createdAt.toString());
        return o;
    }

    /** Reads a {@code rookery.matches} value (tasks are not part of it). */
    public static MatchDefinition parse(String value) {
        ObjectNode o = Json.parseObject(value);
        String id = Json.text(o, "match_id");
        if (!isValidId(id)) throw new BadRecordException("\"match_id\" is not a match id");
        Instant created;
        try {
            created = Instant.parse(Json.text(o, "created_at"));
        } catch (java.time.format.DateTimeParseException e) {
            throw new BadRecordException("\"created_at\" is not an ISO-8601 instant");
        }
        ObjectNode body = o.deepCopy();
        body.remove("match_id");
        body.remove("created_at");
        Json.array(body, "engines");
        Json.integer(body, "games", 0, Integer.MAX_VALUE);
        MatchDefinition d = new MatchDefinition(id, created, body, List.of());
        d.view();
        return d;
    }

    /** The definition as every reader sees it: the contract's one reading of a {@code rookery.matches} record. */
    public org.rookery.contract.matches.MatchDefinition view() {
        try {
            return org.rookery.contract.matches.MatchDefinition.parse(matchId, body);
        } catch (ContractException e) {
            throw new BadRecordException(e.getMessage());
        }
    }

    /** The match's quarantine rule ({@code -quarantine}; definitions without one: {@link QuarantineRule#DEFAULT}). */
    public QuarantineRule quarantineRule() {
        try {
            return QuarantineRule.parse(body.get("quarantine"));
        } catch (ContractException e) {
            throw new BadRecordException(e.getMessage());
        }
    }

    public int totalGames() { return body.get("games").asInt(); }

    public int pairs() { return body.get("pairs").asInt(); }

    /** The engines' registry names, in order. */
    public List<String> engineNames() {
        return view().engines();
    }

    /** The SPRT of the definition, or null for a fixed-length match. */
    public Sprt sprt() {
        SprtSection s = view().sprt();
        return s == null ? null : s.test();
    }

    /**
     * Settings for {@link org.rookery.workers.match.MatchReport}: the engines by name (what runs is
     * each worker's business), pairing, SPRT and report options.
     */
    public MatchSettings reportSettings() {
        List<EngineConfig> engines = new ArrayList<>();
        for (String n : engineNames()) {
            engines.add(new EngineConfig(n, n, List.of(), null, Map.of(), Map.of(), TimeControl.infinite(), 0, 0));
        }
        return new MatchSettings(engines, "round-robin".equals(body.path("tournament").asText())
                ? MatchSettings.Tournament.ROUND_ROBIN : MatchSettings.Tournament.GAUNTLET,
            body.path("rounds").asInt(1), body.path("games_per_encounter").asInt(1), body.path("repeat").asBoolean(),
            body.path("noswap").asBoolean(), body.path("reverse").asBoolean(), 1, OpeningBook.startPosition(),
            Adjudication.NONE, sprt(), null, false, body.path("rating_interval").asInt(10), false,
            body.path("event").asText("?"), body.path("site").asText("?"), body.path("football").asBoolean(), null, 60_000);
    }
}
