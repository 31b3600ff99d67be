package org.rookery.endgame.probe;

/** The five outcomes under the 50-move rule, named as the lichess tablebase API names them. */
public enum Category {
    LOSS("loss"), BLESSED_LOSS("blessed-loss"), DRAW("draw"), CURSED_WIN("cursed-win"), WIN("win");

    private final String api;

    Category(String api) {
        this.api = api;
    }

    /** The lichess API spelling. */
    public String api() { return api; }

    /** The category of a stored DTZ value (see {@link Values}), for a halfmove clock of 0. */
    public static Category ofDtz(int dtz) {
        return ofDtz(dtz, 0);
    }

    /** The category of a stored DTZ value when {@code halfmoveClock} plies without zeroing have already passed. */
    public static Category ofDtz(int dtz, int halfmoveClock) {
        if (dtz == 0) return DRAW;
        int plies = Values.plies(dtz);
        boolean inTime = plies + halfmoveClock <= 100;
        if (dtz > 0) return inTime ? WIN : CURSED_WIN;
        return inTime ? LOSS : BLESSED_LOSS;
    }

    /** The category seen by the other side. */
    public Category opposite() {
        return values()[4 - ordinal()];
    }
}
