package org.rookery.core.rules;

/** How a game ended: the result and the reason. */
public record Outcome(Result result, Termination termination) {
    public static Outcome win(int color, Termination why) { return new Outcome(Result.winFor(color), why); }

    public static Outcome draw(Termination why) { return new Outcome(Result.DRAW, why); }

    public boolean isDraw() { return result == Result.DRAW; }
}
