/**
 * What crosses a process boundary between Rookery's modules, defined once: table, column and topic
 * names ({@code schema}), the typed records of {@code rookery.games}, {@code rookery.matches} and
 * {@code rookery.control} with their JSON codecs, and the breakdown dimensions with the SQL the
 * dashboard runs. No Spark, Kafka or Jetty here: the writers and readers of each side build their
 * own types (Spark's {@code StructType}, DuckDB's {@code CREATE TABLE}) from these definitions.
 */
package org.rookery.contract;
