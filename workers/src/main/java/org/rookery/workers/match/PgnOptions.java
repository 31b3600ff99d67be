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
 * @param matchLines fastchess's {@code match_line=} regexes: for each, the last line of the engine's output during the
 *     move that it finds goes into the comment as {@code line="…"} (empty: none)
 * @param append append to an existing file (false: the file is truncated first)
 */
public record PgnOptions(Notation notation, boolean nodes, boolean seldepth, boolean nps, boolean hashfull, boolean tbhits,
                         boolean pv, boolean timeleft, boolean latency, java.util.List<Pattern> matchLines, boolean append) {
    public PgnOptions {
        matchLines = matchLines == null ? java.util.List.of() : java.util.List.copyOf(matchLines);
    }

    /** Move notation in the movetext. */
    public enum Notation { SAN, LAN, UCI }

    /** SAN, cutechess-style comments, appending. */
    public static final PgnOptions DEFAULTS = new PgnOptions(Notation.SAN, false, false, false, false, false, false, false,
        false, java.util.List.of(), true);

    /** Whether a move comment carries anything beyond cutechess's {@code score/depth time}. */
    public boolean extended() {
        return nodes || seldepth || nps || hashfull || tbhits || pv || timeleft || latency || !matchLines.isEmpty();
    }
}
