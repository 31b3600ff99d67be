package org.rookery.core.pgn;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/** The committed self-play corpus, opened the one way the tests read it: any PGN error fails the test. */
public final class SelfPlayGames {
    static final String RESOURCE = "/pgn/selfplay-corpus.pgn.gz";

    private SelfPlayGames() {}

    /** A reader over the corpus that throws {@link AssertionError} on the first problem it reports. */
    public static PgnReader open() throws IOException {
        InputStream in = SelfPlayGames.class.getResourceAsStream(RESOURCE);
        if (in == null) throw new IllegalStateException("missing test resource " + RESOURCE);
        return new PgnReader(new GZIPInputStream(in), "selfplay-corpus.pgn.gz", e -> { throw new AssertionError(e.toString()); });
    }
}
