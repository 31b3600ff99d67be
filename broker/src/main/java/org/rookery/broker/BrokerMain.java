package org.rookery.broker;

import java.io.IOException;
import java.io.InputStream;

/**
 * Entry point of the broker's child JVM: runs {@code kafka.Kafka} with the generated
 * {@code server.properties}. With {@value #EXIT_ON_STDIN_EOF} it also exits (through Kafka's own
 * shutdown hook, so the shutdown is clean) when its standard input closes, which happens however
 * the parent JVM ends, {@code kill -9} included: a tied broker is never orphaned.
 */
public final class BrokerMain {
    static final String EXIT_ON_STDIN_EOF = "--exit-on-stdin-eof";

    private BrokerMain() {}

    public static void main(String[] args) {
        String config = args[args.length - 1];
        boolean tied = args.length > 1 && args[0].equals(EXIT_ON_STDIN_EOF);
        if (tied) {
            Thread watchdog = new Thread(() -> {
                try (InputStream in = System.in) {
                    while (in.read() >= 0) {
                        // the parent never writes; reading just waits for the pipe to close
                    }
                } catch (IOException ignored) {
                    // a broken pipe means the parent is gone too
                }
                System.exit(0);
            }, "rookery-parent-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
        }
        kafka.Kafka.main(new String[] {config});
    }
}
