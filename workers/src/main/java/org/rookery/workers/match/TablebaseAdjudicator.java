package org.rookery.workers.match;

import java.io.IOException;
import org.rookery.core.board.Position;
import org.rookery.core.rules.Outcome;
import org.rookery.core.rules.Termination;
import org.rookery.endgame.probe.Category;
import org.rookery.endgame.source.TableSources;

/**
 * Ends a game as soon as its position is in the endgame tables of a {@code -tb} path (Rookery's,
 * Syzygy's or both, as {@link TableSources} chooses), with the tables' verdict under the 50-move
 * rule (a cursed win or blessed loss is a draw, unless -tbignore50). Shared by all game slots:
 * probing is thread-safe and allocates nothing until a verdict ends the game.
 */
public final class TablebaseAdjudicator implements AutoCloseable {
    /** What a game's reason names when Syzygy tables gave the verdict: cutechess's and fastchess's word. */
    public static final String SYZYGY = "SyzygyTB";
    /** What it names when Rookery's own tables did. */
    public static final String ROOKERY = "RookeryTB";

    /** A verdict and the tables that gave it ({@link #SYZYGY} or {@link #ROOKERY}). */
    public record Verdict(Outcome outcome, String source) {
        /** The game's reason as cutechess words it: "White wins by adjudication: SyzygyTB", "Draw by adjudication: SyzygyTB". */
        public String reason() {
            if (outcome.isDraw()) return "Draw by adjudication: " + source;
            return (outcome.result() == org.rookery.core.rules.Result.WHITE_WINS ? "White" : "Black") + " wins by adjudication: " + source;
        }
    }

    private final TableSources tables;
    private final int maxPieces;

    private TablebaseAdjudicator(TableSources tables) {
        this.tables = tables;
        this.maxPieces = tables.maxPieces();
    }

    /** Opens the tables of {@code adj}'s {@code -tb} path, or returns null when it names none. */
    public static TablebaseAdjudicator open(Adjudication adj) throws IOException {
        return adj.tablebasePath() == null || !adj.tablebase() ? null : open(adj.tablebasePath());
    }

    /** Opens the tables of a ':'-separated path (a worker's {@code --tb}); a bad path or file is a one-line error naming it. */
    public static TablebaseAdjudicator open(String path) throws IOException {
        return new TablebaseAdjudicator(TableSources.open(path));
    }

    /** Most pieces any table on the path holds. */
    public int maxPieces() { return maxPieces; }

    /** The path the tables came from. */
    public String path() { return tables.path(); }

    /**
     * The tables' verdict under {@code rules} ({@code -tbpieces}, {@code -tbignore50},
     * {@code -tbadjudicate}), or null when the position is not covered or the verdict is one
     * {@code -tbadjudicate} leaves to the engines.
     */
    public Verdict adjudicate(Position pos, Adjudication rules) {
        int limit = rules.tablebasePieces() > 0 ? Math.min(rules.tablebasePieces(), maxPieces) : maxPieces;
        if (Long.bitCount(pos.occupied()) > limit || pos.castlingRights() != 0) return null;
        Category c = tables.category(pos);
        if (c == null) return null;
        boolean ignore50 = rules.tablebaseIgnore50();
        int stm = pos.sideToMove();
        Outcome o = switch (c) {
            case WIN -> Outcome.win(stm, Termination.ADJUDICATION);
            case LOSS -> Outcome.win(stm ^ 1, Termination.ADJUDICATION);
            case CURSED_WIN -> ignore50 ? Outcome.win(stm, Termination.ADJUDICATION) : Outcome.draw(Termination.ADJUDICATION);
            case BLESSED_LOSS -> ignore50 ? Outcome.win(stm ^ 1, Termination.ADJUDICATION) : Outcome.draw(Termination.ADJUDICATION);
            case DRAW -> Outcome.draw(Termination.ADJUDICATION);
        };
        Adjudication.TablebaseResults which = rules.tablebaseResults() == null ? Adjudication.TablebaseResults.BOTH : rules.tablebaseResults();
        if (!which.ends(o.isDraw())) return null;
        return new Verdict(o, tables.answeredBy(pos) == TableSources.Kind.SYZYGY ? SYZYGY : ROOKERY);
    }

    @Override
    public void close() throws IOException {
        tables.close();
    }
}
