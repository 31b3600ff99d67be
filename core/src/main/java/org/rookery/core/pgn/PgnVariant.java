package org.rookery.core.pgn;

import java.util.Locale;
import org.rookery.core.board.Position;
import org.rookery.core.board.Variant;

/**
 * The PGN {@code Variant} tag for Chess960: which values mean it (lichess's and the PGN spec's
 * "Chess960", cutechess's "fischerandom", and the spellings around them), and the tags a game
 * from a given start carries ({@code Variant}, {@code SetUp}, {@code FEN}).
 */
public final class PgnVariant {
    private PgnVariant() {}

    /** The Variant tag's name and the value Rookery writes for Chess960 (as lichess does). */
    public static final String TAG = "Variant", CHESS960 = "Chess960";

    /** Whether a Variant tag value names Chess960; null or any other variant is false. */
    public static boolean isChess960(String variant) {
        if (variant == null) return false;
        String v = variant.toLowerCase(Locale.ROOT).replace(" ", "").replace("-", "");
        return v.equals("chess960") || v.equals("fischerandom") || v.equals("fischerrandom") || v.equals("960");
    }

    /**
     * The variant a Variant tag value names: none, empty, {@code Standard} or lichess's
     * {@code From Position} is standard chess, a spelling of Chess960 is Chess960, and any other
     * variant (crazyhouse, atomic, ...) is null, which Rookery cannot play or analyse.
     */
    public static Variant of(String variant) {
        if (variant == null || variant.isBlank()) return Variant.STANDARD;
        if (isChess960(variant)) return Variant.CHESS960;
        String v = variant.toLowerCase(Locale.ROOT).replace(" ", "").replace("-", "");
        return v.equals("standard") || v.equals("fromposition") || v.equals("normal") ? Variant.STANDARD : null;
    }

    /** Whether a game is Chess960 by its Variant tag. */
    public static boolean isChess960(PgnGame game) {
        return isChess960(game.tag(TAG));
    }

    /**
     * Sets the tags of a game that starts from {@code start}: {@code Variant "Chess960"} for a
     * Chess960 position, and {@code SetUp "1"} with its {@code FEN} unless it is the standard start.
     */
    public static void setStart(PgnGame game, Position start) {
        if (start.isChess960()) game.setTag(TAG, CHESS960);
        String fen = start.toFen();
        if (start.isChess960() || !fen.equals(Position.START_FEN)) {
            game.setTag("SetUp", "1");
            game.setTag("FEN", fen);
        }
    }
}
