/** The Rookery chess core: board, rules, notation, clocks and perft. */
package org.rookery.core;
