package org.rookery.jobs.ingest;

import java.nio.charset.StandardCharsets;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;
import org.rookery.contract.schema.Games;
import org.rookery.core.board.Piece;
import org.rookery.core.pgn.EngineComment;
import org.rookery.core.pgn.PgnGame;

/**
 * The per-ply engine statistics of an imported game ({@code depth}, {@code seldepth}, {@code nodes},
 * {@code nps}, {@code time_ms}, {@code latency_ms}, {@code hashfull}, {@code tbhits}, {@code pv}),
 * read from its cutechess/fastchess move comments ({@link EngineComment}) once per game into
 * reusable per-ply buffers, then written column by column like {@link GamesFileWriter}'s other lists:
 * a column is null as a whole when no ply carries its value, else one element per ply, null where
 * a ply has none.
 *
 * <p>It also gives {@code eval_cp}/{@code eval_mate}: a ply's {@code [%eval]} when it has one, else
 * the comment's score turned from the mover's view to White's (the mover of each ply follows from
 * the start position's side to move), mates in moves as UCI and the Kafka sink count them.
 */
final class EngineStatsColumns {
    /** The columns this class fills, in the order of its buffers. */
    private static final String[] NAMES = {Games.DEPTH, Games.SELDEPTH, Games.NODES, Games.NPS, Games.TIME_MS,
        Games.LATENCY_MS, Games.HASHFULL, Games.TBHITS, Games.PV};
    private static final int PV = NAMES.length - 1;

    private final EngineComment comment = new EngineComment();
    private long[][] values = new long[PV][256];
    private int[] pvStart = new int[256];
    private int[] pvEnd = new int[256];
    private final boolean[] any = new boolean[NAMES.length];
    private int[] evalCp = new int[256];
    private int[] evalMate = new int[256];
    private boolean anyEval;
    private char[] text;

    /** The buffer index of a games column, or -1 when this class does not fill it. */
    static int field(String column) {
        for (int k = 0; k < NAMES.length; k++) if (NAMES[k].equals(column)) return k;
        return -1;
    }

    /** Reads the comments of the game's {@code plies} plies; {@code firstMover} moved first ({@link Piece#WHITE} or BLACK). */
    void read(PgnGame g, int plies, int firstMover) {
        if (pvStart.length < plies) {
            int n = Math.max(plies, pvStart.length * 2);
            for (int f = 0; f < PV; f++) values[f] = new long[n];
            pvStart = new int[n];
            pvEnd = new int[n];
            evalCp = new int[n];
            evalMate = new int[n];
        }
        java.util.Arrays.fill(any, false);
        anyEval = false;
        text = g.commentBuffer();
        for (int k = 0; k < plies; k++) {
            int len = g.commentLength(k);
            if (len <= 0 || !comment.parse(text, g.commentStart(k), g.commentStart(k) + len)) comment.clear();
            eval(g, k, ((firstMover + k) & 1) == Piece.WHITE);
            put(0, k, comment.depth);
            put(1, k, comment.selDepth);
            put(2, k, comment.nodes);
            put(3, k, comment.nps);
            put(4, k, comment.timeMs);
            put(5, k, comment.latencyMs);
            put(6, k, comment.hashfull);
            put(7, k, comment.tbHits);
            pvStart[k] = comment.pvStart;
            pvEnd[k] = comment.pvEnd;
            if (comment.pvStart >= 0) any[PV] = true;
        }
    }

    /** Ply {@code k}'s evaluation from White's view: its {@code [%eval]}, else the score of the comment just parsed. */
    private void eval(PgnGame g, int k, boolean whiteMoved) {
        int cp = g.evalCp(k), mate = g.evalMate(k);
        if (cp == PgnGame.NO_EVAL && mate == PgnGame.NO_EVAL) {
            int sign = whiteMoved ? 1 : -1;
            if (comment.mateMoves != EngineComment.NONE) mate = sign * (int) comment.mateMoves;
            // The parser keeps centipawns below 10^9, so the int holds them.
            else if (comment.scoreCp != EngineComment.NONE) cp = sign * (int) comment.scoreCp;
        }
        evalCp[k] = cp;
        evalMate[k] = mate;
        if (cp != PgnGame.NO_EVAL || mate != PgnGame.NO_EVAL) anyEval = true;
    }

    /**
     * Writes {@code eval_mate} (when {@code mate}) or {@code eval_cp} of the last game read: null as a
     * whole when no ply has an evaluation of either kind, else one element per ply.
     */
    void writeEvals(ColumnWriter w, int plies, boolean mate) {
        if (!anyEval) {
            w.writeNull(0, 0);
            return;
        }
        int[] v = mate ? evalMate : evalCp;
        for (int k = 0; k < plies; k++) {
            if (v[k] == PgnGame.NO_EVAL) w.writeNull(k == 0 ? 0 : 1, 2);
            else w.write(v[k], k == 0 ? 0 : 1, 3);
        }
    }

    private void put(int f, int ply, long v) {
        values[f][ply] = v;
        if (v != EngineComment.NONE) any[f] = true;
    }

    /** Writes buffer {@code f} of the last game read into its list column ({@code int32} elements when {@code ints}). */
    void write(ColumnWriter w, int f, int plies, boolean ints) {
        if (!any[f]) {
            w.writeNull(0, 0);
            return;
        }
        for (int k = 0; k < plies; k++) {
            int r = k == 0 ? 0 : 1;
            if (f == PV) {
                if (pvStart[k] < 0) w.writeNull(r, 2);
                else w.write(Binary.fromConstantByteArray(new String(text, pvStart[k], pvEnd[k] - pvStart[k])
                        .getBytes(StandardCharsets.UTF_8)), r, 3);
                continue;
            }
            long v = values[f][k];
            if (v == EngineComment.NONE) w.writeNull(r, 2);
            else if (ints) w.write((int) Math.min(Integer.MAX_VALUE, v), r, 3);
            else w.write(v, r, 3);
        }
    }
}
