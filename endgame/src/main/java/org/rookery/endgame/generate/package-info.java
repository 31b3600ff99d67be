/**
 * Retrograde generation of DTM and DTZ50 (hence WDL with the 50-move distinctions) per pawn slice,
 * over index ranges on several threads, and the rtbver-style verifier.
 */
package org.rookery.endgame.generate;
