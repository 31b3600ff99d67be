package org.rookery.core.tools;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the external programs Rookery compares itself with (Stockfish, pgn-extract). Debian puts
 * games in /usr/games, which is often not on PATH, so that directory is searched too.
 */
public final class ExternalTools {
    private ExternalTools() {}

    /** The executable, or null when it is not installed. {@code ROOKERY_<NAME>} (e.g. ROOKERY_STOCKFISH) overrides. */
    public static Path locate(String name) {
        String env = System.getenv("ROOKERY_" + name.toUpperCase().replace('-', '_'));
        if (env != null && Files.isExecutable(Path.of(env))) return Path.of(env);
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) continue;
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) return p;
            }
        }
        for (String dir : new String[] {"/usr/games", "/usr/local/games", "/usr/bin", "/usr/local/bin"}) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }

    /** The one-line hint printed when a tool is missing. */
    public static String installHint(String name) {
        String pkg = name.equals("stockfish") ? "stockfish" : name.equals("pgn-extract") ? "pgn-extract" : name;
        return name + " is not installed (install with: apt-get install " + pkg + ")";
    }
}
