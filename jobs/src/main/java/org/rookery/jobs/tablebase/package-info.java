/**
 * Endgame tables on Spark: the Parquet export of generated tables ({@link org.rookery.jobs.tablebase.TablebaseExport})
 * and the distributed build ({@link org.rookery.jobs.tablebase.SparkTableBuild}), which runs the endgame module's
 * own generator on executors, whole tables or wave-aligned pawn-slice ranges at a time.
 */
package org.rookery.jobs.tablebase;
