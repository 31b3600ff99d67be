package org.rookery.workers.uci;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * fastchess's {@code -pgnout match_line=REGEX}: for each regex, the last line of the engine's output during
 * the current move that the regex finds ({@link java.util.regex.Matcher#find}, as {@code std::regex_search}).
 * A move starts when the engine is sent {@code go} (or when the runner takes the previous move's lines).
 * Lines arrive on the pipe's reader thread; the runner takes them on the game thread.
 */
public final class OutputWatch {
    private final Pattern[] patterns;
    private final String[] last;

    /** A watch for {@code patterns}, in the order their matches go into the comment. */
    public OutputWatch(List<Pattern> patterns) {
        this.patterns = patterns.toArray(new Pattern[0]);
        this.last = new String[this.patterns.length];
    }

    /** One line of the engine's output. */
    public synchronized void offer(String line) {
        for (int i = 0; i < patterns.length; i++) if (patterns[i].matcher(line).find()) last[i] = line;
    }

    /** Forgets the lines seen so far (a new search starts). */
    public synchronized void reset() {
        java.util.Arrays.fill(last, null);
    }

    /** The last line each regex found since the move started, in the regexes' order (those that found none left out); then starts over. */
    public synchronized List<String> take() {
        List<String> out = new ArrayList<>(patterns.length);
        for (String s : last) if (s != null) out.add(s);
        reset();
        return out;
    }
}
