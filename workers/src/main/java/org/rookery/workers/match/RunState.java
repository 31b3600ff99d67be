package org.rookery.workers.match;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.rookery.core.rules.Result;
import org.rookery.core.rules.Termination;

/**
 * What a local run has done so far, saved so that a run killed at any moment resumes where it was, as
 * fastchess's {@code -config file=} does: the command line (with its seed), every finished game with its
 * result, and how long the PGN and EPD files were when the state was saved. On resume the files are cut back
 * to those lengths, so a game written after the last save is neither lost (it is played again) nor counted
 * twice. Saved by writing a temporary file, forcing it to disk and renaming it over the old one.
 *
 * @param argv the gauntlet's options, including {@code -srand}
 * @param games the finished games, in the order they finished
 * @param pgnBytes length of the PGN file that holds exactly those games (-1: no PGN file)
 * @param epdBytes the same for the EPD file
 */
public record RunState(List<String> argv, List<Finished> games, long pgnBytes, long epdBytes) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One finished game: enough to count it again and to know it is not to be played. */
    public record Finished(int number, int pairIndex, int round, String white, String black, Result result,
                           Termination termination, String reason) {
        static Finished of(GameRecord g) {
            return new Finished(g.gameNumber(), g.pairIndex(), g.round(), g.white(), g.black(), g.result(), g.termination(), g.reason());
        }

        /** The game as a record the report can count (no moves). */
        public GameRecord toRecord() {
            return new GameRecord(number, pairIndex, round, white, black, null, null, result, termination, reason, List.of(), 0, 0,
                null, null, "");
        }
    }

    public RunState {
        argv = List.copyOf(argv);
        games = List.copyOf(games);
    }

    /** Reads a saved state; a file that is not one is a one-line error naming it. */
    public static RunState load(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("-config: " + file + " is not a Rookery run state (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        if (root == null || !root.path("rookery_run").asBoolean(false)) {
            throw new IllegalArgumentException("-config: " + file + " is not a Rookery run state (no \"rookery_run\": true)");
        }
        List<String> argv = new ArrayList<>();
        root.path("argv").forEach(a -> argv.add(a.asText()));
        List<Finished> games = new ArrayList<>();
        int i = 0;
        for (JsonNode g : root.path("games")) {
            i++;
            try {
                games.add(new Finished(g.get("n").asInt(), g.get("pair").asInt(), g.get("round").asInt(), g.get("white").asText(),
                    g.get("black").asText(), Result.fromPgn(g.get("result").asText()), Termination.valueOf(g.get("termination").asText()),
                    g.get("reason").asText()));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("-config: " + file + ": game entry " + i + " is malformed (" + e.getMessage() + ")");
            }
        }
        return new RunState(argv, games, root.path("pgn_bytes").asLong(-1), root.path("epd_bytes").asLong(-1));
    }

    /** Writes the state to {@code file} atomically and durably. */
    public void save(Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("rookery_run", true);
        ArrayNode a = root.putArray("argv");
        argv.forEach(a::add);
        root.put("pgn_bytes", pgnBytes);
        root.put("epd_bytes", epdBytes);
        ArrayNode gs = root.putArray("games");
        for (Finished g : games) {
            ObjectNode n = gs.addObject();
            n.put("n", g.number()).put("pair", g.pairIndex()).put("round", g.round()).put("white", g.white()).put("black", g.black())
                .put("result", g.result().pgn()).put("termination", g.termination().name()).put("reason", g.reason());
        }
        Path abs = file.toAbsolutePath();
        if (abs.getParent() != null) Files.createDirectories(abs.getParent());
        Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
             OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
            out.write(JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
            out.flush();
            ch.force(true);
        }
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
