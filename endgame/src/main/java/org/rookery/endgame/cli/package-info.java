/** {@code rookery tb}: generate, probe (lichess API JSON), mainline, verify and compress. */
package org.rookery.endgame.cli;
