package org.rookery.workers.match;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.rookery.workers.uci.EngineTranscript;

/**
 * cutechess-cli's {@code -debug}: every line sent to an engine as {@code <ms> >NAME(ID): line}, every line it
 * prints as {@code <ms> <NAME(ID): line}, where {@code ms} counts from the start of the run and {@code ID}
 * numbers the engine processes in the order they started (from 0), as cutechess numbers its engine objects.
 */
public final class DebugTranscript implements EngineTranscript {
    private final PrintStream out;
    private final long startNanos = System.nanoTime();
    private final AtomicInteger processes = new AtomicInteger();

    /** A transcript printed to {@code out} (the run's console). */
    public DebugTranscript(PrintStream out) {
        this.out = out;
    }

    @Override
    public Channel open(String engine) {
        String who = engine + "(" + processes.getAndIncrement() + "): ";
        return new Channel() {
            @Override
            public void sent(String line) {
                print('>', line);
            }

            @Override
            public void received(String line) {
                print('<', line);
            }

            private void print(char direction, String line) {
                long ms = (System.nanoTime() - startNanos) / 1_000_000;
                out.println(ms + " " + direction + who + line); // one println: lines of two engines never interleave
            }
        };
    }
}
