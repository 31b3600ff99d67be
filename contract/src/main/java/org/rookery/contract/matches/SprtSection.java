package org.rookery.contract.matches;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rookery.contract.ContractException;
import org.rookery.stats.Sprt;

/**
 * The {@code sprt} section of a match definition: {@code {"elo0", "elo1", "alpha", "beta", "model"}}.
 * {@code rookery submit} writes all five; a reader fills absent error rates with
 * {@value #DEFAULT_ERROR_RATE} (cutechess-cli's and fishtest's default) and an absent model with
 * logistic. The statistics live with the SPRT itself ({@link #test()}); this is what the record says.
 *
 * @param normalized whether elo0 and elo1 are normalized Elo (else logistic)
 */
public record SprtSection(double elo0, double elo1, double alpha, double beta, boolean normalized) {
    /** Error rate of an SPRT section that names none. */
    public static final double DEFAULT_ERROR_RATE = 0.05;

    /** The test this section describes, for every reader of definitions (status, the dashboard). */
    public Sprt test() {
        return new Sprt(alpha, beta, elo0, elo1, normalized ? Sprt.Model.NORMALIZED : Sprt.Model.LOGISTIC);
    }

    /** The JSON object. */
    public ObjectNode toJson() {
        ObjectNode sp = JsonNodeFactory.instance.objectNode();
        sp.put("elo0", elo0);
        sp.put("elo1", elo1);
        sp.put("alpha", alpha);
        sp.put("beta", beta);
        sp.put("model", normalized ? "normalized" : "logistic");
        return sp;
    }

    /** The section {@code n}, or null when it is absent or JSON null (a fixed-length match). */
    public static SprtSection parse(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) return null;
        if (!n.isObject()) throw new ContractException("\"sprt\" must be an object or null");
        String model = n.path("model").isMissingNode() || n.path("model").isNull() ? "logistic" : n.path("model").asText();
        if (!model.equals("logistic") && !model.equals("normalized")) {
            throw new ContractException("\"sprt.model\" must be logistic or normalized");
        }
        return new SprtSection(number(n, "elo0", Double.NaN), number(n, "elo1", Double.NaN),
                number(n, "alpha", DEFAULT_ERROR_RATE), number(n, "beta", DEFAULT_ERROR_RATE), model.equals("normalized"));
    }

    private static double number(JsonNode n, String field, double fallback) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            if (Double.isNaN(fallback)) throw new ContractException("\"sprt." + field + "\" is missing");
            return fallback;
        }
        if (!v.isNumber()) throw new ContractException("\"sprt." + field + "\" must be a number");
        return v.asDouble();
    }
}
