package org.rookery.core.pgn;

/**
 * A problem found while reading PGN: an {@link Severity#ERROR} means the game was skipped, a
 * {@link Severity#WARNING} means it was still returned (for example without a result token).
 *
 * @param sourceName name given to the reader for its input
 * @param gameNumber 1-based ordinal of the affected game in the source
 * @param line 1-based line where the problem was found (for an unclosed comment or variation,
 *     the line where it was opened)
 * @param reason one-line, human-readable explanation
 * @param severity whether the game was skipped or kept
 * @param rawText source text of a skipped game, capped by the reader's game size limit, so it
 *     can be stored for later inspection; null for warnings (the game itself carries it) or when
 *     the reader keeps no raw text
 */
public record PgnError(String sourceName, long gameNumber, long line, String reason,
        Severity severity, String rawText) {

    /** How bad a {@link PgnError} is. */
    public enum Severity {
        /** The game was returned anyway. */
        WARNING,
        /** The game was skipped; reading went on with the next one. */
        ERROR
    }

    /** Whether the affected game was still returned. */
    public boolean isWarning() {
        return severity == Severity.WARNING;
    }

    /** One line such as {@code games.pgn: game 17, line 3412: unterminated brace comment}. */
    @Override
    public String toString() {
        return sourceName + ": game " + gameNumber + ", line " + line + ": "
                + (isWarning() ? "warning: " : "") + reason;
    }
}
