package org.rookery.workers.match;

import java.util.regex.Pattern;

/**
 * How games are written to the PGN file: fastchess's {@code -pgnout file= notation= nodes= …} keys and
 * cutechess's {@code min} flag.
 *
 * @param notation how moves are written
 * @param nodes add the node count to each move's comment
 * @param seldepth add the selective depth
 * @param nps add the nodes per second
 * @param hashfull add the hash fill (per mille), when the engine reports it
 * @param tbhits add the tablebase hits, when the engine reports them
 * @param pv add the principal variation
 * @param timeleft add the clock after the move
 * @param latency add the difference between the measured time and the time the engine reported
 * @param matchLine engine output lines matching this go into the comment, or null
 * @param append append to an existing file (false: the file is truncated first)
 */
public record PgnOptions(Notation notation, boolean nodes, boolean seldepth, boolean nps, boolean hashfull, boolean tbhits,
                         boolean pv, boolean timeleft, boolean latency, Pattern matchLine, boolean append) {
    /** Move notation in the movetext. */
    public enum Notation { SAN, LAN, UCI }

    /** SAN, cutechess-style comments, appending. */
    public static final PgnOptions DEFAULTS = new PgnOptions(Notation.SAN, false, false, false, false, false, false, false,
        false, null, true);

    /** Whether a move comment carries anything beyond cutechess's {@code score/depth time}. */
    public boolean extended() {
        return nodes || seldepth || nps || hashfull || tbhits || pv || timeleft || latency;
    }
}
