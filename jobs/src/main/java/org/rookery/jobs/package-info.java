/** Rookery jobs module; its capability is built by its own issue. */
package org.rookery.jobs;
