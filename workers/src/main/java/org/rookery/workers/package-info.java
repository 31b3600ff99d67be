/** Rookery workers module; its capability is built by its own issue. */
package org.rookery.workers;
