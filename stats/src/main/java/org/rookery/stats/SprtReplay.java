package org.rookery.stats;

/**
 * An SPRT asked again over the stored games of a match, game by game in the order they were
 * counted: the same {@link Tally} and {@link Sprt#evaluate(Tally)} the live run used, so with the
 * live bounds every game count gives the live LLR, and with other bounds it shows where the run
 * would have stopped. The caller feeds the tested engine's games one by one ({@link #add}).
 */
public final class SprtReplay {
    private final Sprt test;
    private final Tally tally = new Tally();
    private Sprt.Outcome last;
    private long stoppedAt = -1;
    private Sprt.Outcome stop;

    /** A replay of {@code test} from no games. */
    public SprtReplay(Sprt test) {
        this.test = test;
    }

    /** Counts the next game ({@code score} of the tested engine, its pair or {@link Tally#NO_PAIR}); returns the outcome after it. */
    public Sprt.Outcome add(double score, int pairIndex) {
        tally.add(score, pairIndex);
        last = test.evaluate(tally);
        if (stoppedAt < 0 && last.decision() != Sprt.Decision.CONTINUE) {
            stoppedAt = tally.games();
            stop = last;
        }
        return last;
    }

    /** The test replayed. */
    public Sprt test() {
        return test;
    }

    /** The games counted so far. */
    public Tally tally() {
        return tally;
    }

    /** The outcome after the last game counted, or null before the first. */
    public Sprt.Outcome outcome() {
        return last;
    }

    /** The game count at which a bound was first crossed, or -1 while none was: where the run would have stopped. */
    public long stoppedAtGames() {
        return stoppedAt;
    }

    /** The outcome at that game, or null while no bound was crossed. */
    public Sprt.Outcome stopOutcome() {
        return stop;
    }
}
