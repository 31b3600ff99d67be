/**
 * Table files (memory-mapped, CRC-32C), value encodings, and {@link org.rookery.endgame.probe.Tablebase},
 * the thread-safe, allocation-free probing API for adjudication and analysis.
 */
package org.rookery.endgame.probe;
