package org.rookery.workers.testengines;

import java.util.List;
import java.util.Map;
import org.rookery.core.clock.TimeControl;
import org.rookery.workers.uci.EngineConfig;
import org.rookery.workers.uci.UciEngine;

/**
 * A test-only JVM that starts one engine ({@code args}: its command line), prints {@code started}
 * once the handshake is done, and then waits to be killed, so a test can {@code kill -9} the
 * engine's parent.
 */
public final class EngineHolder {
    public static void main(String[] args) throws Exception {
        EngineConfig cfg = new EngineConfig("held", args[0], List.of(args).subList(1, args.length), null, Map.of(), Map.of(),
            TimeControl.infinite(), 0, 0);
        UciEngine engine = new UciEngine(cfg, null);
        engine.start(10_000);
        System.out.println("started");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
