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
 * tokens, or one of its format names (cutechess pull requests #533 and #595, whose
 * {@code -resultformat help} lists them). Each column has cutechess's header and width: Rank 4,
 * Name 25 (left-aligned), counts 7, Points 8 with one decimal, percentages 6 with one decimal and
 * "%", each followed by one space.
 */
public final class ResultFormat {
    /** One player's line: name, results, how its games ended, time control. */
    public record Player(String name, Trinomial results, Map<String, Integer> outcomes, String timeControl) {}

    private interface Cell {
        String of(int rank, Player p);
    }

    private record Column(String header, Cell cell) {}

    private static final Map<String, Column> COLUMNS = new LinkedHashMap<>();
    /** cutechess's named formats that Rookery fills (the per-color ones need per-colour tallies it does not print). */
    public static final Map<String, String> NAMED = new LinkedHashMap<>();

    static {
        COLUMNS.put("Rank", new Column(String.format(Locale.ROOT, "%4s ", "Rank"), (r, p) -> String.format(Locale.ROOT, "%4d ", r)));
        COLUMNS.put("Name", new Column(String.format(Locale.ROOT, "%-25s ", "Name"), (r, p) -> String.format(Locale.ROOT, "%-25s ", p.name())));
        COLUMNS.put("Elo", new Column(count("Elo"), (r, p) -> number(p.results().elo())));
        COLUMNS.put("Error", new Column(count("+/-"), (r, p) -> number(p.results().eloError())));
        COLUMNS.put("Games", new Column(count("Games"), (r, p) -> count(p.results().games())));
        COLUMNS.put("W", new Column(count("Wins"), (r, p) -> count(p.results().wins())));
        COLUMNS.put("L", new Column(count("Losses"), (r, p) -> count(p.results().losses())));
        COLUMNS.put("D", new Column(count("Draws"), (r, p) -> count(p.results().draws())));
        COLUMNS.put("Points", new Column(String.format(Locale.ROOT, "%8s ", "Points"),
            (r, p) -> String.format(Locale.ROOT, "%8.1f ", p.results().wins() + 0.5 * p.results().draws())));
        COLUMNS.put("Score", new Column(count("Score"), (r, p) -> percent(p.results().score())));
        COLUMNS.put("DScore", new Column(count("Draw"), (r, p) -> percent(p.results().drawRatio())));
        outcome("Time", "Time", "Loss: time");
        outcome("Illegal", "Illegal", "Loss: illegal");
        outcome("Discon", "Discon", "Loss: disconnect");
        outcome("Stall", "Stall", "Loss: stall");
        outcome("DStale", "DStale", "Draw: stalemate");
        outcome("DMater", "DMater", "Draw: material");
        outcome("DRepet", "DRepet", "Draw: repetition");
        outcome("DMoves", "DMoves", "Draw: moves rule");
        outcome("DAdj", "DAdj", "Draw: adjudication");
        outcome("DAgree", "DAgree", "Draw: agreement");
        outcome("OtherD", "OtherD", "Draw: other");
        outcome("OtherW", "OtherW", "Win: other");
        COLUMNS.put("TC", new Column(String.format(Locale.ROOT, "%14s ", "TC"), (r, p) -> String.format(Locale.ROOT, "%14s ", p.timeControl())));
        NAMED.put("concise", "Rank,Name,Elo,Error,Games");
        NAMED.put("default", "Rank,Name,Elo,Error,Games,Score,DScore");
        NAMED.put("draws", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD");
        NAMED.put("minimal", "Rank,Name");
        NAMED.put("ordo", "Rank,Name,Elo,Points,Games,Score");
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
        String list = NAMED.getOrDefault(spec, spec);
        List<Column> cols = new ArrayList<>();
        for (String token : list.replace(" ", "").split(",")) {
            if (token.isEmpty()) continue;
            Column c = COLUMNS.get(token);
            if (c == null) {
                throw new IllegalArgumentException("-resultformat: unknown field " + token + " (names: " + String.join(" ", NAMED.keySet())
                    + "; fields: " + String.join(",", COLUMNS.keySet()) + ")");
            }
            cols.add(c);
        }
        if (cols.isEmpty()) throw new IllegalArgumentException("-resultformat: no field in \"" + spec + "\"");
        return new ResultFormat(spec, List.copyOf(cols));
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
        boolean abnormal = t == Termination.TIME_FORFEIT || t == Termination.ILLEGAL_MOVE || t == Termination.DISCONNECT || t == Termination.STALL;
        if (s == 1.0) return abnormal ? "Win: other" : "Win: regular";
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
