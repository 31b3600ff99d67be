package org.rookery.workers.uci;

import java.util.Set;

/**
 * One engine process as the match runner drives it, whatever protocol it speaks: start with a
 * handshake, set up a game, search a move, hear the result, stop. {@link UciEngine} speaks UCI,
 * {@link org.rookery.workers.xboard.CecpEngine} XBoard/CECP; {@link Engines#create} picks by the
 * configuration's {@code proto=}.
 */
public interface Engine extends AutoCloseable {
    /** What this engine runs with. */
    EngineConfig config();

    /** The engine's own name ({@code id name}, CECP {@code myname}), empty when it gave none. */
    String idName();

    /** The option names the engine announced in its handshake (what {@code option.NAME=} may set). */
    Set<String> offeredOptions();

    /** Whether the process runs and its pipe is open. */
    boolean isAlive();

    /** Whether {@link #start} failed only because the engine cannot play Chess960. */
    boolean lacksChess960();

    /** Starts the process and completes the handshake (options and init strings sent); one-line reason on failure. */
    void start(long handshakeTimeoutMs) throws EngineException;

    /** Sets up a new game from {@code game}'s start; false when the engine does not get ready in time. */
    boolean newGame(GameStart game, long timeoutMs);

    /**
     * Asks for the move of the position {@code request} describes and waits for it until
     * {@code deadlineNanos}. The request is the runner's, reused across moves: read it, don't keep it.
     */
    SearchResult go(MoveRequest request, long deadlineNanos);

    /** Tells the engine the game ended ({@code result} in PGN form, the runner's one-line reason). */
    void gameOver(String result, String reason);

    /**
     * The same, with the game as played ({@code game}'s move lists, read only): a CECP engine is
     * first told the moves it has not seen, in force mode, as cutechess tells an observing engine
     * the game's last move before {@code result}.
     */
    default void gameOver(String result, String reason, MoveRequest game) {
        gameOver(result, reason);
    }

    /** Whether the process may play another game without a restart (CECP {@code reuse=0} and {@code restart=on} say no). */
    boolean reusable();

    /** Sends an option between games (a tuner's new values). */
    void setOption(String name, String value);

    /** Asks a running search to stop; false if the engine ignored it. */
    boolean stopSearch(long timeoutMs);

    /** Ends the process and everything it started, politely first. */
    @Override
    void close();

    /** Kills the process and everything it started at once (a hung engine). */
    void kill();

    /**
     * The lines of the move just searched that {@code -pgnout match_line=} asks for: for each regex, the last
     * line of the engine's output it found, in the regexes' order; then starts over. Empty without regexes.
     */
    default java.util.List<String> takeMatchedLines() {
        return java.util.List.of();
    }

    /** The OS process id, -1 before start. */
    long pid();
}
