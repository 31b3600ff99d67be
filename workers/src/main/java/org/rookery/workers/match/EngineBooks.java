package org.rookery.workers.match;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.rookery.core.board.Position;
import org.rookery.workers.uci.EngineConfig;

/**
 * The engines' own Polyglot books ({@code book=FILE bookdepth=N}), each read once and shared
 * read-only by every slot: the move Rookery plays for an engine while its book has one.
 */
final class EngineBooks {
    private EngineBooks() {}

    private static final Map<Path, PolyglotBook> OPEN = new ConcurrentHashMap<>();

    /**
     * The book move for the engine to move in {@code pos}, in UCI text, or null: no book, past its
     * depth (cutechess's bookdepth counts full moves of the game), or the position is not in it.
     */
    static String move(EngineConfig cfg, Position pos, int pliesPlayed) {
        Path file = cfg.setup().book();
        if (file == null) return null;
        int depth = cfg.setup().bookDepth();
        if (depth > 0 && pliesPlayed / 2 >= depth) return null;
        PolyglotBook book = OPEN.computeIfAbsent(file.toAbsolutePath(), f -> {
            try {
                return PolyglotBook.read(f);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        // Weighted like Polyglot's own pick, from a seed fixed by the position: the same game gets the same move.
        return book.move(pos, new java.util.SplittableRandom(pos.key() ^ pliesPlayed));
    }
}
