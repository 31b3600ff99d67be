package org.rookery.workers.match;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.rookery.core.rules.Termination;
import org.rookery.stats.Trinomial;

/**
 * cutechess-cli's {@code -resultformat}: the standings table as a comma-separated list of field
 * tokens, group names or one of its format names (its tournament.h: {@code m_tokenMap},
 * {@code m_namedGroups}, {@code m_namedFormats}; pull requests #533 and #595). Each column has
 * cutechess's width: Rank 4, Name 25 (left-aligned), counts 7, Points 8 with one decimal,
 * percentages 6 with one decimal and "%", each followed by one space.
 */
public final class ResultFormat {
    /** One player's line: name, results (all, as White, as Black), how its games ended, time control. */
    public record Player(String name, Trinomial results, Trinomial asWhite, Trinomial asBlack, Map<String, Integer> outcomes,
                         String timeControl) {
        /** A player whose per-colour split is not known (tests of the colour-blind columns). */
        public Player(String name, Trinomial results, Map<String, Integer> outcomes, String timeControl) {
            this(name, results, new Trinomial(0, 0, 0), new Trinomial(0, 0, 0), outcomes, timeControl);
        }
    }

    private interface Cell {
        String of(int rank, Player p);
    }

    private record Column(String header, Cell cell) {}

    private static final Map<String, Column> COLUMNS = new LinkedHashMap<>();
    /** cutechess's named formats, all of them (its {@code m_namedFormats}). */
    public static final Map<String, String> NAMED = new LinkedHashMap<>();
    /** cutechess's field groups, each a shortcut for a list of tokens inside a format (its {@code m_namedGroups}). */
    public static final Map<String, String> GROUPS = new LinkedHashMap<>();

