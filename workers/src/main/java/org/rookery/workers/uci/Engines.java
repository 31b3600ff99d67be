package org.rookery.workers.uci;

import java.nio.file.Path;
import org.rookery.workers.xboard.CecpEngine;

/** Makes the {@link Engine} a configuration's protocol calls for. */
public final class Engines {
    private Engines() {}

    /**
     * @param stderrLog where the engine's stderr goes (appended; created on the first byte), or null to discard it;
     *     the configuration's own {@code stderr=} file wins over it
     */
    public static Engine create(EngineConfig config, Path stderrLog) {
        return create(config, stderrLog, EngineIo.NONE);
    }

    /** The same, with {@code io} seeing the engine's lines ({@code -debug}, {@code -log engine=true}, {@code match_line=}). */
    public static Engine create(EngineConfig config, Path stderrLog, EngineIo io) {
        Path log = config.setup().stderrFile() != null ? config.setup().stderrFile() : stderrLog;
        return switch (config.setup().protocol()) {
            case UCI -> new UciEngine(config, log, io);
            case XBOARD -> new CecpEngine(config, log, io);
        };
    }
}
