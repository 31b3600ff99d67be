/**
 * Rookery's web dashboard: live gauntlets, the game viewer, the opening explorer, tablebase probes,
 * draw-rule and endgame statistics, as browser pages and as a read-only JSON API.
 *
 * <p>{@link org.rookery.dashboards.Dashboard#start} starts a server from Java and returns its URL;
 * {@link org.rookery.dashboards.DashboardMain} is {@code ./rookery dashboard}. The API is documented
 * in {@code docs/api.md}.
 */
package org.rookery.dashboards;
