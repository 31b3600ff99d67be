/** JMH micro-benchmarks of the core hot paths (perft, PGN replay); run with {@code ./rookery bench jmh -prof gc}. */
package org.rookery.benchmarks;
