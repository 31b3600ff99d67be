package org.rookery.core.clock;

import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * A two-sided chess clock that applies a {@link TimeControl} move by move with nanosecond timing.
 *
 * <p>Call {@link #start(Side)} when a side starts thinking and {@link #punch()} when its move
 * arrives. A punch charges the elapsed time, applies the period's increment or delay, and adds the
 * next period's time when the move completes a period. A move that took longer than the available
 * time plus the {@linkplain TimeControl#timeMarginNanos() time margin} makes that side's flag fall;
 * the clock then stops for good. Whether a fallen flag loses or draws (when the opponent cannot
 * mate) is for the board layer to decide.
 *
 * <p>Moves are counted per side from the first {@code start}/{@code punch}, so opening moves that
 * were set up without the clock do not count toward a period, as in cutechess.
 *
 * <p>Time comes from a {@link LongSupplier} of nanoseconds ({@link System#nanoTime()} by default)
 * so tests can drive the clock deterministically. All methods are thread-safe, so a watchdog thread
 * may call {@link #checkFlag()} while the game thread waits for a move.
 */
public final class Clock {

  /** The two sides of the clock. */
  public enum Side {
    WHITE,
    BLACK;

    /** The other side. */
    public Side opponent() {
      return this == WHITE ? BLACK : WHITE;
    }
  }

  private final TimeControl[] controls;
  private final LongSupplier nanoTime;
  private final long[] remaining = new long[2];
  private final int[] periodIndex = new int[2];
  private final int[] movesInPeriod = new int[2];
  private final int[] movesPlayed = new int[2];
  private Side running;
  private long startedAt;
  private Side flagged;

  /** A clock with the same time control for both sides, timed by {@link System#nanoTime()}. */
  public Clock(TimeControl timeControl) {
    this(timeControl, timeControl, System::nanoTime);
  }

  /** A clock with the same time control for both sides and the given time source. */
  public Clock(TimeControl timeControl, LongSupplier nanoTime) {
    this(timeControl, timeControl, nanoTime);
  }

  /**
   * A clock with a time control per side (time odds) and the given time source.
   *
   * @param nanoTime a monotonic nanosecond counter such as {@code System::nanoTime}
   */
  public Clock(TimeControl white, TimeControl black, LongSupplier nanoTime) {
    this.controls = new TimeControl[] {
      Objects.requireNonNull(white, "white"), Objects.requireNonNull(black, "black")
    };
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    for (Side side : Side.values()) {
      TimeControl tc = controls[side.ordinal()];
      remaining[side.ordinal()] = switch (tc.kind()) {
        case CLOCK -> tc.period(0).timeNanos();
        case MOVETIME -> tc.moveTimeNanos();
        case INFINITE -> Long.MAX_VALUE;
      };
    }
  }

  /**
   * Starts {@code side}'s clock.
   *
   * @throws IllegalStateException if a clock is already running or a flag has fallen
   */
  public synchronized void start(Side side) {
    Objects.requireNonNull(side, "side");
    if (flagged != null) {
      throw new IllegalStateException("the clock has stopped: " + flagged + "'s flag fell");
    }
    if (running != null) {
      throw new IllegalStateException(
          "cannot start " + side + "'s clock: " + running + "'s clock is running");
    }
    running = side;
    startedAt = nanoTime.getAsLong();
  }

  /**
   * Stops the running clock because its side has moved, and applies the time control.
   *
   * @return the side that moved, the time its move took, its remaining time after the increment,
   *     delay and any new period, and whether its flag fell (then the remaining time is negative:
   *     the overrun beyond the available time)
   * @throws IllegalStateException if no clock is running
   */
  public synchronized Punch punch() {
    if (running == null) {
      throw new IllegalStateException("no clock is running");
    }
    Side side = running;
    long elapsed = elapsedSinceStart();
    running = null;
    int i = side.ordinal();
    TimeControl tc = controls[i];
    if (flagFalls(side, elapsed)) {
      return fallFlag(side, elapsed);
    }
    movesPlayed[i]++;
    if (tc.kind() != TimeControl.Kind.CLOCK) {
      // A fixed move time resets every move, and no limit stays unlimited.
      return new Punch(side, elapsed, remaining[i], false);
    }
    TimeControl.Period period = tc.period(periodIndex[i]);
    // Within the margin the overrun is forgiven: the move is charged as if it had used exactly
    // the time available, so the clock shows 0 (plus any bonus) instead of a negative time.
    long charged = Math.min(elapsed, allowance(side));
    long bonus = period.incrementNanos();
    long left = remaining[i];
    left = switch (period.incrementMode()) {
      case FISCHER -> left - charged + bonus;
      case SIMPLE_DELAY -> left - Math.max(0, charged - bonus);
      case BRONSTEIN -> left - charged + Math.min(bonus, charged);
    };
    movesInPeriod[i]++;
    if (!period.isSuddenDeath() && movesInPeriod[i] == period.moves()) {
      // The last period repeats (PGN §9.6), so the index stops at the last one.
      periodIndex[i] = Math.min(periodIndex[i] + 1, tc.periods().size() - 1);
      movesInPeriod[i] = 0;
      left += tc.period(periodIndex[i]).timeNanos();
    }
    remaining[i] = left;
    return new Punch(side, elapsed, left, false);
  }

  /**
   * Checks whether the running side has already overrun its time plus margin without moving, for a
   * watchdog that must not wait forever for a hung engine. If so, the flag falls, the clock stops
   * for good and the result is as from {@link #punch()}; otherwise nothing changes.
   */
  public synchronized Optional<Punch> checkFlag() {
    if (running == null) {
      return Optional.empty();
    }
    Side side = running;
    long elapsed = elapsedSinceStart();
    if (!flagFalls(side, elapsed)) {
      return Optional.empty();
    }
    running = null;
    return Optional.of(fallFlag(side, elapsed));
  }

  /** The side whose clock is running, if any. */
  public synchronized Optional<Side> running() {
    return Optional.ofNullable(running);
  }

  /** The side whose flag fell, if any. */
  public synchronized Optional<Side> flaggedSide() {
    return Optional.ofNullable(flagged);
  }

  /**
   * The side's remaining time as of its last punch (or the start of the game), not counting a move
   * in progress; this is what a UCI {@code go} is given. {@link Long#MAX_VALUE} for no limit; the
   * move time for a fixed time per move; negative after the side's flag fell.
   */
  public synchronized long remainingNanos(Side side) {
    return remaining[side.ordinal()];
  }

  /** {@link #remainingNanos(Side)} in whole milliseconds, rounded down. */
  public synchronized long remainingMillis(Side side) {
    return Math.floorDiv(remaining[side.ordinal()], 1_000_000L);
  }

  /**
   * The time the side's clock shows now: while it is thinking, its remaining time less the time
   * that has run off so far (under a simple delay the clock does not run during the delay).
   */
  public synchronized long liveRemainingNanos(Side side) {
    int i = side.ordinal();
    if (running != side) {
      return remaining[i];
    }
    long elapsed = elapsedSinceStart();
    TimeControl tc = controls[i];
    return switch (tc.kind()) {
      case INFINITE -> Long.MAX_VALUE;
      case MOVETIME -> tc.moveTimeNanos() - elapsed;
      case CLOCK -> {
        TimeControl.Period period = tc.period(periodIndex[i]);
        long run = period.incrementMode() == TimeControl.IncrementMode.SIMPLE_DELAY
            ? Math.max(0, elapsed - period.incrementNanos())
            : elapsed;
        yield remaining[i] - run;
      }
    };
  }

  /** Time spent so far on the move in progress, or 0 when no clock is running. */
  public synchronized long elapsedNanos() {
    return running == null ? 0 : elapsedSinceStart();
  }

  /**
   * How long the running side may still think before its flag falls, margin included; negative
   * once it has overrun, {@link Long#MAX_VALUE} for no limit. A game runner can wait this long
   * (plus some slack) for a move before calling {@link #checkFlag()}.
   *
   * @throws IllegalStateException if no clock is running
   */
  public synchronized long timeUntilFlagNanos() {
    if (running == null) {
      throw new IllegalStateException("no clock is running");
    }
    if (controls[running.ordinal()].isInfinite()) {
      return Long.MAX_VALUE;
    }
    return saturatedAdd(allowance(running), controls[running.ordinal()].timeMarginNanos())
        - elapsedSinceStart();
  }

  /**
   * Moves the side must still make before its next time control, for UCI {@code movestogo}; 0 when
   * the current period is sudden death, or for a fixed move time or no limit.
   */
  public synchronized int movesToGo(Side side) {
    int i = side.ordinal();
    TimeControl tc = controls[i];
    if (tc.kind() != TimeControl.Kind.CLOCK) {
      return 0;
    }
    TimeControl.Period period = tc.period(periodIndex[i]);
    return period.isSuddenDeath() ? 0 : period.moves() - movesInPeriod[i];
  }

  /** Moves the side has completed on this clock. */
  public synchronized int movesPlayed(Side side) {
    return movesPlayed[side.ordinal()];
  }

  /**
   * Index into {@link TimeControl#periods()} of the side's current period; it stays at the last
   * index while that period repeats.
   */
  public synchronized int periodIndex(Side side) {
    return periodIndex[side.ordinal()];
  }

  /** The side's time control. */
  public TimeControl timeControl(Side side) {
    return controls[side.ordinal()];
  }

  /**
   * The numbers for a UCI {@code go} command for {@code toMove}, as cutechess sends them: {@code
   * infinite} or {@code movetime} when that is the mover's time control, otherwise both sides'
   * remaining times and increments and the mover's {@code movestogo}.
   *
   * <p>UCI has no delays, so they are given as increments, chosen so that an engine playing as if
   * under Fischer rules has exactly the right time whenever it uses at least the delay: Bronstein
   * sends the remaining time and the delay as increment; a simple delay sends the remaining time
   * plus the delay (the delay is usable this move) and the delay as increment. Times are rounded
   * down to milliseconds and never negative. An opponent with no limit reports 0 ms, and one with a
   * fixed move time reports that move time, as cutechess does.
   */
  public synchronized UciTimes uciTimes(Side toMove) {
    TimeControl mine = controls[toMove.ordinal()];
    switch (mine.kind()) {
      case INFINITE -> {
        return new UciTimes(0, 0, 0, 0, 0, 0, true);
      }
      case MOVETIME -> {
        return new UciTimes(0, 0, 0, 0, 0, millis(mine.moveTimeNanos()), false);
      }
      case CLOCK -> { }
    }
    long[] time = new long[2];
    long[] inc = new long[2];
    for (Side side : Side.values()) {
      int i = side.ordinal();
      TimeControl tc = controls[i];
      switch (tc.kind()) {
        case INFINITE -> { }
        case MOVETIME -> time[i] = tc.moveTimeNanos();
        case CLOCK -> {
          TimeControl.Period period = tc.period(periodIndex[i]);
          time[i] = Math.max(0, remaining[i]);
          if (period.incrementMode() == TimeControl.IncrementMode.SIMPLE_DELAY) {
            time[i] = saturatedAdd(time[i], period.incrementNanos());
          }
          inc[i] = period.incrementNanos();
        }
      }
    }
    return new UciTimes(millis(time[0]), millis(time[1]), millis(inc[0]), millis(inc[1]),
        movesToGo(toMove), 0, false);
  }

  private Punch fallFlag(Side side, long elapsed) {
    flagged = side;
    remaining[side.ordinal()] = allowance(side) - elapsed;
    return new Punch(side, elapsed, remaining[side.ordinal()], true);
  }

  /** The longest the side's current move may take without a margin: time left plus any delay. */
  private long allowance(Side side) {
    int i = side.ordinal();
    TimeControl tc = controls[i];
    return switch (tc.kind()) {
      case INFINITE -> Long.MAX_VALUE;
      case MOVETIME -> tc.moveTimeNanos();
      case CLOCK -> {
        TimeControl.Period period = tc.period(periodIndex[i]);
        yield period.incrementMode() == TimeControl.IncrementMode.SIMPLE_DELAY
            ? saturatedAdd(remaining[i], period.incrementNanos())
            : remaining[i];
      }
    };
  }

  private boolean flagFalls(Side side, long elapsed) {
    TimeControl tc = controls[side.ordinal()];
    // Strictly greater, as in cutechess: using exactly the time available is not a loss.
    return !tc.isInfinite() && elapsed - allowance(side) > tc.timeMarginNanos();
  }

  private long elapsedSinceStart() {
    // A non-monotonic source must not produce a negative move time.
    return Math.max(0, nanoTime.getAsLong() - startedAt);
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }

  private static long millis(long nanos) {
    return Math.floorDiv(nanos, 1_000_000L);
  }
}
