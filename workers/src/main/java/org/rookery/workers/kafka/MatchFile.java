package org.rookery.workers.kafka;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A match written as YAML or JSON instead of cutechess-cli options. Each key is the option of the
 * same name ({@code rounds: 10} is {@code -rounds 10}); mappings are key=value options
 * ({@code sprt: {elo0: 0, elo1: 5}}), {@code engines} is a list of {@code -engine} mappings, and
 * {@code true} is a flag ({@code repeat: true}). The result goes through the same validation as the
 * command line.
 *
 * <pre>
 * engines:
 *   - {name: new, tc: 10+0.1}
 *   - {name: old, tc: 10+0.1}
 * rounds: 50
 * games: 2
 * repeat: true
 * openings: {file: book.epd, order: random}
 * sprt: {elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05}
 * </pre>
 */
public final class MatchFile {
    private MatchFile() {}

    /** The file as cutechess-style arguments. */
    public static List<String> toArgs(Path file) throws IOException {
        String where = "--file " + file;
        if (!Files.isReadable(file)) throw new IllegalArgumentException(where + ": cannot read the file");
        JsonNode root;
        try {
            // YAML is a superset of JSON: one parser reads both.
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(where + ": not valid YAML or JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) throw new IllegalArgumentException(where + ": expected a mapping of options");
        List<String> args = new ArrayList<>();
        for (var it = root.fields(); it.hasNext(); ) {
            var e = it.next();
            String key = e.getKey();
            JsonNode v = e.getValue();
            if (key.equals("engines")) {
                if (!v.isArray()) throw new IllegalArgumentException(where + ": 'engines' must be a list of mappings");
                for (JsonNode engine : v) {
                    if (!engine.isObject()) throw new IllegalArgumentException(where + ": each engine must be a mapping like {name: x, tc: 10+0.1}");
                    args.add("-engine");
                    pairs(where, "engines", engine, args);
                }
            } else if (v.isObject()) {
                args.add("-" + key);
                pairs(where, key, v, args);
            } else if (v.isBoolean()) {
                if (v.asBoolean()) args.add("-" + key);
            } else if (v.isValueNode() && !v.isNull()) {
                args.add("-" + key);
                args.add(v.asText());
            } else {
                throw new IllegalArgumentException(where + ": '" + key + "' must be a value, a flag or a mapping");
            }
        }
        return args;
    }

    private static void pairs(String where, String key, JsonNode map, List<String> args) {
        for (var it = map.fields(); it.hasNext(); ) {
            var p = it.next();
            if (!p.getValue().isValueNode() || p.getValue().isNull()) {
                throw new IllegalArgumentException(where + ": '" + key + "." + p.getKey() + "' must be a plain value");
            }
            args.add(p.getKey() + "=" + p.getValue().asText());
        }
    }
}
