package org.rookery.workers.match;

/** Test access to the package's draw-adjudication window. */
public final class DrawWindowAccess {
    private DrawWindowAccess() {}

    /** Whether quiet scores (0 cp) after moves with these half-move clocks end the game by -draw. */
    public static boolean drawsAfter(Adjudication rules, int[] halfmoveClocks) {
        DrawWindow w = new DrawWindow(rules);
        boolean drawn = false;
        for (int i = 0; i < halfmoveClocks.length; i++) drawn = w.afterMove(true, 0, halfmoveClocks[i], 1 + i / 2 + 1);
        return drawn;
    }
}
