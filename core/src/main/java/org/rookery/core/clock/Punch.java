package org.rookery.core.clock;

import java.util.Objects;

/**
 * What {@link Clock#punch()} reports about a finished move.
 *
 * @param side the side that moved (or whose flag fell)
 * @param elapsedNanos how long the move took, as measured
 * @param remainingNanos the side's time after the move, increment, delay and any new period; on a
 *     flag fall, the (negative) overrun beyond the available time; {@link Long#MAX_VALUE} for no
 *     limit
 * @param flagFell whether the move took longer than the available time plus the margin
 */
public record Punch(Clock.Side side, long elapsedNanos, long remainingNanos, boolean flagFell) {
  /** Checks that the side is given and the elapsed time is not negative. */
  public Punch {
    Objects.requireNonNull(side, "side");
    if (elapsedNanos < 0) {
      throw new IllegalArgumentException("elapsed time must not be negative: " + elapsedNanos);
    }
  }

  /** The move's time in whole milliseconds, rounded down. */
  public long elapsedMillis() {
    return Math.floorDiv(elapsedNanos, 1_000_000L);
  }

  /** The remaining time in whole milliseconds, rounded down (toward minus infinity). */
  public long remainingMillis() {
    return Math.floorDiv(remainingNanos, 1_000_000L);
  }
}
