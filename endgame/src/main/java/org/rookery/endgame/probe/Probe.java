package org.rookery.endgame.probe;

/**
 * Decoders for the packed {@code long} that {@link Tablebase#probe} returns, so the hot path
 * allocates nothing: bit 32 says the position was found, bits 16–31 hold the stored DTM and bits
 * 0–15 the stored DTZ (both in the {@link Values} encoding, for a halfmove clock of 0). Bit 33 says
 * the source holds no DTM (Syzygy), bit 34 that the DTZ is rounded (a Syzygy table storing moves,
 * not plies, for that outcome), as lichess reports {@code precise_dtz}.
 */
public final class Probe {
    private Probe() {}

    /** Returned when no table answers (missing material, too many pieces, castling rights). */
    public static final long NOT_FOUND = 0L;

    /** A found result from a DTM and a DTZ in the {@link Values} encoding, for sources other than Rookery's tables. */
    public static long of(short dtm, short dtz) {
        return pack((dtm << 16) | (dtz & 0xffff));
    }

    private static final long NO_DTM = 1L << 33, ROUNDED_DTZ = 1L << 34;

    /** A found result from a source without DTM (Syzygy): the DTZ in the {@link Values} encoding, rounded or ply-accurate. */
    public static long withoutDtm(short dtz, boolean rounded) {
        return of((short) 0, dtz) | NO_DTM | (rounded ? ROUNDED_DTZ : 0);
    }

    /** Whether the source holds a DTM for the position (Rookery's tables do, Syzygy's do not). */
    public static boolean hasDtm(long r) { return (r & NO_DTM) == 0; }

    /** Whether the DTZ is exact in plies (lichess's {@code precise_dtz}), not a Syzygy value stored in moves. */
    public static boolean preciseDtz(long r) { return (r & ROUNDED_DTZ) == 0; }

    static long pack(int packedValues) {
        return (1L << 32) | (packedValues & 0xffffffffL);
    }

    public static boolean found(long r) { return (r >>> 32) != 0; }

    /** Stored DTM value ({@link Values} encoding). */
    public static short dtmValue(long r) { return (short) (r >>> 16); }

    /** Stored DTZ value ({@link Values} encoding). */
    public static short dtzValue(long r) { return (short) r; }

    /** Win, cursed win, draw, blessed loss or loss for the side to move, given the halfmove clock. */
    public static Category category(long r, int halfmoveClock) {
        return Category.ofDtz(dtzValue(r), halfmoveClock);
    }

    /** Signed plies to the next zeroing move or mate (positive: the side to move wins; 0: draw or mated). */
    public static int dtz(long r) {
        return signed(dtzValue(r));
    }

    /** Signed plies to mate (positive: the side to move mates; 0: draw or mated). */
    public static int dtm(long r) {
        return signed(dtmValue(r));
    }

    static int signed(int v) {
        return v > 0 ? v : v == 0 ? 0 : -Values.plies(v);
    }
}
