package org.rookery.workers.match;

import java.nio.file.Path;

/**
 * How a local run reports itself and what it writes besides playing: the console format
 * ({@code -output}), its intervals, and the PGN and EPD files. Kept apart from {@link MatchSettings},
 * which says what is played (and what a submitted match stores).
 *
 * @param output the console format
 * @param reportPenta fastchess {@code -report penta=}: Elo, LOS and LLR from game pairs
 * @param scoreInterval print the {@code Score of} line every N finished games (cutechess output; 0: never)
 * @param outcomeInterval print the outcome counts every N finished games (cutechess; 0: only at the end)
 * @param pgn how games are written to {@link MatchSettings#pgnOut()}
 * @param epdOut file the final position of every game is appended to, or null
 * @param crc32 print the PGN file's CRC32 at the end, as fastchess {@code -crc32 pgn=true} does
 * @param waitMs pause between a slot's games ({@code -wait})
 * @param bookName the opening file's name, as fastchess's results header shows it, or null
 * @param resultFormat cutechess's {@code -resultformat} for the standings table, or null for Rookery's own table
 * @param showLatency fastchess {@code -show-latency}: each engine's measured-minus-reported move time at the end
 * @param debug cutechess {@code -debug}: every engine line on the console ({@link DebugTranscript})
 * @param transcript also sees every engine line (fastchess {@code -log engine=true}), or null
 */
public record RunOptions(OutputFormat output, boolean reportPenta, int scoreInterval, int outcomeInterval,
                         PgnOptions pgn, Path epdOut, boolean crc32, long waitMs, String bookName,
                         ResultFormat resultFormat, boolean showLatency, boolean debug,
                         org.rookery.workers.uci.EngineTranscript transcript) {
    /** The options without engine transcripts. */
    public RunOptions(OutputFormat output, boolean reportPenta, int scoreInterval, int outcomeInterval,
                      PgnOptions pgn, Path epdOut, boolean crc32, long waitMs, String bookName,
                      ResultFormat resultFormat, boolean showLatency) {
        this(output, reportPenta, scoreInterval, outcomeInterval, pgn, epdOut, crc32, waitMs, bookName, resultFormat, showLatency,
            false, null);
    }

    /** The same options, with {@code t} also seeing every engine line. */
    public RunOptions withTranscript(org.rookery.workers.uci.EngineTranscript t) {
        return new RunOptions(output, reportPenta, scoreInterval, outcomeInterval, pgn, epdOut, crc32, waitMs, bookName,
            resultFormat, showLatency, debug, t);
    }

    /** What the engines' pipes show: the console transcript, {@link #transcript}, and the PGN's match lines. */
    public org.rookery.workers.uci.EngineIo engineIo(java.io.PrintStream console) {
        return new org.rookery.workers.uci.EngineIo(
            org.rookery.workers.uci.EngineTranscript.both(debug ? new DebugTranscript(console) : null, transcript), pgn.matchLines());
    }
    /** The options without a result format or latency report. */
    public RunOptions(OutputFormat output, boolean reportPenta, int scoreInterval, int outcomeInterval,
                      PgnOptions pgn, Path epdOut, boolean crc32, long waitMs, String bookName) {
        this(output, reportPenta, scoreInterval, outcomeInterval, pgn, epdOut, crc32, waitMs, bookName, null, false);
    }

    /** The console formats. */
    public enum OutputFormat {
        /** Rookery's own: cutechess's lines plus fastchess's totals and pentanomial lines. */
        ROOKERY,
        /** Exactly cutechess-cli's lines. */
        CUTECHESS,
        /** Exactly fastchess's lines (its default output). */
        FASTCHESS
    }

    /** What a run does without any of these options. */
    public static final RunOptions DEFAULTS = new RunOptions(OutputFormat.ROOKERY, true, 1, 0, PgnOptions.DEFAULTS, null, false, 0, null);

}
