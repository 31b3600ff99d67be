package org.rookery.workers.uci;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What a run takes from an engine's conversation besides the protocol itself: a transcript of every line
 * ({@code -debug}, {@code -log engine=true}; null for none) and the {@code -pgnout match_line=} regexes.
 */
public record EngineIo(EngineTranscript transcript, List<Pattern> matchLines) {
    /** Nothing beyond the protocol. */
    public static final EngineIo NONE = new EngineIo(null, List.of());

    public EngineIo {
        matchLines = List.copyOf(matchLines);
    }
}
