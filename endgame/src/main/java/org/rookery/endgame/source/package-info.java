/**
 * The one definition of what a {@code --tb} path answers, shared by every user of tables (tb
 * probe and mainline, gauntlet adjudication, workers, analysis jobs, the dashboard): Rookery's
 * tables where they exist (they hold DTM), Syzygy's otherwise (WDL and DTZ, no DTM).
 */
package org.rookery.endgame.source;
