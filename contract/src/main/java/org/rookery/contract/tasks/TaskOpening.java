package org.rookery.contract.tasks;

import java.util.List;
import org.rookery.core.board.Variant;

/**
 * The {@code opening} of a task: a start FEN, the book moves (UCI) played from it, where it came
 * from, and the task's {@code variant} (written beside the opening; absent in older tasks: standard).
 */
public record TaskOpening(String fen, List<String> moves, String source, Variant variant) {
    /** Copies the moves; a null variant is standard chess. */
    public TaskOpening {
        moves = List.copyOf(moves);
        if (variant == null) variant = Variant.STANDARD;
    }
}
