package org.rookery.workers.match;

import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rookery.core.board.Position;
import org.rookery.core.clock.TimeControl;
import org.rookery.core.openings.Classification;
import org.rookery.core.openings.OpeningList;
import org.rookery.core.pgn.PgnGame;
import org.rookery.core.pgn.PgnWriter;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;

/**
 * A finished game as PGN text, with the peers' tags and move comments: cutechess's
 * {@code {+0.35/12 0.512s}} comments, fastchess's extra keys ({@code tl= latency= n= sd= nps= hashfull=
 * tbhits=}, fastchess {@code pgn_builder.cpp}), SAN, LAN or UCI moves, and the minimal form. Tag order is
 * fastchess's: the seven-tag roster, SetUp and FEN, Variant (only when not standard), GameDuration,
 * GameStartTime, GameEndTime, PlyCount, Termination, TimeControl. No line is longer than 255 characters
 * (PGN's limit): movetext is wrapped at 79 and a tag value is cut to fit.
 */
public final class PgnFormatter {
    private PgnFormatter() {}

    /** PGN's longest allowed line. */
    public static final int MAX_LINE = 255;

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd", Locale.ROOT);
    /** cutechess's and fastchess's GameStartTime / GameEndTime form: {@code 2024-01-31T18:04:05 +0100}. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss Z", Locale.ROOT);

    /**
     * Everything the text is made of.
     *
     * @param variant the Variant tag's value, or null for standard chess (no tag)
     * @param openingSource where the opening came from ("startpos" for none); written as the Opening tag
     */
    public record Game(String event, String site, int round, String white, String black, TimeControl whiteTc,
                       TimeControl blackTc, String startFen, List<MoveRecord> moves, Result result, Termination termination,
                       String reason, long startedAtMillis, long finishedAtMillis, String variant, String openingSource) {}

    /** The game from a finished record, with the match's Event and Site. */
    public static Game of(GameRecord r, String event, String site, String variant) {
        return new Game(event, site, r.round(), r.white(), r.black(), r.whiteTimeControl(), r.blackTimeControl(), r.startFen(),
            r.moves(), r.result(), r.termination(), r.reason(), r.startedAtMillis(), r.finishedAtMillis(), variant,
            r.opening() == null ? "startpos" : r.opening().source());
    }

    /** The PGN text, ending with a blank line. */
    public static String format(Game g, PgnOptions o, boolean minimal) {
        ZoneId zone = ZoneId.systemDefault();
        ZonedDateTime start = Instant.ofEpochMilli(g.startedAtMillis()).atZone(zone);
        PgnGame p = new PgnGame();
        tag(p, "Event", g.event());
        tag(p, "Site", g.site());
        tag(p, "Date", start.format(DATE));
        tag(p, "Round", String.valueOf(g.round()));
        tag(p, "White", g.white());
        tag(p, "Black", g.black());
        tag(p, "Result", g.result().pgn());
        if (!g.startFen().equals(Position.START_FEN) || g.variant() != null) {
            tag(p, "SetUp", "1");
            // A Chess960 start is written in Shredder-FEN, whichever form the book gave.
            tag(p, "FEN", g.variant() != null ? Position.fromFen(g.startFen(), true).toFen() : g.startFen());
        }
        if (g.variant() != null) tag(p, "Variant", g.variant());
        if (!minimal) {
            tag(p, "GameDuration", duration(g.finishedAtMillis() - g.startedAtMillis()));
            tag(p, "GameStartTime", start.format(STAMP));
            tag(p, "GameEndTime", Instant.ofEpochMilli(g.finishedAtMillis()).atZone(zone).format(STAMP));
            tag(p, "PlyCount", String.valueOf(g.moves().size()));
            tag(p, "Termination", g.termination().pgnTag());
            String tcw = g.whiteTc().toPgnTag(), tcb = g.blackTc().toPgnTag();
            if (tcw.equals(tcb)) {
                tag(p, "TimeControl", tcw);
            } else {
                tag(p, "WhiteTimeControl", tcw);
                tag(p, "BlackTimeControl", tcb);
            }
            // ECO and Opening name the game's opening, as both peers write them (fastchess after TimeControl), from
            // the lichess list Rookery ships: the deepest named position of a game from the standard start.
            Classification c = g.variant() == null && g.startFen().equals(Position.START_FEN) ? classify(g.moves()) : null;
            if (c != null) {
                tag(p, "ECO", c.opening().eco());
                tag(p, "Opening", c.opening().name());
            }
            // Where the opening came from (the book and its line): Rookery's own tag, after the peers'.
            if (g.openingSource() != null && !g.openingSource().equals("startpos")) tag(p, "OpeningSource", g.openingSource());
        }
        List<MoveRecord> moves = g.moves();
        for (int i = 0; i < moves.size(); i++) {
            MoveRecord m = moves.get(i);
            p.addPly(notation(m, o.notation()));
            if (minimal) continue;
            p.setComment(i, comment(m, o, i == moves.size() - 1 ? g.reason() : null));
        }
        if (!minimal && moves.isEmpty() && g.reason() != null) p.setComment(-1, g.reason());
        p.setResult(g.result().pgn());
        StringWriter sw = new StringWriter();
        try (PgnWriter w = new PgnWriter(sw)) {
            w.write(p);
        } catch (IOException e) {
            throw new IllegalStateException("writing PGN to memory failed", e);
        }
        return sw.toString();
    }

