package org.rookery.core.board;

/** A FEN or EPD string that does not describe a legal position; the message is one line naming the field. */
public final class FenException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public FenException(String message) {
        super(message);
    }
}
