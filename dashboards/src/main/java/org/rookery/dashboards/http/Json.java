package org.rookery.dashboards.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.UncheckedIOException;

/** The one Jackson mapper of the dashboard, shared because configured mappers are thread-safe. */
public final class Json {
    private Json() {
    }

    /**
     * Writes nulls (the lichess APIs do: {@code "dtm": null}) and escapes '<', '>', '&' and the apostrophe inside
     * strings as well, so a name like {@code </script>} stays inert even if a reply is ever inlined.
     */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    static {
        MAPPER.getFactory().setCharacterEscapes(new HtmlSafeEscapes());
    }

    public static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String string(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
