package org.rookery.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The ticker's two forms (a rewritten terminal line, plain lines), its silence and its end. */
class ProgressTickerTest {
    /** Lines "a long first line", "short", "short", ...: the second is shorter, so it must blank the rest. */
    private static String tick(int calls) {
        return calls == 1 ? "a long first line" : "short";
    }

    /**
     * Waits (up to a minute, for a loaded machine) until the ticker has asked for {@code calls} lines, so
     * that it has printed the one before (it prints a line before it asks for the next).
     */
    private static void awaitCalls(AtomicInteger asked, int calls) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (asked.get() < calls && System.nanoTime() < deadline) Thread.sleep(5);
        assertTrue(asked.get() >= calls, "the ticker asked for " + asked.get() + " lines");
    }

    @Test
    void onATerminalOneLineIsRewrittenAndErasedAtTheEnd() throws InterruptedException {
        StringWriter text = new StringWriter();
        AtomicInteger asked = new AtomicInteger();
        ProgressTicker t = ProgressTicker.start(new PrintWriter(text), true, 0, 10, s -> tick(asked.incrementAndGet()));
        awaitCalls(asked, 4);
        t.close();
        String out = text.toString();
        assertFalse(out.contains("\n"), out);
        assertTrue(out.startsWith("\ra long first line\rshort" + " ".repeat("a long first line".length() - 5) + "\rshort"), out);
        assertTrue(out.endsWith("\r     \r"), "the last line is erased: " + out);
        t.close();
        assertEquals(out, text.toString(), "closing again prints nothing");
    }

    @Test
    void elsewhereEachLineIsItsOwnAndNullShowsNothing() throws InterruptedException {
        StringWriter text = new StringWriter();
        AtomicInteger asked = new AtomicInteger();
        ProgressTicker t = ProgressTicker.start(new PrintWriter(text), false, 0, 10, s -> {
            int n = asked.incrementAndGet();
            return n == 2 ? null : "line " + n;
        });
        awaitCalls(asked, 4);
        t.close();
        List<String> lines = text.toString().lines().toList();
        assertEquals(List.of("line 1", "line 3"), lines.subList(0, 2));
        assertFalse(text.toString().contains("\r"));
        int after = text.toString().length();
        Thread.sleep(50);
        assertEquals(after, text.toString().length(), "nothing after close");
    }

    @Test
    void aShortRunAndAQuietOnePrintNothing() {
        StringWriter text = new StringWriter();
        ProgressTicker.start(new PrintWriter(text), false, 60_000, 60_000, s -> "never").close();
        ProgressTicker.start((PrintWriter) null, false, 0, 10, s -> "never").close();
        assertEquals("", text.toString());
    }
}
