/**
 * PGN text layer: a streaming, allocation-lean reader that yields games as tags plus SAN move
 * tokens with their annotations, and a writer for PGN export format. Nothing here knows the
 * rules of chess; replaying SAN on a board is a separate layer.
 */
package org.rookery.core.pgn;
