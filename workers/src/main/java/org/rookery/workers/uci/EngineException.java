package org.rookery.workers.uci;

/** An engine failed to start, to handshake, or died; the message says which engine and how. */
public final class EngineException extends Exception {
    private static final long serialVersionUID = 1L;

    public EngineException(String message) {
        super(message);
    }
}