    /** The deepest position of the moves (from the standard start) the shipped list names, or null. */
    static Classification classify(List<MoveRecord> moves) {
        Position pos = new Position();
        org.rookery.core.notation.Uci uci = new org.rookery.core.notation.Uci();
        try {
            for (MoveRecord m : moves) pos.makeMove(uci.parse(pos, m.uci()));
        } catch (org.rookery.core.notation.NotationException e) {
            return null; // a record whose moves do not replay names no opening; the game itself is written as it is
        }
        return OpeningList.shipped().classify(pos);
    }

    /** A move in the chosen notation; LAN as fastchess writes it: piece, from, capture, to, promotion, check. */
    static String notation(MoveRecord m, PgnOptions.Notation n) {
        return switch (n) {
            case SAN -> m.san();
            case UCI -> m.uci();
            case LAN -> lan(m.san(), m.uci());
        };
    }

    /** Long algebraic notation from the SAN and UCI forms of one move: {@code Ng1f3}, {@code e5xd6}, {@code e7e8=Q+}. */
    static String lan(String san, String uci) {
        if (san.startsWith("O-O")) return san;
        String suffix = san.endsWith("#") ? "#" : san.endsWith("+") ? "+" : "";
        StringBuilder sb = new StringBuilder(8);
        char first = san.charAt(0);
        if ("KQRBN".indexOf(first) >= 0) sb.append(first);
        sb.append(uci, 0, 2);
        if (san.indexOf('x') >= 0) sb.append('x');
        sb.append(uci, 2, 4);
        if (uci.length() > 4) sb.append('=').append(Character.toUpperCase(uci.charAt(4)));
        return sb.append(suffix).toString();
    }

    /** cutechess's comment, then fastchess's keys in its order, then the reason on the last move. */
    static String comment(MoveRecord m, PgnOptions o, String reason) {
        if (m.book()) return reason == null ? "book" : "book, " + reason;
        if (!o.extended()) return reason == null ? m.comment() : m.comment() + ", " + reason;
        List<String> parts = new ArrayList<>();
        StringBuilder head = new StringBuilder();
        // fastchess's score text: +1.23, -0.50, 0.00 (no sign), mates in plies (+M{2m-1}, -M{-2m}); 0.00 when none.
        if (m.hasScore()) {
            if (m.mate() > 0) head.append("+M").append(2 * m.mate() - 1);
            else if (m.mate() < 0) head.append("-M").append(-2 * m.mate());
            else if (m.scoreCp() == 0) head.append("0.00");
            else FixedPoint.append(head.append(m.scoreCp() > 0 ? '+' : '-'), Math.abs((long) m.scoreCp()), 2);
        } else {
            head.append("0.00"); // fastchess writes a move without a score as 0.00/0 (match.cpp)
        }
        head.append('/').append(m.depth()).append(' ').append(seconds(m.timeMs()));
        parts.add(head.toString());
        // Counters the engine did not report are -1 in the record; fastchess writes them as 0.
        if (o.timeleft() && m.clockMs() >= 0) parts.add("tl=" + seconds(m.clockMs()));
        if (o.latency() && m.latencyMs() >= 0) parts.add("latency=" + seconds(m.latencyMs()));
        if (o.nodes()) parts.add("n=" + Math.max(0, m.nodes()));
        if (o.seldepth()) parts.add("sd=" + Math.max(0, m.selDepth()));
        if (o.nps()) parts.add("nps=" + Math.max(0, m.nps()));
        if (o.hashfull()) parts.add("hashfull=" + Math.max(0, m.hashfull()));
        if (o.tbhits()) parts.add("tbhits=" + Math.max(0, m.tbHits()));
        if (o.pv() && !m.pv().isEmpty()) parts.add("pv=\"" + m.pv() + "\"");
        // match_line=: fastchess's line="…" per regex that found a line, after the tracked keys, before the reason.
        for (String line : m.matchedLines()) parts.add("line=\"" + line.replace('"', '\'').replace('{', '(').replace('}', ')') + "\"");
        if (reason != null) parts.add(reason);
        return String.join(", ", parts);
    }

    private static String seconds(long ms) {
        return FixedPoint.append(new StringBuilder(10), ms, 3).append('s').toString();
    }

    /** hh:mm:ss, as the peers write GameDuration. */
    static String duration(long ms) {
        long s = Math.max(0, ms) / 1000;
        StringBuilder sb = FixedPoint.twoDigits(new StringBuilder(8), s / 3600).append(':');
        FixedPoint.twoDigits(sb, (s / 60) % 60).append(':');
        return FixedPoint.twoDigits(sb, s % 60).toString();
    }

    /** Sets a tag, cutting a value that would make its line longer than {@link #MAX_LINE}. */
    private static void tag(PgnGame p, String name, String value) {
        int room = MAX_LINE - name.length() - 5; // [Name "value"]
        String v = value;
        int escapes = 0;
        for (int i = 0; i < v.length(); i++) if (v.charAt(i) == '"' || v.charAt(i) == '\\') escapes++;
        if (v.length() + escapes > room) v = v.substring(0, Math.max(0, room - escapes));
        p.setTag(name, v);
    }
}
