/**
 * Time controls and chess clocks for engine games: {@link org.rookery.core.clock.TimeControl}
 * parses cutechess-style {@code tc=} strings (plus multi-period controls and delays) and writes the
 * PGN {@code TimeControl} tag; {@link org.rookery.core.clock.Clock} runs the time control for both
 * sides with a pluggable nanosecond time source. Nothing here depends on the board.
 */
package org.rookery.core.clock;
