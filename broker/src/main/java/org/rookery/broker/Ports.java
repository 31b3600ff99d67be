package org.rookery.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** The broker's client port and its controller port, both on 127.0.0.1. */
record Ports(int broker, int controller) {
    String bootstrap() { return "127.0.0.1:" + broker; }

    /**
     * The previous start's ports when both are still free (clients keep their bootstrap address
     * across a restart), else the preferred or default client port if free, else any free ports.
     */
    static Ports choose(BrokerFiles files, int preferred) throws IOException {
        var previous = files.previousPorts();
        if (preferred == 0 && previous.isPresent() && free(previous.get().broker()) && free(previous.get().controller())
                && previous.get().broker() != previous.get().controller()) {
            return previous.get();
        }
        int want = preferred != 0 ? preferred : EmbeddedKafka.DEFAULT_PORT;
        int broker = free(want) ? want : any();
        int controller;
        do {
            controller = any();
        } while (controller == broker);
        return new Ports(broker, controller);
    }

    static boolean free(int port) {
        if (port <= 0 || port > 65535) return false;
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int any() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
