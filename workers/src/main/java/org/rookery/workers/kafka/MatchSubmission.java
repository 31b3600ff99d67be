package org.rookery.workers.kafka;

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
import org.rookery.contract.matches.MatchDefinition;
import org.rookery.contract.matches.MatchDefinitionCodec;
import org.rookery.contract.matches.MatchEngine;
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
 * A distributed match as {@code rookery submit} publishes it: its {@link MatchDefinition} (the
 * contract's one {@code rookery.matches} record) and the tasks it splits into. The id is a hash of
 * everything that decides the games (engines, limits, schedule, openings, SPRT), so the same
 * definition always gets the same id and a second submission is recognised.
 */
public record MatchSubmission(MatchDefinition definition, List<PairTask> tasks) {
    public static boolean isValidId(String id) {
        return PairTask.isMatchId(id);
    }

    /** Builds the definition and its tasks from {@code rookery submit}'s parsed options. */
    public static MatchSubmission of(GauntletOptions.Parsed parsed, Instant createdAt) {
        return of(parsed, createdAt, null);
    }

    /**
     * The same, with a quarantine rule ({@code -quarantine}); null leaves the section out, so the
     * definition (and its id) is what it was before the option existed, and readers apply
     * {@link QuarantineRule#DEFAULT}.
     */
    public static MatchSubmission of(GauntletOptions.Parsed parsed, Instant createdAt, QuarantineRule quarantine) {
        return of(parsed, createdAt, quarantine, List.of());
    }

    /**
     * The same, with each engine's reference speed ({@code nps=} of {@code -engine}/{@code -each};
     * {@code nps.get(i)} for engine i, 0 or absent for none): workers scale its clock by their speed.
     */
    public static MatchSubmission of(GauntletOptions.Parsed parsed, Instant createdAt, QuarantineRule quarantine, List<Long> nps) {
        MatchSettings s = parsed.settings();
        Map<String, EngineLimits> limits = new LinkedHashMap<>();
        List<MatchEngine> engines = new ArrayList<>();
        for (int i = 0; i < s.engines().size(); i++) {
            String name = s.engines().get(i).name();
            EngineLimits l = EngineLimits.fromKeys(parsed.engineKeys().get(i));
            if (i < nps.size() && nps.get(i) != null && nps.get(i) > 0) {
                if (l.tc() == null && l.st() == null) throw new IllegalArgumentException("engine " + name + ": nps= scales a clock, and it has no tc= or st=");
                l = l.withNps(nps.get(i));
            }
            limits.put(name, l);
            engines.add(new MatchEngine(name, l));
        }
        SprtSection sprt = null;
        if (s.sprt() != null) {
            if (s.sprt().model() == Sprt.Model.BAYESIAN) {
                throw new IllegalArgumentException("-sprt model=bayesian: a submitted match supports model=logistic or normalized only");
            }
            sprt = new SprtSection(s.sprt().elo0(), s.sprt().elo1(), s.sprt().alpha(), s.sprt().beta(), s.sprt().model() == Sprt.Model.NORMALIZED);
        }

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
        // A null quarantine leaves the section out, so the definition (and its id) is what it was before the option.
        MatchDefinition d = new MatchDefinition(MatchDefinitionCodec.SCHEMA_VERSION, provisional, createdAt.toString(), s.event(), s.site(),
            s.tournament() == MatchSettings.Tournament.GAUNTLET ? "gauntlet" : "round-robin", engines, s.rounds(), s.gamesPerEncounter(),
            s.repeat(), s.noSwap(), s.reverse(), TaskTypes.of(s.adjudication()), parsed.seed(), sprt, null, s.ratingInterval(), s.football(),
            s.openings().variant().id(), quarantine, tasks.size(), tasks.stream().mapToInt(t -> t.games().size()).sum());

        String id = "m-" + hash(MatchDefinitionCodec.body(d), tasks);
        List<PairTask> withId = tasks.stream().map(t -> t.withMatchId(id)).toList();
        return new MatchSubmission(d.withId(id, d.createdAt()), withId);
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

    /** A definition without tasks (a tuning run's, which hands its tasks out as it goes). */
    public static MatchSubmission of(MatchDefinition definition) {
        return new MatchSubmission(definition, List.of());
    }

    public String matchId() { return definition.matchId(); }

    /** The value of the {@code rookery.matches} record. */
    public ObjectNode toJson() {
        return MatchDefinitionCodec.toJson(definition);
    }

    /** Reads a {@code rookery.matches} value (tasks are not part of it); a bad one is a {@link BadRecordException}. */
    public static MatchSubmission parse(String value) {
        MatchDefinition d;
        try {
            d = MatchDefinitionCodec.read(null, value);
        } catch (ContractException e) {
            throw new BadRecordException(e.getMessage());
        }
        if (!isValidId(d.matchId())) throw new BadRecordException("\"match_id\" is not a match id");
        if (d.createdAt() == null) throw new BadRecordException("\"created_at\" is missing");
        try {
            Instant.parse(d.createdAt());
        } catch (java.time.format.DateTimeParseException e) {
            throw new BadRecordException("\"created_at\" is not an ISO-8601 instant");
        }
        if (d.games() == null) throw new BadRecordException("\"games\" is missing");
        return new MatchSubmission(d, List.of());
    }

    /** The definition as every reader sees it. */
    public MatchDefinition view() {
        return definition;
    }

    /** The match's quarantine rule ({@code -quarantine}; definitions without one: {@link QuarantineRule#DEFAULT}). */
    public QuarantineRule quarantineRule() {
        return definition.quarantineRule();
    }

    public int totalGames() { return definition.games() == null ? 0 : definition.games(); }

    public int pairs() { return definition.pairs() == null ? 0 : definition.pairs(); }

    /** The engines' registry names, in order. */
    public List<String> engineNames() {
        return definition.engineNames();
    }

    /** The SPRT of the definition, or null for a fixed-length match. */
    public Sprt sprt() {
        return definition.sprtTest();
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
        MatchDefinition d = definition;
        return new MatchSettings(engines, "round-robin".equals(d.tournament())
                ? MatchSettings.Tournament.ROUND_ROBIN : MatchSettings.Tournament.GAUNTLET,
            or(d.rounds(), 1), or(d.gamesPerEncounter(), 1), Boolean.TRUE.equals(d.repeat()),
            Boolean.TRUE.equals(d.noSwap()), Boolean.TRUE.equals(d.reverse()), 1, OpeningBook.startPosition(),
            Adjudication.NONE, sprt(), null, false, or(d.ratingInterval(), 10), false,
            d.event() == null ? "?" : d.event(), d.site() == null ? "?" : d.site(), Boolean.TRUE.equals(d.football()), null, 60_000);
    }

    private static int or(Integer v, int fallback) {
        return v == null ? fallback : v;
    }
}
