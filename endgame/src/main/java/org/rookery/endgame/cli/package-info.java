/** {@code rookery tb}: generate, probe (lichess API JSON), mainline, verify and bench. */
package org.rookery.endgame.cli;
