package org.rookery.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The brokers of one test class: each backend started on first use under one temporary root and
 * kept for the class's other tests, then closed together ({@link #close} in an {@code @AfterAll}).
 */
public final class KafkaBackends implements AutoCloseable {
    private final String prefix;
    private final Map<String, KafkaBackend> started = new HashMap<>();
    private Path root;

    /** Brokers whose data goes under a new temporary directory named {@code prefix…}. */
    public KafkaBackends(String prefix) {
        this.prefix = prefix;
    }

    /** The temporary root, made on first use; tests put their own directories under it too. */
    public synchronized Path root() throws IOException {
        if (root == null) root = Files.createTempDirectory(prefix);
        return root;
    }

    /** The backend {@code name} ({@link KafkaBackend#available}), started the first time it is asked for. */
    public synchronized KafkaBackend get(String name) throws IOException {
        KafkaBackend b = started.get(name);
        if (b == null) {
            b = KafkaBackend.start(name, root().resolve(name));
            started.put(name, b);
        }
        return b;
    }

    @Override
    public synchronized void close() {
        started.values().forEach(KafkaBackend::close);
        started.clear();
    }
}
