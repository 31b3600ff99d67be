package org.rookery.dashboards;

import java.io.IOException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.rookery.core.cli.Cli;
import org.rookery.core.cli.UsageError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./rookery dashboard}: serves the web UI and the JSON API until interrupted. The first
 * line on standard output is {@code dashboard: URL}, for scripts (the demo) that wait for it.
 */
@Command(name = "dashboard", mixinStandardHelpOptions = true,
        description = "Serve the web dashboard and JSON API: matches (live with --bootstrap), game viewer, "
                + "opening explorer, tablebase, draw rules and endgames.")
public final class DashboardMain implements Callable<Integer> {
    @Option(names = "--data", paramLabel = "DIR", description = "Data root with the Parquet tables (default: rookery-data).")
    Path data;

    @Option(names = "--tb", paramLabel = "DIR[:DIR...]", description = "Endgame tables, Rookery .rtb and/or Syzygy .rtbw/.rtbz, directories separated by ':' (default: DATA/tb).")
    Path tb;

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT", description = "Kafka broker for live games (default: none).")
    String bootstrap;

    @Option(names = "--port", paramLabel = "N", description = "Port (default: 8080; 0 picks a free one).")
    int port = DashboardConfig.DEFAULT_PORT;

    @Option(names = "--bind", paramLabel = "ADDR", description = "Address to listen on (default: 127.0.0.1).")
    String bind = DashboardConfig.DEFAULT_BIND;

    @Option(names = "--allow-host", paramLabel = "NAME",
            description = "Also answer requests for this host name (repeatable; '*' for any). Default: only the "
                    + "bound address and localhost, against DNS rebinding.")
    List<String> allowHosts = new ArrayList<>();

    public static void main(String[] args) {
        int code = Cli.run(new DashboardMain(), args);
        if (code != 0) System.exit(code);
    }

    @Override
    public Integer call() throws Exception {
        Path root = data != null ? data : DashboardConfig.defaultData();
        if (data != null && !Files.isDirectory(data)) throw new UsageError("--data: " + data + " is not a directory");
        if (bootstrap != null && !bootstrap.matches("[^\\s:,]+:\\d{1,5}(,[^\\s:,]+:\\d{1,5})*")) {
            throw new UsageError("--bootstrap must be HOST:PORT, not " + bootstrap);
        }
        DashboardConfig config = new DashboardConfig(root, tb, bootstrap, bind, port, allowHosts);
        Dashboard d;
        try {
            d = Dashboard.start(config);
        } catch (IOException e) {
            // Jetty reports a taken port or an unknown address as an IOException ("Failed to bind"),
            // whose cause says why; a bad table arrives unchecked and is not a listening problem.
            Throwable why = e.getCause() != null ? e.getCause() : e;
            String reason = why instanceof UnresolvedAddressException ? "not an address or a known host name"
                    : why.getMessage() != null ? why.getMessage() : "failed";
            throw new UsageError("cannot listen on " + bind + ":" + port + ": " + reason);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                d.close();
            } catch (Exception e) {
                System.err.println("rookery dashboard: while stopping: " + e.getMessage());
            }
            stopped.countDown();
        }, "rookery-dashboard-stop"));
        System.out.println("dashboard: " + d.url());
        if (!Files.isDirectory(root)) System.out.println("note: " + root + " does not exist yet; pages show no data until it does");
        System.out.flush();
        stopped.await();
        return 0;
    }
}
