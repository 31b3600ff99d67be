package org.rookery.dashboards;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * How to start a dashboard.
 *
 * @param data the data root holding the Parquet tables ({@code DATA/games/}, {@code DATA/openings/}, ...)
 * @param tablebases the endgame tables (Rookery {@code *.rtb} and/or Syzygy {@code *.rtbw/*.rtbz}, directories separated by ':'); may not exist
 * @param bootstrap Kafka {@code host:port} for live games, or null for none
 * @param bind the address to listen on; 127.0.0.1 unless the user chose otherwise
 * @param port the port; 0 picks a free one
 * @param allowedHosts {@code Host} names served besides the bound address and localhost ({@code --allow-host})
 */
public record DashboardConfig(Path data, Path tablebases, String bootstrap, String bind, int port, List<String> allowedHosts) {
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;

    public DashboardConfig {
        if (data == null) throw new IllegalArgumentException("--data: a data directory is required");
        if (tablebases == null) tablebases = data.resolve("tb");
        if (bind == null || bind.isBlank()) bind = DEFAULT_BIND;
        if (port < 0 || port > 65535) throw new IllegalArgumentException("--port must be between 0 and 65535, not " + port);
        if (bootstrap != null && bootstrap.isBlank()) bootstrap = null;
        allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
        for (String h : allowedHosts) {
            if (!h.matches("\\*|[A-Za-z0-9._:\\[\\]-]+")) {
                throw new IllegalArgumentException("--allow-host must be a host name, not " + h);
            }
        }
    }

    /** A configuration that serves only the bound address and localhost. */
    public DashboardConfig(Path data, Path tablebases, String bootstrap, String bind, int port) {
        this(data, tablebases, bootstrap, bind, port, List.of());
    }

    /** The defaults for a data root: its {@code tb/} tables, no broker, 127.0.0.1, a free port. */
    public static DashboardConfig of(Path data) {
        return new DashboardConfig(data, null, null, DEFAULT_BIND, 0);
    }

    /** The data root under the Rookery home, as the other commands default to it. */
    public static Path defaultData() {
        String home = System.getProperty("rookery.home");
        return (home == null ? Paths.get("") : Paths.get(home)).resolve("rookery-data");
    }

    public DashboardConfig withBootstrap(String b) {
        return new DashboardConfig(data, tablebases, b, bind, port, allowedHosts);
    }

    public DashboardConfig withTablebases(Path dir) {
        return new DashboardConfig(data, dir, bootstrap, bind, port, allowedHosts);
    }

    public DashboardConfig withPort(int p) {
        return new DashboardConfig(data, tablebases, bootstrap, bind, p, allowedHosts);
    }
}
