package org.rookery.workers.kafka;

/** The Kafka cluster cannot be reached or refused an administrative request; the message says which. */
public final class KafkaUnavailableException extends RuntimeException {
    public KafkaUnavailableException(String message) {
        super(message);
    }
}
