package org.rookery.dashboards.http;

/**
 * A request the API refuses: an HTTP status and one line for the user, sent as
 * {@code {"error": "...", "parameter": "..."}}. The message never carries a stack trace or a server path.
 */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String parameter;

    private ApiException(int status, String parameter, String message) {
        super(message, null, false, false);
        this.status = status;
        this.parameter = parameter;
    }

    /** HTTP 400 naming the query parameter that is wrong: "fen: ...". */
    public static ApiException badParameter(String parameter, String why) {
        return new ApiException(400, parameter, parameter + ": " + why);
    }

    /** HTTP 404: nothing under that name (a game id, a match id, a table). */
    public static ApiException notFound(String what) {
        return new ApiException(404, null, what);
    }

    /** HTTP 503: the data the request needs is not there yet (a table not written, no broker). */
    public static ApiException unavailable(String what) {
        return new ApiException(503, null, what);
    }

    public int status() {
        return status;
    }

    /** The offending query parameter, or null. */
    public String parameter() {
        return parameter;
    }
}
