package org.rookery.core.notation;

/** A move text (SAN, LAN or UCI) that is malformed, illegal or ambiguous in its position; one-line message. */
public final class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public NotationException(String message) {
        super(message);
    }

    // Bad moves are reported per game and skipped; a stack trace would only cost time.
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
