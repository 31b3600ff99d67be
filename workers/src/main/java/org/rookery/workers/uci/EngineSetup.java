package org.rookery.workers.uci;

import java.nio.file.Path;
import java.util.List;

/**
 * The cutechess engine keys beyond command, limits and options: how to talk to the engine and
 * what to do around its moves.
 *
 * @param protocol {@code proto=uci|xboard}
 * @param initStrings lines sent right after the handshake ({@code initstr=}, {@code \n} separating lines)
 * @param whitePov the engine reports scores from White's point of view ({@code whitepov}): negated when it plays Black
 * @param trust accept the engine's result claims without checking them ({@code trust}; CECP only)
 * @param ponder let the engine think on the opponent's time ({@code ponder}: UCI {@code go ponder}, CECP {@code hard})
 * @param restart {@code restart=on|off|auto}: a fresh process for every game, never, or when the engine asks (CECP {@code reuse=0})
 * @param stderrFile the engine's stderr goes to this file ({@code stderr=}), or null for the match's log directory
 * @param book a Polyglot book whose moves Rookery plays for the engine ({@code book=}), or null
 * @param bookDepth the book is used for the game's first this many full moves ({@code bookdepth=}, 0: as long as it has one)
 * @param timeoutScale {@code tscale=}: cutechess's factor for the engine's timeouts (start, ready, the silence
 *     after its flag before it counts as stalled), 1 by default; the time control is not scaled
 */
public record EngineSetup(Protocol protocol, List<String> initStrings, boolean whitePov, boolean trust, boolean ponder,
                          Restart restart, Path stderrFile, Path book, int bookDepth, double timeoutScale) {
    /** How Rookery talks to the engine. */
    public enum Protocol { UCI, XBOARD }

    /** When the engine process is restarted between games. */
    public enum Restart { AUTO, ON, OFF }

    /** A plain UCI engine, as before these keys existed. */
    public static final EngineSetup UCI = new EngineSetup(Protocol.UCI, List.of(), false, false, false, Restart.AUTO, null, null, 0, 1.0);

    public EngineSetup {
        initStrings = List.copyOf(initStrings);
        if (!(timeoutScale > 0)) throw new IllegalArgumentException("tscale= must be a positive number, got " + timeoutScale);
    }

    /** {@code ms} scaled by {@link #timeoutScale}. */
    public long scaled(long ms) {
        return Math.round(ms * timeoutScale);
    }
}
