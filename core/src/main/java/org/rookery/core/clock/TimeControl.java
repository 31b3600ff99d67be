package org.rookery.core.clock;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * An immutable time control: one or more clock periods, a fixed time per move, or no limit, plus
 * the cutechess {@code timemargin} tolerance.
 *
 * <h2>Syntax accepted by {@link #parse(String)}</h2>
 *
 * <table>
 *   <caption>Time control forms</caption>
 *   <tr><th>Form</th><th>Meaning</th><th>Source</th></tr>
 *   <tr><td>{@code 60}</td><td>60 s for the whole game</td><td>cutechess, PGN §9.6</td></tr>
 *   <tr><td>{@code 60+0.6}</td><td>60 s, Fischer increment 0.6 s</td><td>cutechess, PGN</td></tr>
 *   <tr><td>{@code 40/60}</td><td>40 moves in 60 s, repeating</td><td>cutechess, PGN</td></tr>
 *   <tr><td>{@code 40/60+0.6}</td><td>as above with increment</td><td>cutechess</td></tr>
 *   <tr><td>{@code 40/1:30+0.5}</td><td>minutes:seconds (here 90 s)</td><td>cutechess, fastchess
 *       </td></tr>
 *   <tr><td>{@code inf}, {@code infinite}, {@code -}</td><td>no limit</td><td>cutechess,
 *       fastchess, PGN</td></tr>
 *   <tr><td>{@code st=0.5}, {@code 0.5/move}</td><td>0.5 s per move ({@link Kind#MOVETIME})</td>
 *       <td>cutechess {@code st=} option and its {@code toString()}</td></tr>
 *   <tr><td>{@code 40/7200:20/3600:900+30}</td><td>several periods separated by {@code :}</td>
 *       <td>PGN; Rookery extension for engine play</td></tr>
 *   <tr><td>{@code 40/5400+30:1800+30}</td><td>an increment per period</td><td>Rookery extension
 *       </td></tr>
 *   <tr><td>{@code 60+d2}</td><td>simple (US) delay of 2 s</td><td>Rookery extension</td></tr>
 *   <tr><td>{@code 60+b2}</td><td>Bronstein delay of 2 s</td><td>Rookery extension</td></tr>
 * </table>
 *
 * <p>Times are decimal seconds with at most nine decimals. Each period is {@code
 * [moves/]time[+bonus]}. A period with a move count gives its time for that many moves and the last
 * such period repeats (PGN: "the last field is implicitly repeated"); a period without a move count
 * (sudden death) lasts for the rest of the game and must be the last one. The first period must
 * give a positive time; later periods may add 0 s (to switch on an increment only).
 *
 * <p>{@code :} is both cutechess's minutes:seconds separator and PGN's period separator. It is read
 * as minutes:seconds when the number before it is a whole number and it is followed by exactly two
 * digits below 60 (optionally with decimals) and then {@code +}, {@code :} or the end; otherwise it
 * separates periods. So {@code 40/1:30} is 40 moves in 90 s, while {@code 40/60:030} is 40 moves in
 * 60 s followed by 30 s sudden death. {@link #toString()} writes that leading zero itself, so its
 * output always parses back to an equal time control.
 *
 * <h2>Increments and delays</h2>
 *
 * A period's bonus applies to moves played in that period, after the move, starting with the first
 * move of the game (as cutechess does: the clock starts at the base time and the increment is added
 * when each move is made; fastchess instead starts the clock at base + increment). With {@link
 * IncrementMode#SIMPLE_DELAY} the delay is used up first each move and only then the main time;
 * with {@link IncrementMode#BRONSTEIN} the clock runs at once and afterwards {@code min(delay,
 * used)} is given back.
 */
public final class TimeControl {

  /** What kind of limit a time control sets. */
  public enum Kind {
    /** Clock periods: moves/time, sudden death, increments and delays. */
    CLOCK,
    /** A fixed time for each move; unused time is not carried over. */
    MOVETIME,
    /** No time limit. */
    INFINITE
  }

  /** How a period's bonus time is applied. */
  public enum IncrementMode {
    /** Fischer: the amount is added to the clock after each move. */
    FISCHER,
    /** Simple (US) delay: each move the clock waits this long before it starts running. */
    SIMPLE_DELAY,
    /** Bronstein: after each move, the time used is given back, up to this amount. */
    BRONSTEIN
  }

  /**
   * One time control period.
   *
   * @param moves moves in the period, or 0 for sudden death (the rest of the game)
   * @param timeNanos time given at the start of the period
   * @param incrementMode how {@code incrementNanos} is applied; always {@link
   *     IncrementMode#FISCHER} when {@code incrementNanos} is 0, so equal periods compare equal
   * @param incrementNanos the increment or delay per move
   */
  public record Period(int moves, long timeNanos, IncrementMode incrementMode, long incrementNanos) {
    /** Validates the values and canonicalises a zero bonus to Fischer. */
    public Period {
      if (moves < 0) {
        throw new IllegalArgumentException("moves must not be negative: " + moves);
      }
      if (timeNanos < 0) {
        throw new IllegalArgumentException("time must not be negative: " + timeNanos);
      }
      if (incrementNanos < 0) {
        throw new IllegalArgumentException("increment must not be negative: " + incrementNanos);
      }
      Objects.requireNonNull(incrementMode, "incrementMode");
      if (incrementNanos == 0) {
        incrementMode = IncrementMode.FISCHER;
      }
    }

    /** A period of {@code moves} moves (0 = rest of the game) without a bonus. */
    public static Period of(int moves, Duration time) {
      return new Period(moves, time.toNanos(), IncrementMode.FISCHER, 0);
    }

    /** A period with a bonus of the given mode. */
    public static Period of(int moves, Duration time, IncrementMode mode, Duration bonus) {
      return new Period(moves, time.toNanos(), mode, bonus.toNanos());
    }

    /** True when the period has no move count and so lasts for the rest of the game. */
    public boolean isSuddenDeath() {
      return moves == 0;
    }

    /** The period in time control syntax, e.g. {@code 40/5400+30}. */
    @Override
    public String toString() {
      return format(false);
    }

    // afterColon: this period follows a ':' and so must not look like the seconds of a
    // minutes:seconds time ("40/60:30" would read back as 60 min 30 s).
    String format(boolean afterColon) {
      StringBuilder sb = new StringBuilder();
      if (moves > 0) {
        sb.append(moves).append('/');
      }
      String time = seconds(timeNanos);
      if (afterColon && moves == 0 && looksLikeMinuteSeconds(time)) {
        sb.append('0');
      }
      sb.append(time);
      if (incrementNanos > 0) {
        sb.append('+');
        switch (incrementMode) {
          case SIMPLE_DELAY -> sb.append('d');
          case BRONSTEIN -> sb.append('b');
          case FISCHER -> { }
        }
        sb.append(seconds(incrementNanos));
      }
      return sb.toString();
    }

    private static boolean looksLikeMinuteSeconds(String time) {
      int dot = time.indexOf('.');
      String whole = dot < 0 ? time : time.substring(0, dot);
      return whole.length() == 2 && Integer.parseInt(whole) < 60;
    }
  }

  private static final TimeControl INFINITE = new TimeControl(Kind.INFINITE, List.of(), 0, 0);

  private final Kind kind;
  private final List<Period> periods;
  private final long moveTimeNanos;
  private final long timeMarginNanos;

  private TimeControl(Kind kind, List<Period> periods, long moveTimeNanos, long timeMarginNanos) {
    this.kind = kind;
    this.periods = periods;
    this.moveTimeNanos = moveTimeNanos;
    this.timeMarginNanos = timeMarginNanos;
  }

  /**
   * Parses a time control in the syntax described in the class documentation.
   *
   * @throws TimeControlException if the text is not a valid time control
   */
  public static TimeControl parse(String text) {
    return TimeControlParser.parse(text);
  }

  /**
   * Parses the value of cutechess's {@code st=} option: a positive number of seconds per move.
   *
   * @throws TimeControlException if the text is not a positive number of seconds
   */
  public static TimeControl parseMoveTime(String seconds) {
    return TimeControlParser.parse("st=" + seconds);
  }

  /** No time limit. */
  public static TimeControl infinite() {
    return INFINITE;
  }

  /** A fixed, positive time per move. */
  public static TimeControl moveTime(Duration perMove) {
    long nanos = perMove.toNanos();
    if (nanos <= 0) {
      throw new IllegalArgumentException("move time must be positive: " + perMove);
    }
    return new TimeControl(Kind.MOVETIME, List.of(), nanos, 0);
  }

  /** Sudden death: {@code base} for the game plus a Fischer {@code increment} per move. */
  public static TimeControl suddenDeath(Duration base, Duration increment) {
    return of(List.of(Period.of(0, base, IncrementMode.FISCHER, increment)));
  }

  /**
   * A clock time control from periods. Only the last period may be sudden death, and the first
   * must give a positive time.
   */
  public static TimeControl of(List<Period> periods) {
    List<Period> copy = List.copyOf(periods);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("a time control needs at least one period");
    }
    for (int i = 0; i < copy.size() - 1; i++) {
      if (copy.get(i).isSuddenDeath()) {
        throw new IllegalArgumentException(
            "only the last period may omit the move count, but period " + (i + 1) + " does");
      }
    }
    if (copy.get(0).timeNanos() == 0) {
      throw new IllegalArgumentException("the first period must give a positive time");
    }
    return new TimeControl(Kind.CLOCK, copy, 0, 0);
  }

  /**
   * A copy with cutechess's {@code timemargin}: a move that overruns the available time by at most
   * this much does not lose on time (the overrun is forgiven and the clock shows 0).
   */
  public TimeControl withTimeMargin(Duration margin) {
    long nanos = margin.toNanos();
    if (nanos < 0) {
      throw new IllegalArgumentException("time margin must not be negative: " + margin);
    }
    return new TimeControl(kind, periods, moveTimeNanos, nanos);
  }

  /** {@link #withTimeMargin(Duration)} in milliseconds, the unit of cutechess's option. */
  public TimeControl withTimeMarginMillis(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("time margin must not be negative: " + millis + " ms");
    }
    return withTimeMargin(Duration.ofMillis(millis));
  }

  /** The kind of limit. */
  public Kind kind() {
    return kind;
  }

  /** True for {@link Kind#INFINITE}. */
  public boolean isInfinite() {
    return kind == Kind.INFINITE;
  }

  /** The clock periods in order; empty unless {@link Kind#CLOCK}. */
  public List<Period> periods() {
    return periods;
  }

  /**
   * The period in force after {@code index} period changes: the last period repeats once the list
   * is exhausted.
   *
   * @throws IllegalStateException unless {@link Kind#CLOCK}
   */
  public Period period(int index) {
    if (kind != Kind.CLOCK) {
      throw new IllegalStateException("a " + kind + " time control has no periods");
    }
    if (index < 0) {
      throw new IllegalArgumentException("negative period index " + index);
    }
    return periods.get(Math.min(index, periods.size() - 1));
  }

  /** Time per move for {@link Kind#MOVETIME}, otherwise 0. */
  public long moveTimeNanos() {
    return moveTimeNanos;
  }

  /** How far a move may overrun without losing on time. */
  public long timeMarginNanos() {
    return timeMarginNanos;
  }

  /**
   * The canonical text, in cutechess style for the forms cutechess knows ({@code 40/60+0.6}, {@code
   * inf}, {@code 0.5/move}); {@link #parse(String)} reads it back to an equal time control, except
   * that the time margin is not part of the text (cutechess keeps it out of the string as well).
   */
  @Override
  public String toString() {
    return switch (kind) {
      case INFINITE -> "inf";
      case MOVETIME -> seconds(moveTimeNanos) + "/move";
      case CLOCK -> {
        StringJoiner joiner = new StringJoiner(":");
        for (int i = 0; i < periods.size(); i++) {
          joiner.add(periods.get(i).format(i > 0));
        }
        yield joiner.toString();
      }
    };
  }

  /**
   * The value for the PGN {@code TimeControl} tag. Clock controls are written as cutechess writes
   * them, which is PGN §9.6 syntax ({@code 40/7200:3600}, {@code 300+2}) except that seconds may have
   * decimals; no limit is the standard's {@code -} (cutechess writes {@code inf}); the standard
   * has no fixed time per move, so that is cutechess's {@code 0.5/move}; delays use this class's
   * {@code +d}/{@code +b} syntax, which the standard lacks.
   */
  public String toPgnTag() {
    return kind == Kind.INFINITE ? "-" : toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimeControl other
        && kind == other.kind
        && moveTimeNanos == other.moveTimeNanos
        && timeMarginNanos == other.timeMarginNanos
        && periods.equals(other.periods);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, periods, moveTimeNanos, timeMarginNanos);
  }

  static String seconds(long nanos) {
    return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
  }
}
