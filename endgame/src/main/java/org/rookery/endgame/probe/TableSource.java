package org.rookery.endgame.probe;

import org.rookery.core.board.Position;

/** Anything that answers positions with packed {@link Probe} values: one table directory, or several sources in order. */
public interface TableSource {
    /** A packed result decoded by {@link Probe}, or {@link Probe#NOT_FOUND}; thread-safe. */
    long probe(Position pos);

    /** Why {@link #probe} cannot answer the position, as one line for the user, or null when it can. */
    String whyNot(Position pos);
}
