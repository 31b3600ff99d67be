package org.rookery.workers.match;

import java.io.IOException;
import java.nio.file.Path;
import org.rookery.core.board.Position;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Termination;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.probe.Probe;
import org.rookery.endgame.probe.Tablebase;

/**
 * Ends a game as soon as its position is in Rookery's endgame tables, with the tables' verdict
 * under the 50-move rule (a cursed win or blessed loss is a draw, unless -tbignore50). Shared by
 * all game slots: probing is thread-safe.
 */
public final class TablebaseAdjudicator implements AutoCloseable {
    /** What a game's reason names as the verdict's source, where fastchess and cutechess say "SyzygyTB". */
    public static final String SOURCE = "RookeryTB";

    private final Tablebase tables;
    private final int maxPieces;
    private final boolean ignore50;

    private TablebaseAdjudicator(Tablebase tables, int maxPieces, boolean ignore50) {
        this.tables = tables;
        this.maxPieces = maxPieces;
        this.ignore50 = ignore50;
    }

    /** Opens the tables of {@code adj}, or returns null when tablebase adjudication is off. */
    public static TablebaseAdjudicator open(Adjudication adj) throws IOException {
        if (adj.tablebaseDir() == null) return null;
        Tablebase tb = Tablebase.open(adj.tablebaseDir());
        int pieces = adj.tablebasePieces() > 0 ? Math.min(adj.tablebasePieces(), tb.maxPieces()) : tb.maxPieces();
        return new TablebaseAdjudicator(tb, pieces, adj.tablebaseIgnore50());
    }

    /** The tables' verdict for the side to move's game, or null when the position is not covered. */
    public Outcome adjudicate(Position pos) {
        if (Long.bitCount(pos.occupied()) > maxPieces || pos.castlingRights() != 0) return null;
        long r = tables.probe(pos);
        if (!Probe.found(r)) return null;
        Category c = Probe.category(r, pos.halfmoveClock());
        int stm = pos.sideToMove();
        return switch (c) {
            case WIN -> Outcome.win(stm, Termination.ADJUDICATION);
            case LOSS -> Outcome.win(stm ^ 1, Termination.ADJUDICATION);
            case CURSED_WIN -> ignore50 ? Outcome.win(stm, Termination.ADJUDICATION) : Outcome.draw(Termination.ADJUDICATION);
            case BLESSED_LOSS -> ignore50 ? Outcome.win(stm ^ 1, Termination.ADJUDICATION) : Outcome.draw(Termination.ADJUDICATION);
            case DRAW -> Outcome.draw(Termination.ADJUDICATION);
        };
    }

    /** The directory the tables came from. */
    public Path directory() { return tables.directory(); }

    @Override
    public void close() throws IOException {
        tables.close();
    }
}
