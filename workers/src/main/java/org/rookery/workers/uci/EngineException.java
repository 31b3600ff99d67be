package org.rookery.workers.uci;

/** An engine failed to start, to handshake, or died; the message says which engine and how. */
public final class EngineException extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean misconfigured;

    public EngineException(String message) {
        this(message, false);
    }

    /** @param misconfigured the engine cannot play as configured (an option it lacks, a limit its protocol cannot say): no restart helps */
    public EngineException(String message, boolean misconfigured) {
        super(message);
        this.misconfigured = misconfigured;
    }

    /** Whether the engine cannot play as configured, so the run should stop before its first game. */
    public boolean misconfigured() { return misconfigured; }
}
