/**
 * Benchmarks and their synthetic data, kept out of the product modules: {@code bench core},
 * {@code bench kafka}, {@code bench kafka-worker}, {@code bench dashboard} and {@code tb bench}
 * ({@link org.rookery.bench.BenchMain}). The JMH ones are in {@code benchmarks}, {@code bench analyze}
 * is in {@code bench-spark} (Spark's classpath).
 */
package org.rookery.bench;
