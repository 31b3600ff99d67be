package org.rookery.jobs.query;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import org.rookery.contract.schema.Games;
import org.rookery.core.board.Position;
import org.rookery.core.notation.San;
import org.rookery.core.notation.Uci;
import org.rookery.core.pgn.PgnGame;

/**
 * Turns one {@code games} row back into a {@link PgnGame}: the standard tags from their columns,
 * the other tags from the header of the kept {@code pgn} text, the moves replayed from
 * {@code moves_uci} into SAN, and {@code [%clk]}/{@code [%eval]} comments where the row has them.
 * One instance per thread; it reuses its board and game.
 */
final class GamePgn {
    /** The columns {@link #fill} reads, in order. */
    static final List<String> COLUMNS = List.of(Games.EVENT, Games.SITE, Games.DATE, Games.ROUND, Games.WHITE,
            Games.BLACK, Games.RESULT, Games.WHITE_ELO, Games.BLACK_ELO, Games.ECO, Games.TIME_CONTROL,
            Games.TERMINATION, Games.START_FEN, Games.MOVES_UCI, Games.CLOCK_MS, Games.EVAL_CP, Games.EVAL_MATE,
            Games.PGN, Games.GAME_ID);

    /** PGN tag of each of the first columns, in {@link #COLUMNS}' order. */
    private static final String[] TAGS = {"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo",
        "BlackElo", "ECO", "TimeControl", "Termination"};

    private static final int FEN = column(Games.START_FEN);
    private static final int MOVES = column(Games.MOVES_UCI);
    private static final int CLOCKS = column(Games.CLOCK_MS);
    private static final int CPS = column(Games.EVAL_CP);
    private static final int MATES = column(Games.EVAL_MATE);
    private static final int TEXT = column(Games.PGN);
    /** JDBC index of the game id, for error messages. */
    static final int GAME_ID = column(Games.GAME_ID);

    private final Position pos = new Position();
    private final Uci uci = new Uci();
    private final San san = new San();
    private final StringBuilder comment = new StringBuilder(48);

    /** Refills {@code g} from the current row of {@code rs}, which selects {@link #COLUMNS}. */
    void fill(ResultSet rs, PgnGame g) throws SQLException {
        g.clear();
        for (int c = 0; c < TAGS.length; c++) {
            Object v = rs.getObject(c + 1);
            if (v != null) g.setTag(TAGS[c], v.toString());
        }
        String fen = rs.getString(FEN);
        // Ingest writes the standard start position for every game; a FEN tag of it, when the
        // original had one, comes back with the header's other tags.
        if (fen != null && fen.equals(Position.START_FEN)) fen = null;
        if (fen != null) {
            g.setTag("SetUp", "1");
            g.setTag("FEN", fen);
        }
        String text = rs.getString(TEXT);
        if (text != null) PgnHeader.addMissingTags(text, g);
        List<?> moves = list(rs.getArray(MOVES));
        List<?> clocks = list(rs.getArray(CLOCKS));
        List<?> cps = list(rs.getArray(CPS));
        List<?> mates = list(rs.getArray(MATES));
        if (fen != null) pos.setFen(fen);
        else pos.setFen(Position.START_FEN);
        for (int i = 0; i < moves.size(); i++) {
            int m = uci.parse(pos, moves.get(i).toString());
            int ply = g.addPly(san.toSan(pos, m));
            pos.makeMove(m);
            String note = annotations(at(clocks, i), at(cps, i), at(mates, i));
            if (note != null) g.setComment(ply, note);
        }
        // The writer ends the movetext with the Result tag's value when it is a result token, else '*'.
    }

    private static int column(String name) {
        return COLUMNS.indexOf(name) + 1;
    }

    private static List<?> list(Array a) throws SQLException {
        return a == null ? List.of() : java.util.Arrays.asList((Object[]) a.getArray());
    }

    private static Object at(List<?> l, int i) {
        return i < l.size() ? l.get(i) : null;
    }

    /** {@code [%clk h:mm:ss] [%eval x]} for one ply, null when it has neither. */
    private String annotations(Object clockMs, Object cp, Object mate) {
        comment.setLength(0);
        if (clockMs != null) {
            long ms = ((Number) clockMs).longValue();
            long s = ms / 1000;
            comment.append("[%clk ").append(s / 3600).append(':').append(two(s / 60 % 60)).append(':').append(two(s % 60));
            if (ms % 1000 != 0) comment.append('.').append(String.format(Locale.ROOT, "%03d", ms % 1000).replaceAll("0+$", ""));
            comment.append(']');
        }
        if (mate != null) {
            comment.append(comment.length() > 0 ? " " : "").append("[%eval #").append(((Number) mate).intValue()).append(']');
        } else if (cp != null) {
            comment.append(comment.length() > 0 ? " " : "")
                    .append(String.format(Locale.ROOT, "[%%eval %.2f]", ((Number) cp).intValue() / 100.0));
        }
        return comment.length() == 0 ? null : comment.toString();
    }

    private static String two(long v) {
        return v < 10 ? "0" + v : Long.toString(v);
    }
}
