/**
 * A reader for Syzygy tablebases (.rtbw WDL, .rtbz DTZ), written from the format as its public
 * readers describe it: {@link org.rookery.endgame.syzygy.SyzygyTablebase} maps the files and probes
 * WDL (both sides to move, with the 50-move rule's cursed wins and blessed losses) and DTZ,
 * searching captures, en passant and pawn moves the way the format requires.
 */
package org.rookery.endgame.syzygy;
