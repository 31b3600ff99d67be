package org.rookery.workers.uci;

/**
 * Sees every line an engine process is sent and prints, for cutechess's {@code -debug} and fastchess's
 * {@code -log engine=true}. {@link #open} is called once per process; its channel is called from the
 * game thread (sent lines) and the pipe's reader thread (received lines), so it must be thread-safe.
 */
public interface EngineTranscript {
    /** A new process of the engine named {@code engine} started; the channel that takes its lines. */
    Channel open(String engine);

    /** One engine process's lines. */
    interface Channel {
        /** A line written to the engine's stdin. */
        void sent(String line);

        /** A line read from the engine's stdout. */
        void received(String line);
    }

    /** Both transcripts, or the one that is not null (null when both are). */
    static EngineTranscript both(EngineTranscript a, EngineTranscript b) {
        if (a == null) return b;
        if (b == null) return a;
        return engine -> {
            Channel x = a.open(engine), y = b.open(engine);
            return new Channel() {
                @Override
                public void sent(String line) {
                    x.sent(line);
                    y.sent(line);
                }

                @Override
                public void received(String line) {
                    x.received(line);
                    y.received(line);
                }
            };
        };
    }
}
