package org.rookery.core.clock;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Hand-written recursive-descent parser for {@link TimeControl#parse(String)}; hand-written rather
 * than regex-based so that every error can name the exact column and what was expected there.
 */
final class TimeControlParser {
  private static final int MAX_FRACTION_DIGITS = 9;
  private static final long NANOS_PER_MINUTE = 60_000_000_000L;

  private final String input;
  private int pos;

  private TimeControlParser(String input) {
    this.input = input;
  }

  static TimeControl parse(String text) {
    Objects.requireNonNull(text, "time control");
    return new TimeControlParser(text).parseAll();
  }

  private TimeControl parseAll() {
    if (input.isEmpty()) {
      throw error("expected a time control");
    }
    if (input.equals("inf") || input.equals("infinite") || input.equals("-")) {
      return TimeControl.infinite();
    }
    if (input.startsWith("st=")) {
      pos = 3;
      return TimeControl.moveTime(Duration.ofNanos(positiveSeconds(input.length())));
    }
    if (input.endsWith("/move")) {
      return TimeControl.moveTime(
          Duration.ofNanos(positiveSeconds(input.length() - "/move".length())));
    }
    switch (input.charAt(0)) {
      case '*' -> throw error("sandclock (hourglass) time controls are not supported");
      case '?' -> throw error("an unknown time control (\"?\") cannot be played");
      default -> { }
    }
    List<TimeControl.Period> periods = new ArrayList<>();
    while (true) {
      int periodStart = pos;
      TimeControl.Period period = period(periods.isEmpty());
      periods.add(period);
      if (pos == input.length()) {
        return TimeControl.of(periods);
      }
      char c = input.charAt(pos);
      if (c != ':') {
        throw unexpected(c);
      }
      if (period.isSuddenDeath()) {
        throw errorAt(
            periodStart,
            "only the last period may omit the move count (sudden death), but another period"
                + " follows");
      }
      pos++;
    }
  }

  /** The seconds of a fixed move time, which must end exactly at {@code end}. */
  private long positiveSeconds(int end) {
    int start = pos;
    long nanos = decimal("a number of seconds");
    if (pos != end) {
      throw unexpected(input.charAt(pos));
    }
    if (nanos == 0) {
      throw errorAt(start, "the time per move must be positive");
    }
    return nanos;
  }

  private TimeControl.Period period(boolean first) {
    int start = pos;
    if (pos == input.length() || input.charAt(pos) == ':') {
      throw error("empty period");
    }
    if (input.startsWith("inf", pos)) {
      throw error("\"inf\" (no limit) must be the whole time control");
    }
    int moves = 0;
    int timeStart = pos;
    long time = decimal("a number of moves or seconds");
    boolean wholeNumber = input.substring(timeStart, pos).indexOf('.') < 0;
    if (pos < input.length() && input.charAt(pos) == '/') {
      if (!wholeNumber) {
        throw errorAt(start, "the number of moves must be a whole number");
      }
      BigDecimal count = BigDecimal.valueOf(time, 9);
      if (count.signum() == 0) {
        throw errorAt(start, "the number of moves must be positive");
      }
      if (count.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
        throw errorAt(start, "the number of moves is too large");
      }
      moves = count.intValueExact();
      pos++;
      timeStart = pos;
      time = decimal("a number of seconds");
      wholeNumber = input.substring(timeStart, pos).indexOf('.') < 0;
    }
    if (wholeNumber && minuteSecondsColon()) {
      // cutechess's minutes:seconds: the number read so far was minutes.
      long minutesAsSeconds = time;
      pos++;
      long seconds = decimal("two digits of seconds");
      try {
        time = Math.addExact(Math.multiplyExact(minutesAsSeconds / 1_000_000_000L,
            NANOS_PER_MINUTE), seconds);
      } catch (ArithmeticException e) {
        throw errorAt(timeStart, "the time is too large");
      }
    }
    if (first && time == 0) {
      throw errorAt(timeStart, "the first period must give a positive time");
    }
    TimeControl.IncrementMode mode = TimeControl.IncrementMode.FISCHER;
    long bonus = 0;
    if (pos < input.length() && input.charAt(pos) == '+') {
      pos++;
      if (pos < input.length() && input.charAt(pos) == 'd') {
        mode = TimeControl.IncrementMode.SIMPLE_DELAY;
        pos++;
        bonus = decimal("a delay in seconds");
      } else if (pos < input.length() && input.charAt(pos) == 'b') {
        mode = TimeControl.IncrementMode.BRONSTEIN;
        pos++;
        bonus = decimal("a delay in seconds");
      } else {
        bonus = decimal("an increment in seconds (or d<seconds> / b<seconds> for a delay)");
      }
    }
    return new TimeControl.Period(moves, time, mode, bonus);
  }

  /**
   * Whether the ':' at {@code pos} is cutechess's minutes:seconds separator rather than a period
   * separator: exactly two digits below 60 must follow, then a fraction, '+', ':' or the end.
   */
  private boolean minuteSecondsColon() {
    int p = pos;
    if (p + 2 >= input.length() || input.charAt(p) != ':') {
      return false;
    }
    char tens = input.charAt(p + 1);
    char units = input.charAt(p + 2);
    if (!isDigit(tens) || !isDigit(units) || tens > '5') {
      return false;
    }
    if (p + 3 == input.length()) {
      return true;
    }
    char next = input.charAt(p + 3);
    return next == '.' || next == '+' || next == ':';
  }

  /**
   * Reads an unsigned decimal number of seconds (or a move count, which the caller converts back)
   * at {@code pos} and returns it in nanoseconds.
   */
  private long decimal(String expected) {
    int start = pos;
    if (pos < input.length() && input.charAt(pos) == '-') {
      throw error("negative numbers are not allowed");
    }
    if (pos >= input.length() || !isDigit(input.charAt(pos))) {
      if (pos == 0) {
        throw error("expected " + expected);
      }
      throw error("expected " + expected + " after \"" + input.substring(0, pos) + "\"");
    }
    while (pos < input.length() && isDigit(input.charAt(pos))) {
      pos++;
    }
    if (pos < input.length() && input.charAt(pos) == '.') {
      pos++;
      int fractionStart = pos;
      if (pos >= input.length() || !isDigit(input.charAt(pos))) {
        throw error("expected a digit after the decimal point");
      }
      while (pos < input.length() && isDigit(input.charAt(pos))) {
        if (pos - fractionStart == MAX_FRACTION_DIGITS) {
          throw error("at most " + MAX_FRACTION_DIGITS + " decimal places are supported");
        }
        pos++;
      }
    }
    try {
      return new BigDecimal(input.substring(start, pos)).movePointRight(9).longValueExact();
    } catch (ArithmeticException e) {
      throw errorAt(start, "the number is too large");
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private TimeControlException unexpected(char c) {
    return error("unexpected \"" + TimeControlException.oneLine(String.valueOf(c)) + "\"");
  }

  private TimeControlException error(String reason) {
    return errorAt(pos, reason);
  }

  private TimeControlException errorAt(int index, String reason) {
    return new TimeControlException(input, index + 1, reason);
  }
}
