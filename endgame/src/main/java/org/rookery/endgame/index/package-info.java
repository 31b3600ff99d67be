/**
 * Materials and the position index of a table: symmetry reduction (8-fold without pawns, file
 * mirror with pawns), legally enumerated king pairs, identical pieces as combinations, pawn slices.
 */
package org.rookery.endgame.index;
