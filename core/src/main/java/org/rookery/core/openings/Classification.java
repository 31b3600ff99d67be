package org.rookery.core.openings;

/**
 * The opening of one game: the deepest position of the game that the list names, and the ply
 * (0 = before the first move) at which the game stood in it.
 */
public record Classification(Opening opening, int ply) {
}
