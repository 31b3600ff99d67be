/**
 * Queries and export for people who don't write Spark: {@code ./rookery sql} runs DuckDB SQL over
 * every Parquet table under the data root, and {@code ./rookery export} writes selected games
 * back as PGN. Both stream their results (DuckDB's streamed JDBC results, one row at a time), so
 * neither holds a table in memory. They live beside the Spark jobs because the tables they read
 * are the ones those jobs write, and the round-trip test ingests through the real ingest job.
 */
package org.rookery.jobs.query;
