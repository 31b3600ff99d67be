package org.rookery.workers.uci;

/**
 * What an engine is told when a game starts.
 *
 * @param startFen the game's first position (before the opening's moves)
 * @param standardStart whether that is the standard chess start (CECP then needs no {@code setboard})
 * @param chess960 whether the game is Chess960 (CECP {@code variant fischerandom})
 * @param opponent the opponent's display name (CECP {@code name} when the engine asks for it)
 */
public record GameStart(String startFen, boolean standardStart, boolean chess960, String opponent) {}
