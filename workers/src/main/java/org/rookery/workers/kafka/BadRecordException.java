package org.rookery.workers.kafka;

/** A Kafka record that cannot be used; its message is the reason published to rookery.rejected. */
public final class BadRecordException extends RuntimeException {
    public BadRecordException(String reason) {
        super(reason);
    }
}
