/** Rookery dashboards module; its capability is built by its own issue. */
package org.rookery.dashboards;
