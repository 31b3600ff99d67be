package org.rookery.core.openings;

/**
 * One named opening of the list: its ECO code, its name and the plies of the line that defines it.
 *
 * @param eco  ECO code, e.g. {@code B90}
 * @param name lichess name, e.g. {@code Sicilian Defense: Najdorf Variation}
 * @param line the PGN moves the data set gives for it
 */
public record Opening(String eco, String name, String line) {
}
