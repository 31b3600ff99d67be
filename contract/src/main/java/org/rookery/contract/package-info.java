/**
 * What crosses a process boundary between Rookery's modules, defined once: table, column and topic
 * names ({@code schema}, generated from {@code src/main/schema/tables.tsv}), the typed records of
 * {@code rookery.games}, {@code rookery.matches}, {@code rookery.control} and {@code rookery.rejected}
 * with their JSON codecs, and the breakdown dimensions with the SQL the
 * dashboard runs. No Spark, Kafka or Jetty here: the writers and readers of each side build their
 * own types (Spark's {@code StructType}, DuckDB's {@code CREATE TABLE}) from these definitions.
 */
package org.rookery.contract;