    static {
        COLUMNS.put("Rank", new Column(String.format(Locale.ROOT, "%4s ", "Rank"), (r, p) -> String.format(Locale.ROOT, "%4d ", r)));
        COLUMNS.put("Name", new Column(String.format(Locale.ROOT, "%-25s ", "Name"), (r, p) -> String.format(Locale.ROOT, "%-25s ", p.name())));
        COLUMNS.put("Elo", new Column(count("Elo"), (r, p) -> number(p.results().elo())));
        COLUMNS.put("Error", new Column(count("+/-"), (r, p) -> number(p.results().eloError())));
        COLUMNS.put("LOS", new Column(count("LOS"), (r, p) -> percent(p.results().los())));
        COLUMNS.put("Games", new Column(count("Games"), (r, p) -> count(p.results().games())));
        // The same columns for all games, as White (w) and as Black (b): cutechess's tokens.
        side("", "", Player::results);
        side("w", "w", Player::asWhite);
        side("b", "b", Player::asBlack);
        COLUMNS.put("wElo", new Column(count("wElo"), (r, p) -> number(p.asWhite().elo())));
        COLUMNS.put("wError", new Column(count("w+/-"), (r, p) -> number(p.asWhite().eloError())));
        COLUMNS.put("wLOS", new Column(count("wLOS"), (r, p) -> percent(p.asWhite().los())));
        COLUMNS.put("bElo", new Column(count("bElo"), (r, p) -> number(p.asBlack().elo())));
        COLUMNS.put("bError", new Column(count("b+/-"), (r, p) -> number(p.asBlack().eloError())));
        outcome("Time", "Time", "Loss: time");
        outcome("Illegal", "Illegal", "Loss: illegal");
        outcome("Discon", "Discon", "Loss: disconnect");
        outcome("Stall", "Stall", "Loss: stall");
        outcome("WrClaim", "WrClaim", "Loss: invalid claim");
        outcome("RegulL", "RegulL", "Loss: regular");
        outcome("RegulW", "RegulW", "Win: regular");
        outcome("DStale", "DStale", "Draw: stalemate");
        outcome("DMater", "DMater", "Draw: material");
        outcome("DRepet", "DRepet", "Draw: repetition");
        outcome("DMoves", "DMoves", "Draw: moves rule");
        // Counting rules are the variants' (Makruk, Sittuyin): a chess game never ends by one, so the column counts 0.
        outcome("DCount", "DCount", "Draw: counting rules");
        outcome("DAdj", "DAdj", "Draw: adjudication");
        outcome("DAgree", "DAgree", "Draw: agreement");
        outcome("OtherD", "OtherD", "Draw: other");
        outcome("OtherW", "OtherW", "Win: other");
        COLUMNS.put("TC", new Column(String.format(Locale.ROOT, "%14s ", "TC"), (r, p) -> String.format(Locale.ROOT, "%14s ", p.timeControl())));
        GROUPS.put("WLDStats", "W,L,D,Points,Score,wW,wL,wD,wPoints,wScore,bW,bL,bD,bPoints,bScore");
        GROUPS.put("DrawStats", "DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD");
        GROUPS.put("Terminations", "Time,Illegal,Discon,Stall,WrClaim");
        NAMED.put("minimal", "Rank,Name");
        NAMED.put("small", "Rank,Name,Games,Points");
        NAMED.put("short", "Rank,Name,Elo,Games");
        NAMED.put("concise", "Rank,Name,Elo,Error,Games");
        NAMED.put("default", "Rank,Name,Elo,Error,Games,Score,DScore");
        NAMED.put("with-points", "Rank,Name,Elo,Error,Games,Points,Score,DScore");
        NAMED.put("wide", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore");
        NAMED.put("wide2", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,wScore,bScore");
        NAMED.put("per-color", "Rank,Name,Elo,Error,Games,W,L,D,Points,wW,wL,wD,wPoints,bW,bL,bD,bPoints");
        NAMED.put("ordo", "Rank,Name,Elo,Points,Games,Score");
        NAMED.put("term", "Rank,Name,Elo,Error,Games,Score,Time,Illegal,Discon,Stall,WrClaim");
        NAMED.put("draws", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD");
        NAMED.put("wide3", "Rank,Name,TC,Elo,Error,Games,WLDStats,DrawStats,Terminations");
    }

    /** W L D Points Score DScore over {@code results}, under tokens and headers starting with {@code prefix}. */
    private static void side(String prefix, String header, java.util.function.Function<Player, Trinomial> results) {
        COLUMNS.put(prefix + "W", new Column(count(header + "Wins"), (r, p) -> count(results.apply(p).wins())));
        COLUMNS.put(prefix + "L", new Column(count(header + "Losses"), (r, p) -> count(results.apply(p).losses())));
        COLUMNS.put(prefix + "D", new Column(count(header + "Draws"), (r, p) -> count(results.apply(p).draws())));
        COLUMNS.put(prefix + "Points", new Column(String.format(Locale.ROOT, "%8s ", header + "Points"),
            (r, p) -> String.format(Locale.ROOT, "%8.1f ", results.apply(p).wins() + 0.5 * results.apply(p).draws())));
        COLUMNS.put(prefix + "Score", new Column(count(header + "Score"), (r, p) -> percent(results.apply(p).score())));
        COLUMNS.put(prefix + "DScore", new Column(count(header + "Draw"), (r, p) -> percent(results.apply(p).drawRatio())));
    }

    private static void outcome(String token, String header, String key) {
        COLUMNS.put(token, new Column(count(header), (r, p) -> count(p.outcomes().getOrDefault(key, 0))));
    }

    private final List<Column> columns;
    private final String spec;

    private ResultFormat(String spec, List<Column> columns) {
        this.spec = spec;
        this.columns = columns;
    }

    /** cutechess's default table. */
    public static final ResultFormat DEFAULT = parse("default");

    /**
     * A format name or a comma-separated token list (spaces ignored, as cutechess strips them).
     * An unknown token is an IllegalArgumentException naming it and the known ones.
     */
    public static ResultFormat parse(String spec) {
        String list = NAMED.getOrDefault(spec, spec).replace(" ", "");
        for (var g : GROUPS.entrySet()) list = list.replaceAll("(?<=^|,)" + g.getKey() + "(?=,|$)", g.getValue());
        List<Column> cols = new ArrayList<>();
        for (String token : list.split(",")) {
            if (token.isEmpty()) continue;
            Column c = COLUMNS.get(token);
            if (c == null) {
                throw new IllegalArgumentException("-resultformat: unknown field " + token + " (names: " + String.join(" ", NAMED.keySet())
                    + "; groups: " + String.join(" ", GROUPS.keySet()) + "; fields: " + String.join(",", COLUMNS.keySet()) + ")");
            }
            cols.add(c);
        }
        if (cols.isEmpty()) throw new IllegalArgumentException("-resultformat: no field in \"" + spec + "\"");
        return new ResultFormat(spec, List.copyOf(cols));
    }

    /**
     * What {@code -resultformat help} prints: cutechess's opening sentence and its names in its
     * order (a QMap's, sorted), each followed by its token list (the text of its pull request #595),
     * then the field tokens and groups.
     */
    public static List<String> help() {
        List<String> out = new ArrayList<>();
        out.add("Option -resultformat accepts a comma separated list of fields or one of following format names:");
        out.add("");
        for (String name : new java.util.TreeMap<>(NAMED).keySet()) {
            out.add(name + " ");
            out.add("   " + NAMED.get(name));
        }
        out.add("");
        out.add("Fields: " + String.join(",", COLUMNS.keySet()));
        for (var g : GROUPS.entrySet()) out.add("Group " + g.getKey() + ": " + g.getValue());
        return out;
    }

    /** What was given, for the saved run state. */
    public String spec() { return spec; }

    /** The header line and one line per player, players already in rank order. */
    public List<String> lines(List<Player> ranked) {
        List<String> out = new ArrayList<>();
        StringBuilder h = new StringBuilder();
        for (Column c : columns) h.append(c.header());
        out.add(h.toString().stripTrailing());
        int rank = 0;
        for (Player p : ranked) {
            StringBuilder l = new StringBuilder();
            rank++;
            for (Column c : columns) l.append(c.cell().of(rank, p));
            out.add(l.toString().stripTrailing());
        }
        return out;
    }

    /** The outcome key cutechess's draw-type and termination columns count for a finished game's side. */
    static String outcomeKey(GameRecord g, String player) {
        double s = g.scoreOf(player);
        Termination t = g.termination();
        if (s == 0.5) {
            return switch (t) {
                case STALEMATE -> "Draw: stalemate";
                case DEAD_POSITION, TIMEOUT_VS_INSUFFICIENT_MATERIAL -> "Draw: material";
                case THREEFOLD_REPETITION, FIVEFOLD_REPETITION -> "Draw: repetition";
                case FIFTY_MOVE_RULE, SEVENTY_FIVE_MOVE_RULE -> "Draw: moves rule";
                case ADJUDICATION -> "Draw: adjudication";
                case AGREEMENT -> "Draw: agreement";
                default -> "Draw: other";
            };
        }
        // A CECP engine's false claim loses by adjudication (ClaimVerdict's reason); cutechess counts it as WrClaim.
        boolean falseClaim = t == Termination.ADJUDICATION && g.reason().contains(" makes an invalid ");
        boolean abnormal = falseClaim || t == Termination.TIME_FORFEIT || t == Termination.ILLEGAL_MOVE || t == Termination.DISCONNECT
            || t == Termination.STALL;
        if (s == 1.0) return abnormal ? "Win: other" : "Win: regular";
        if (falseClaim) return "Loss: invalid claim";
        return switch (t) {
            case TIME_FORFEIT -> "Loss: time";
            case ILLEGAL_MOVE -> "Loss: illegal";
            case DISCONNECT -> "Loss: disconnect";
            case STALL -> "Loss: stall";
            default -> "Loss: regular";
        };
    }

    private static String count(String header) {
        return String.format(Locale.ROOT, "%7s ", header);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%7d ", n);
    }

    private static String number(double v) {
        if (Double.isNaN(v)) return String.format(Locale.ROOT, "%7s ", "nan");
        if (Double.isInfinite(v)) return String.format(Locale.ROOT, "%7s ", v > 0 ? "inf" : "-inf");
        return String.format(Locale.ROOT, "%7.0f ", v);
    }

    private static String percent(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%6.1f%% ", 100 * v) : String.format(Locale.ROOT, "%6s%% ", "nan");
    }
}
