package org.rookery.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rookery.core.clock.TimeControl.IncrementMode;
import org.rookery.core.clock.TimeControl.Kind;
import org.rookery.core.clock.TimeControl.Period;

class TimeControlTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  private static Period period(int moves, long timeNanos, IncrementMode mode, long bonusNanos) {
    return new Period(moves, timeNanos, mode, bonusNanos);
  }

  private static Period period(int moves, long timeNanos) {
    return new Period(moves, timeNanos, IncrementMode.FISCHER, 0);
  }

  @Test
  void parsesCutechessMovesTimeAndIncrement() {
    TimeControl tc = TimeControl.parse("40/60+0.6");
    assertEquals(Kind.CLOCK, tc.kind());
    assertEquals(List.of(period(40, 60 * S, IncrementMode.FISCHER, 600 * MS)), tc.periods());
    assertEquals("40/60+0.6", tc.toString());
    assertEquals("40/60+0.6", tc.toPgnTag());
  }

  @Test
  void parsesSuddenDeathWithAndWithoutIncrement() {
    assertEquals(
        List.of(period(0, 60 * S, IncrementMode.FISCHER, 600 * MS)),
        TimeControl.parse("60+0.6").periods());
    assertEquals(List.of(period(0, 60 * S)), TimeControl.parse("60").periods());
    assertEquals(List.of(period(0, 500 * MS)), TimeControl.parse("0.5").periods());
    assertTrue(TimeControl.parse("60").periods().get(0).isSuddenDeath());
  }

  @Test
  void parsesRepeatingMovesPerPeriod() {
    TimeControl tc = TimeControl.parse("40/60");
    assertEquals(List.of(period(40, 60 * S)), tc.periods());
    // The single period repeats for ever (PGN: the last field is implicitly repeated).
    assertEquals(tc.periods().get(0), tc.period(0));
    assertEquals(tc.periods().get(0), tc.period(7));
  }

  @Test
  void parsesCutechessMinutesSeconds() {
    TimeControl tc = TimeControl.parse("40/1:30+0.5");
    assertEquals(List.of(period(40, 90 * S, IncrementMode.FISCHER, 500 * MS)), tc.periods());
    assertEquals("40/90+0.5", tc.toString());
    assertEquals(List.of(period(0, 90 * S)), TimeControl.parse("1:30").periods());
    assertEquals(List.of(period(0, 125_500 * MS)), TimeControl.parse("2:05.5").periods());
    assertEquals(List.of(period(0, 7200 * S)), TimeControl.parse("120:00").periods());
  }

  @Test
  void minutesSecondsWorkInsideMultiPeriodControls() {
    TimeControl tc = TimeControl.parse("40/90:00:20/45:00");
    assertEquals(List.of(period(40, 5400 * S), period(20, 2700 * S)), tc.periods());
    assertEquals("40/5400:20/2700", tc.toString());
  }

  @Test
  void colonIsMinutesSecondsOnlyBeforeTwoDigitsBelowSixty() {
    assertEquals(List.of(period(40, 3630 * S)), TimeControl.parse("40/60:30").periods());
    assertEquals(List.of(period(40, 3630 * S, IncrementMode.FISCHER, S)),
        TimeControl.parse("40/60:30+1").periods());
    assertEquals(List.of(period(40, 60 * S), period(0, 30 * S)),
        TimeControl.parse("40/60:030").periods());
    assertEquals(List.of(period(40, 60 * S), period(0, 75 * S)),
        TimeControl.parse("40/60:75").periods());
    assertEquals(List.of(period(40, 60 * S), period(0, 60 * S)),
        TimeControl.parse("40/60:60").periods());
    assertEquals(List.of(period(40, 3659 * S)), TimeControl.parse("40/60:59").periods());
    assertEquals(List.of(period(40, 60 * S), period(0, 5 * S)),
        TimeControl.parse("40/60:5").periods());
    assertEquals(List.of(period(40, 60 * S), period(20, 30 * S)),
        TimeControl.parse("40/60:20/30").periods());
    // A fractional number before ':' is never minutes.
    assertEquals(List.of(period(40, 60_500 * MS), period(0, 30 * S)),
        TimeControl.parse("40/60.5:30").periods());
  }

  @Test
  void toStringProtectsShortFinalPeriodFromMinutesSecondsReading() {
    TimeControl tc = TimeControl.of(List.of(period(40, 60 * S), period(0, 30 * S)));
    assertEquals("40/60:030", tc.toString());
    assertEquals(tc, TimeControl.parse(tc.toString()));
    TimeControl fractional = TimeControl.of(List.of(period(40, 60 * S), period(0, 30_500 * MS)));
    assertEquals("40/60:030.5", fractional.toString());
    assertEquals(fractional, TimeControl.parse(fractional.toString()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"inf", "infinite", "-"})
  void parsesInfinite(String text) {
    TimeControl tc = TimeControl.parse(text);
    assertEquals(Kind.INFINITE, tc.kind());
    assertTrue(tc.isInfinite());
    assertEquals(TimeControl.infinite(), tc);
    assertEquals(List.of(), tc.periods());
    assertEquals("inf", tc.toString());
    assertEquals("-", tc.toPgnTag());
  }

  @ParameterizedTest
  @ValueSource(strings = {"st=0.5", "0.5/move", "st=0.500"})
  void parsesFixedTimePerMove(String text) {
    TimeControl tc = TimeControl.parse(text);
    assertEquals(Kind.MOVETIME, tc.kind());
    assertEquals(500 * MS, tc.moveTimeNanos());
    assertEquals(List.of(), tc.periods());
    assertEquals("0.5/move", tc.toString());
    assertEquals("0.5/move", tc.toPgnTag());
    assertEquals(TimeControl.moveTime(Duration.ofMillis(500)), tc);
    assertThrows(IllegalStateException.class, () -> tc.period(0));
  }

  @Test
  void parseMoveTimeReadsTheValueOfCutechessStOption() {
    assertEquals(TimeControl.moveTime(Duration.ofMillis(2500)), TimeControl.parseMoveTime("2.5"));
    TimeControlException e =
        assertThrows(TimeControlException.class, () -> TimeControl.parseMoveTime("x"));
    assertEquals(
        "invalid time control \"st=x\": expected a number of seconds after \"st=\" at column 4",
        e.getMessage());
  }

  @Test
  void parsesClassicalMultiPeriodControl() {
    TimeControl tc = TimeControl.parse("40/7200:20/3600:900+30");
    assertEquals(
        List.of(period(40, 7200 * S), period(20, 3600 * S),
            period(0, 900 * S, IncrementMode.FISCHER, 30 * S)),
        tc.periods());
    assertEquals("40/7200:20/3600:900+30", tc.toString());
    assertEquals("40/7200:20/3600:900+30", tc.toPgnTag());
    assertEquals(tc.periods().get(2), tc.period(9));
  }

  @Test
  void parsesIncrementPerPeriod() {
    TimeControl tc = TimeControl.parse("40/5400+30:1800+30");
    assertEquals(
        List.of(period(40, 5400 * S, IncrementMode.FISCHER, 30 * S),
            period(0, 1800 * S, IncrementMode.FISCHER, 30 * S)),
        tc.periods());
  }

  @Test
  void laterPeriodMayAddNoTimeButAnIncrement() {
    TimeControl tc = TimeControl.parse("30/300:0+30");
    assertEquals(
        List.of(period(30, 300 * S), period(0, 0, IncrementMode.FISCHER, 30 * S)), tc.periods());
    assertEquals("30/300:0+30", tc.toString());
  }

  @Test
  void parsesSimpleAndBronsteinDelays() {
    TimeControl simple = TimeControl.parse("60+d2");
    assertEquals(List.of(period(0, 60 * S, IncrementMode.SIMPLE_DELAY, 2 * S)), simple.periods());
    assertEquals("60+d2", simple.toString());
    TimeControl bronstein = TimeControl.parse("40/300+b1.5");
    assertEquals(
        List.of(period(40, 300 * S, IncrementMode.BRONSTEIN, 1500 * MS)), bronstein.periods());
    assertEquals("40/300+b1.5", bronstein.toString());
    assertNotEquals(simple, TimeControl.parse("60+b2"));
    assertNotEquals(simple, TimeControl.parse("60+2"));
  }

  @Test
  void zeroBonusIsCanonicallyNoBonus() {
    assertEquals(TimeControl.parse("60"), TimeControl.parse("60+0"));
    assertEquals(TimeControl.parse("60"), TimeControl.parse("60+d0"));
    assertEquals(TimeControl.parse("60"), TimeControl.parse("60+b0.000"));
    assertEquals(IncrementMode.FISCHER, TimeControl.parse("60+d0").periods().get(0).incrementMode());
    assertEquals("60", TimeControl.parse("60+d0").toString());
  }

  @Test
  void keepsNanosecondPrecision() {
    assertEquals(1, TimeControl.parse("0.000000001").periods().get(0).timeNanos());
    assertEquals("0.000000001", TimeControl.parse("0.000000001").toString());
    assertEquals("1.25", TimeControl.parse("1.250000000").toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "40/60+0.6", "60+0.6", "60", "40/60", "40/7200:20/3600:900+30", "40/5400+30:1800+30",
      "60+d2", "60+b2", "0.5/move", "inf", "30/300:0+30", "40/60:030", "0.001", "3/10+0.1:7/5+d1",
      "40/7200:20/3600"
  })
  void canonicalFormsRoundTrip(String text) {
    TimeControl tc = TimeControl.parse(text);
    assertEquals(text, tc.toString());
    assertEquals(tc, TimeControl.parse(tc.toString()));
    assertEquals(tc, TimeControl.parse(tc.toPgnTag()));
    assertEquals(tc.hashCode(), TimeControl.parse(tc.toString()).hashCode());
  }

  @ParameterizedTest
  @CsvSource({
      "40/1:30+0.5, 40/90+0.5",
      "60+0, 60",
      "60.000, 60",
      "0060, 60",
      "infinite, inf",
      "-, inf",
      "st=0.50, 0.5/move",
      "40/1:00:20/30, 40/60:20/30",
      "40/60.0+0.60, 40/60+0.6"
  })
  void nonCanonicalFormsNormalise(String text, String canonical) {
    assertEquals(canonical, TimeControl.parse(text).toString());
  }

  static Stream<Arguments> badInputs() {
    return Stream.of(
        Arguments.of("40/abc", "expected a number of seconds after \"40/\" at column 4"),
        Arguments.of("", "expected a time control at column 1"),
        Arguments.of("abc", "expected a number of moves or seconds at column 1"),
        Arguments.of("-60", "negative numbers are not allowed at column 1"),
        Arguments.of("40/-60", "negative numbers are not allowed at column 4"),
        Arguments.of("60+-1", "negative numbers are not allowed at column 4"),
        Arguments.of("0/60", "the number of moves must be positive at column 1"),
        Arguments.of("1.5/60", "the number of moves must be a whole number at column 1"),
        Arguments.of("3000000000/60", "the number of moves is too large at column 1"),
        Arguments.of("99999999999999999999", "the number is too large at column 1"),
        Arguments.of("40/60::900", "empty period at column 7"),
        Arguments.of("40/60:", "empty period at column 7"),
        Arguments.of(":40/60", "empty period at column 1"),
        Arguments.of("60+1x", "unexpected \"x\" at column 5"),
        Arguments.of("60 ", "unexpected \" \" at column 3"),
        Arguments.of("60\n", "unexpected \"\\n\" at column 3"),
        Arguments.of("40/60/1", "unexpected \"/\" at column 6"),
        Arguments.of("40/60:inf", "\"inf\" (no limit) must be the whole time control at column 7"),
        Arguments.of("inf+1", "\"inf\" (no limit) must be the whole time control at column 1"),
        Arguments.of("60:40/60", "only the last period may omit the move count (sudden death),"
            + " but another period follows at column 1"),
        Arguments.of("40/60:900:300", "only the last period may omit the move count (sudden"
            + " death), but another period follows at column 7"),
        Arguments.of("1:75", "only the last period may omit the move count (sudden death),"
            + " but another period follows at column 1"),
        Arguments.of("1:60", "only the last period may omit the move count (sudden death),"
            + " but another period follows at column 1"),
        Arguments.of("40/0", "the first period must give a positive time at column 4"),
        Arguments.of("0+1", "the first period must give a positive time at column 1"),
        Arguments.of("60+", "expected an increment in seconds (or d<seconds> / b<seconds> for a"
            + " delay) after \"60+\" at column 4"),
        Arguments.of("60+x2", "expected an increment in seconds (or d<seconds> / b<seconds> for a"
            + " delay) after \"60+\" at column 4"),
        Arguments.of("60+d", "expected a delay in seconds after \"60+d\" at column 5"),
        Arguments.of("60+B2", "expected an increment in seconds (or d<seconds> / b<seconds> for a"
            + " delay) after \"60+\" at column 4"),
        Arguments.of("60.", "expected a digit after the decimal point at column 4"),
        Arguments.of(".5", "expected a number of moves or seconds at column 1"),
        Arguments.of("0.0000000001", "at most 9 decimal places are supported at column 12"),
        Arguments.of("*60", "sandclock (hourglass) time controls are not supported at column 1"),
        Arguments.of("?", "an unknown time control (\"?\") cannot be played at column 1"),
        Arguments.of("st=0", "the time per move must be positive at column 4"),
        Arguments.of("st=", "expected a number of seconds after \"st=\" at column 4"),
        Arguments.of("st=0.5s", "unexpected \"s\" at column 7"),
        Arguments.of("0/move", "the time per move must be positive at column 1"),
        Arguments.of("40/60/move", "unexpected \"/\" at column 3"));
  }

  @ParameterizedTest
  @MethodSource("badInputs")
  void rejectsBadInputWithOneClearLine(String input, String expectedTail) {
    TimeControlException e =
        assertThrows(TimeControlException.class, () -> TimeControl.parse(input));
    String expected =
        "invalid time control \"" + input.replace("\n", "\\n") + "\": " + expectedTail;
    assertEquals(expected, e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "message must be a single line");
    assertEquals(input, e.input());
    assertTrue(e.getMessage().endsWith(" at column " + e.column()));
    assertTrue(e.getMessage().contains(e.reason()));
  }

  @Test
  void exceptionIsAnIllegalArgumentException() {
    assertInstanceOf(IllegalArgumentException.class,
        assertThrows(TimeControlException.class, () -> TimeControl.parse("40/abc")));
    assertThrows(NullPointerException.class, () -> TimeControl.parse(null));
  }

  @Test
  void timeMarginIsKeptOutOfTheTextButIsPartOfEquality() {
    TimeControl plain = TimeControl.parse("40/60+0.6");
    TimeControl margin = plain.withTimeMarginMillis(100);
    assertEquals(100 * MS, margin.timeMarginNanos());
    assertEquals(0, plain.timeMarginNanos());
    assertEquals("40/60+0.6", margin.toString());
    assertEquals(plain.periods(), margin.periods());
    assertNotEquals(plain, margin);
    assertEquals(margin, plain.withTimeMargin(Duration.ofMillis(100)));
    assertEquals(250 * MS, TimeControl.infinite().withTimeMarginMillis(250).timeMarginNanos());
    assertThrows(IllegalArgumentException.class, () -> plain.withTimeMarginMillis(-1));
    assertThrows(IllegalArgumentException.class, () -> plain.withTimeMargin(Duration.ofNanos(-1)));
  }

  @Test
  void programmaticConstructionValidates() {
    assertEquals(TimeControl.parse("300+2"),
        TimeControl.suddenDeath(Duration.ofMinutes(5), Duration.ofSeconds(2)));
    assertEquals(TimeControl.parse("40/5400+b30"), TimeControl.of(List.of(
        Period.of(40, Duration.ofMinutes(90), IncrementMode.BRONSTEIN, Duration.ofSeconds(30)))));
    assertThrows(IllegalArgumentException.class, () -> TimeControl.of(List.of()));
    assertThrows(IllegalArgumentException.class, () -> TimeControl.of(
        List.of(Period.of(0, Duration.ofSeconds(60)), Period.of(40, Duration.ofSeconds(60)))));
    assertThrows(IllegalArgumentException.class,
        () -> TimeControl.of(List.of(Period.of(40, Duration.ZERO))));
    assertThrows(IllegalArgumentException.class, () -> TimeControl.moveTime(Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> period(-1, S));
    assertThrows(IllegalArgumentException.class, () -> period(0, -1));
    assertThrows(IllegalArgumentException.class,
        () -> period(0, S, IncrementMode.FISCHER, -1));
    assertThrows(IllegalArgumentException.class, () -> TimeControl.parse("40/60").period(-1));
  }
}
