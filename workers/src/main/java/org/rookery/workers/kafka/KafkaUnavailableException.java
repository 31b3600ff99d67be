package org.rookery.workers.kafka;

import org.rookery.core.cli.Unavailable;

/** The Kafka cluster cannot be reached or refused an administrative request; the message says which. */
public final class KafkaUnavailableException extends Unavailable {
    public KafkaUnavailableException(String message) {
        super(message);
    }
}
