package org.rookery.core.clock;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The speed class of a PGN {@code TimeControl} tag, by lichess's estimated game duration (base time
 * plus 40 increments): {@code ultrabullet} (&lt; 30 s), {@code bullet} (&lt; 3 min), {@code blitz}
 * (&lt; 8 min), {@code rapid} (&lt; 25 min), {@code classical}; {@code correspondence} for no clock
 * ({@code -}, or cutechess's {@code inf}); {@link #UNKNOWN} when the tag is absent, unreadable or
 * gives no time at all.
 *
 * <p>Read forms: {@code B}, {@code B+I} (lichess's {@code 0+1} included), {@code M/B} and
 * {@code M/B+I} (a period of M moves scaled to 40 moves), several periods joined by {@code :} (the
 * first one counts), the sandclock {@code *B}, and fixed time per move ({@code N/move},
 * {@code st=N}), which counts as 40 moves' worth. This is deliberately a reading of tags, not
 * {@link TimeControl#parse}: a tag that no match could be played under ({@code 0+1}) still has a
 * class. The analysis jobs and the dashboard's SQL both follow this one definition (the dashboard's
 * test compares them tag by tag).
 */
public final class SpeedClass {
  private SpeedClass() {
  }

  /** The class of a missing or unreadable tag. */
  public static final String UNKNOWN = "unknown";

  private static final Pattern SUDDEN_DEATH = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:\\+(\\d+(?:\\.\\d+)?))?");
  private static final Pattern MOVES_IN = Pattern.compile("(\\d{1,9})/(\\d+(?:\\.\\d+)?)(?:\\+(\\d+(?:\\.\\d+)?))?");
  private static final Pattern SANDCLOCK = Pattern.compile("\\*(\\d+(?:\\.\\d+)?)");
  private static final Pattern PER_MOVE = Pattern.compile("st=(\\d+(?:\\.\\d+)?)|(\\d+(?:\\.\\d+)?)/move");

  /** The class of {@code tag}; never null. */
  public static String of(String tag) {
    if (tag == null) {
      return UNKNOWN;
    }
    String t = tag.trim();
    if (t.isEmpty() || t.equals("?")) {
      return UNKNOWN;
    }
    if (t.equals("-") || t.equals("inf")) {
      return "correspondence";
    }
    int colon = t.indexOf(':');
    String first = colon < 0 ? t : t.substring(0, colon);
    double seconds;
    Matcher m;
    if ((m = SUDDEN_DEATH.matcher(first)).matches()) {
      seconds = Double.parseDouble(m.group(1)) + 40 * number(m.group(2));
    } else if ((m = MOVES_IN.matcher(first)).matches()) {
      int moves = Integer.parseInt(m.group(1));
      if (moves == 0) {
        return UNKNOWN;
      }
      seconds = Double.parseDouble(m.group(2)) * 40 / moves + 40 * number(m.group(3));
    } else if ((m = SANDCLOCK.matcher(first)).matches()) {
      seconds = Double.parseDouble(m.group(1));
    } else if ((m = PER_MOVE.matcher(t)).matches()) {
      seconds = 40 * Double.parseDouble(m.group(1) != null ? m.group(1) : m.group(2));
    } else {
      return UNKNOWN;
    }
    return seconds > 0 ? ofSeconds(seconds) : UNKNOWN;
  }

  private static double number(String s) {
    return s == null ? 0 : Double.parseDouble(s);
  }

  /** The timed classes from fastest to slowest: each but the last holds durations below its {@link #upperSeconds}. */
  public static final List<String> TIMED = List.of("ultrabullet", "bullet", "blitz", "rapid", "classical");

  private static final double[] UPPER_SECONDS = {30, 180, 480, 1500};

  /**
   * The estimated duration, in seconds, below which class {@code TIMED.get(i)} ends (i &lt; 4); the
   * dashboard's SQL is generated from these bounds, so both read tags the same way.
   */
  public static double upperSeconds(int i) {
    return UPPER_SECONDS[i];
  }

  /** The class of an estimated game duration in seconds. */
  public static String ofSeconds(double seconds) {
    for (int i = 0; i < UPPER_SECONDS.length; i++) {
      if (seconds < UPPER_SECONDS[i]) {
        return TIMED.get(i);
      }
    }
    return TIMED.get(UPPER_SECONDS.length);
  }
}
