package org.rookery.dashboards.http;

/**
 * One read-only API operation: takes the request's parameters and returns what to send, either a
 * {@link Reply} or any object Jackson turns into the JSON body.
 */
@FunctionalInterface
public interface Endpoint {
    Object handle(Params params) throws Exception;
}
