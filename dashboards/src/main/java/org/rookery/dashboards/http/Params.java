package org.rookery.dashboards.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The query parameters of one request with typed getters that answer bad values with an
 * {@link ApiException} naming the parameter. {@code rest} is the path after an endpoint's prefix
 * (e.g. the id in {@code /api/games/{id}}), already percent-decoded.
 */
public final class Params {
    private final Map<String, List<String>> values;
    private final String rest;

    public Params(Map<String, List<String>> values, String rest) {
        this.values = values;
        this.rest = rest;
    }

    /** The path after the endpoint's prefix; empty for exact routes. */
    public String rest() {
        return rest;
    }

    /** The parameter's single value, or null when absent; given twice it is an error. */
    public String get(String name) {
        List<String> v = values.get(name);
        if (v == null || v.isEmpty()) return null;
        if (v.size() > 1) throw ApiException.badParameter(name, "given more than once");
        return v.get(0);
    }

    public String get(String name, String fallback) {
        String v = get(name);
        return v == null || v.isEmpty() ? fallback : v;
    }

    /**
     * A 400 naming the first parameter not in {@code known}: an endpoint that takes a fixed set
     * (lichess's explorer's) says so rather than dropping a misspelt or unsupported one.
     */
    public void only(java.util.Collection<String> known, String endpoint) {
        for (String name : new java.util.TreeSet<>(values.keySet())) {
            if (!known.contains(name)) {
                throw ApiException.badParameter(name.length() > 40 ? name.substring(0, 40) + "..." : name, "not a parameter of " + endpoint + "; it takes " + String.join(", ", known));
            }
        }
    }

    public String required(String name) {
        String v = get(name);
        if (v == null || v.isBlank()) throw ApiException.badParameter(name, "is required");
        return v;
    }

    /** An integer within [min, max], or the fallback when absent. */
    public int intValue(String name, int fallback, int min, int max) {
        String v = get(name);
        if (v == null || v.isEmpty()) return fallback;
        int n;
        try {
            n = Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw ApiException.badParameter(name, "not an integer: " + Text.clip(v));
        }
        if (n < min || n > max) throw ApiException.badParameter(name, "must be between " + min + " and " + max);
        return n;
    }

    /** A comma-separated list (empty when absent), each item trimmed and non-empty. */
    public List<String> list(String name) {
        String v = get(name);
        List<String> out = new ArrayList<>();
        if (v == null || v.isBlank()) return out;
        for (String part : v.split(",", -1)) {
            String p = part.trim();
            if (p.isEmpty()) throw ApiException.badParameter(name, "has an empty item");
            out.add(p);
        }
        return out;
    }

    /** A comma-separated list of integers within [min, max]. */
    public List<Integer> intList(String name, int min, int max) {
        List<Integer> out = new ArrayList<>();
        for (String p : list(name)) {
            int n;
            try {
                n = Integer.parseInt(p);
            } catch (NumberFormatException e) {
                throw ApiException.badParameter(name, "not an integer: " + Text.clip(p));
            }
            if (n < min || n > max) throw ApiException.badParameter(name, p + " is outside " + min + ".." + max);
            out.add(n);
        }
        return out;
    }
}
