package org.rookery.core.cli;

/**
 * A service the command needs (a Kafka cluster, a Spark master) did not answer or refused the
 * request: the user's setup, not a bug, so {@link Cli} prints the message in one line (exit 1).
 */
public class Unavailable extends RuntimeException {
    public Unavailable(String message) {
        super(message);
    }
}
