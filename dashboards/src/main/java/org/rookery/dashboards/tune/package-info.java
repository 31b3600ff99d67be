/**
 * The tuning pages' data: SPSA runs' counted pairs from the {@code spsa} table and, live, from
 * {@code rookery.spsa} (docs/tuning.md, docs/api.md).
 */
package org.rookery.dashboards.tune;
