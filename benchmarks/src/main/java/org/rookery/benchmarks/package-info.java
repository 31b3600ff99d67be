/** JMH micro-benchmarks of the core hot paths. */
package org.rookery.benchmarks;
