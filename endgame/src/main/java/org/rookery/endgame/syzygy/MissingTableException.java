package org.rookery.endgame.syzygy;

/** A probe needs a Syzygy file that is not in any of the directories; the message names it. */
public final class MissingTableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MissingTableException(String message) {
        super(message);
    }
}
