package org.rookery.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rookery.core.clock.Clock.Side.BLACK;
import static org.rookery.core.clock.Clock.Side.WHITE;

import java.util.Optional;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.rookery.core.clock.Clock.Side;

class ClockTest {
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  /** A hand-driven nanosecond counter; starts far from zero so offsets matter. */
  private static final class FakeTime implements LongSupplier {
    private long now = 987_654_321_000L;

    void advance(long nanos) {
      now += nanos;
    }

    @Override
    public long getAsLong() {
      return now;
    }
  }

  private final FakeTime time = new FakeTime();

  private Clock clock(String tc) {
    return new Clock(TimeControl.parse(tc), time);
  }

  private Punch move(Clock clock, Side side, long nanos) {
    clock.start(side);
    time.advance(nanos);
    return clock.punch();
  }

  @Test
  void fischerIncrementIsAddedAfterEveryMoveIncludingTheFirst() {
    Clock clock = clock("60+0.6");
    assertEquals(60 * S, clock.remainingNanos(WHITE));
    assertEquals(60_000, clock.remainingMillis(BLACK));

    Punch white = move(clock, WHITE, 1500 * MS);
    assertEquals(new Punch(WHITE, 1500 * MS, 59_100 * MS, false), white);
    assertEquals(59_100 * MS, clock.remainingNanos(WHITE));

    // A move faster than the increment gains time.
    Punch black = move(clock, BLACK, 100 * MS);
    assertEquals(60_500 * MS, black.remainingNanos());
    assertEquals(1, clock.movesPlayed(WHITE));
    assertEquals(1, clock.movesPlayed(BLACK));
    assertEquals(0, clock.movesToGo(WHITE));
  }

  @Test
  void repeatingPeriodAddsItsTimeEveryFortyMovesAndCountsMovesToGo() {
    Clock clock = clock("40/60");
    for (int move = 1; move <= 120; move++) {
      for (Side side : Side.values()) {
        int expectedToGo = 40 - (move - 1) % 40;
        assertEquals(expectedToGo, clock.movesToGo(side), side + " before move " + move);
        assertEquals(expectedToGo, clock.uciTimes(side).movesToGo());
        Punch punch = move(clock, side, S);
        long expected = (60 - move + 60L * (move / 40)) * S;
        assertEquals(expected, punch.remainingNanos(), side + " after move " + move);
        assertFalse(punch.flagFell());
      }
    }
    assertEquals(120 * S, clock.remainingNanos(WHITE)); // 60 + 3 * 60 - 120 * 1
    assertEquals(0, clock.periodIndex(WHITE));
  }

  @Test
  void movesToGoAlternatesCorrectlyPlyByPly() {
    Clock clock = clock("3/10");
    int[][] expected = {{3, 3}, {2, 3}, {2, 2}, {1, 2}, {1, 1}, {3, 1}, {3, 3}};
    Side toMove = WHITE;
    for (int ply = 0; ply < expected.length; ply++) {
      assertEquals(expected[ply][0], clock.movesToGo(WHITE), "white at ply " + ply);
      assertEquals(expected[ply][1], clock.movesToGo(BLACK), "black at ply " + ply);
      move(clock, toMove, 100 * MS);
      toMove = toMove.opponent();
    }
  }

  @Test
  void classicalPeriodsAddTimeAndIncrementStartsWithItsPeriod() {
    Clock clock = clock("40/7200:20/3600:900+30");
    long left = 7200 * S;
    for (int move = 1; move <= 100; move++) {
      Punch punch = move(clock, WHITE, 10 * S);
      left -= 10 * S;
      if (move > 60) {
        left += 30 * S; // the increment belongs to the third period only
      }
      if (move == 40) {
        left += 3600 * S;
      }
      if (move == 60) {
        left += 900 * S;
      }
      assertEquals(left, punch.remainingNanos(), "after move " + move);
      if (move == 39) {
        assertEquals(1, clock.movesToGo(WHITE));
      } else if (move == 40) {
        assertEquals(20, clock.movesToGo(WHITE));
        assertEquals(1, clock.periodIndex(WHITE));
      } else if (move == 60) {
        assertEquals(0, clock.movesToGo(WHITE));
        assertEquals(2, clock.periodIndex(WHITE));
      }
    }
    assertEquals((7200 + 3600 + 900 - 1000 + 40 * 30) * S, clock.remainingNanos(WHITE));
    assertEquals(2, clock.periodIndex(WHITE));
    assertEquals(7200 * S, clock.remainingNanos(BLACK));
  }

  @Test
  void lastPeriodWithMoveCountRepeats() {
    Clock clock = clock("40/7200:20/3600");
    for (int move = 1; move <= 80; move++) {
      move(clock, BLACK, S);
    }
    assertEquals((7200 + 3 * 3600 - 80) * S, clock.remainingNanos(BLACK));
    assertEquals(1, clock.periodIndex(BLACK));
    assertEquals(20, clock.movesToGo(BLACK));
  }

  @Test
  void incrementPerPeriodAcrossATransition() {
    Clock clock = clock("40/5400+30:1800+30");
    assertEquals(5370 * S, move(clock, WHITE, 60 * S).remainingNanos());
    for (int move = 2; move <= 40; move++) {
      move(clock, WHITE, 60 * S);
    }
    // 5400 - 40 * 30 net, then the second period's 1800 s.
    assertEquals(6000 * S, clock.remainingNanos(WHITE));
    assertEquals(0, clock.movesToGo(WHITE));
    assertEquals(5970 * S, move(clock, WHITE, 60 * S).remainingNanos());
  }

  @Test
  void simpleDelayIsUsedBeforeTheMainTime() {
    Clock clock = clock("60+d2");
    assertEquals(60 * S, move(clock, WHITE, 1500 * MS).remainingNanos());
    assertEquals(59 * S, move(clock, WHITE, 3 * S).remainingNanos());

    clock.start(WHITE);
    time.advance(S);
    assertEquals(59 * S, clock.liveRemainingNanos(WHITE)); // still inside the delay
    time.advance(2 * S);
    assertEquals(58 * S, clock.liveRemainingNanos(WHITE));
    assertEquals(59 * S, clock.remainingNanos(WHITE));
    assertEquals(58 * S, clock.timeUntilFlagNanos());
    assertEquals(58 * S, clock.punch().remainingNanos());

    // The whole main time plus the delay may be used without losing.
    Punch exact = move(clock, WHITE, 60 * S);
    assertFalse(exact.flagFell());
    assertEquals(0, exact.remainingNanos());
  }

  @Test
  void simpleDelayFlagFallsOnlyAfterMainTimePlusDelay() {
    Clock clock = clock("60+d2");
    Punch punch = move(clock, WHITE, 62 * S + 1);
    assertTrue(punch.flagFell());
    assertEquals(-1, punch.remainingNanos());
  }

  @Test
  void bronsteinGivesBackAtMostTheDelay() {
    Clock clock = clock("60+b2");
    assertEquals(60 * S, move(clock, BLACK, 1500 * MS).remainingNanos());
    assertEquals(59 * S, move(clock, BLACK, 3 * S).remainingNanos());
    clock.start(BLACK);
    time.advance(S);
    assertEquals(58 * S, clock.liveRemainingNanos(BLACK)); // runs from the first instant
    assertEquals(58 * S, clock.timeUntilFlagNanos()); // no delay in the allowance
    time.advance(58 * S);
    assertEquals(2 * S, clock.punch().remainingNanos()); // used all 59 s, 2 s back
  }

  @Test
  void bronsteinFlagFallsAtTheMainTime() {
    Clock clock = clock("60+b2");
    Punch punch = move(clock, WHITE, 60 * S + MS);
    assertTrue(punch.flagFell());
    assertEquals(-MS, punch.remainingNanos());
  }

  @Test
  void usingExactlyTheRemainingTimeIsNotAFlagFall() {
    Clock clock = clock("10");
    Punch punch = move(clock, WHITE, 10 * S);
    assertFalse(punch.flagFell());
    assertEquals(0, punch.remainingNanos());
    assertEquals(Optional.empty(), clock.flaggedSide());
  }

  @Test
  void flagFallStopsTheClockForGood() {
    Clock clock = clock("10+1");
    move(clock, WHITE, S);
    Punch punch = move(clock, BLACK, 10 * S + 1);
    assertEquals(new Punch(BLACK, 10 * S + 1, -1, true), punch);
    assertEquals(-1, punch.remainingMillis());
    assertEquals(Optional.of(BLACK), clock.flaggedSide());
    assertEquals(-1, clock.remainingNanos(BLACK)); // no increment after a flag fall
    assertEquals(0, clock.movesPlayed(BLACK));
    assertEquals(Optional.empty(), clock.running());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> clock.start(WHITE));
    assertEquals("the clock has stopped: BLACK's flag fell", e.getMessage());
  }

  @Test
  void marginForgivesSmallOverrunsAndClampsToZero() {
    Clock clock = new Clock(TimeControl.parse("10").withTimeMarginMillis(100), time);
    Punch punch = move(clock, WHITE, 10_050 * MS);
    assertFalse(punch.flagFell());
    assertEquals(10_050 * MS, punch.elapsedNanos());
    assertEquals(0, punch.remainingNanos());
    assertEquals(Optional.empty(), clock.flaggedSide());
  }

  @Test
  void marginBoundaryIsInclusive() {
    Clock atMargin = new Clock(TimeControl.parse("10").withTimeMarginMillis(100), time);
    assertFalse(move(atMargin, WHITE, 10_100 * MS).flagFell());
    Clock beyond = new Clock(TimeControl.parse("10").withTimeMarginMillis(100), time);
    Punch punch = move(beyond, WHITE, 10_100 * MS + 1);
    assertTrue(punch.flagFell());
    assertEquals(-(100 * MS + 1), punch.remainingNanos());
    assertEquals(Optional.of(WHITE), beyond.flaggedSide());
  }

  @Test
  void marginOverrunStillEarnsTheIncrement() {
    Clock clock = new Clock(TimeControl.parse("10+1").withTimeMarginMillis(100), time);
    assertEquals(S, move(clock, WHITE, 10_050 * MS).remainingNanos());
  }

  @Test
  void fixedMoveTimeResetsEachMoveAndHonoursTheMargin() {
    Clock clock = clock("st=0.5");
    assertEquals(500 * MS, move(clock, WHITE, 400 * MS).remainingNanos());
    assertFalse(move(clock, WHITE, 500 * MS).flagFell());
    assertEquals(500 * MS, clock.remainingNanos(WHITE));
    assertEquals(0, clock.movesToGo(WHITE));
    assertEquals("movetime 500", clock.uciTimes(WHITE).toGoArguments());
    assertTrue(move(clock, WHITE, 600 * MS).flagFell());

    Clock lenient = new Clock(TimeControl.parse("st=0.5").withTimeMarginMillis(200), time);
    Punch punch = move(lenient, BLACK, 600 * MS);
    assertFalse(punch.flagFell());
    assertEquals(500 * MS, punch.remainingNanos());
  }

  @Test
  void infiniteNeverFlags() {
    Clock clock = clock("inf");
    Punch punch = move(clock, WHITE, 3600 * S);
    assertFalse(punch.flagFell());
    assertEquals(Long.MAX_VALUE, punch.remainingNanos());
    clock.start(BLACK);
    time.advance(1_000_000 * S);
    assertEquals(Long.MAX_VALUE, clock.timeUntilFlagNanos());
    assertEquals(Long.MAX_VALUE, clock.liveRemainingNanos(BLACK));
    assertEquals(Optional.empty(), clock.checkFlag());
    assertEquals("infinite", clock.uciTimes(BLACK).toGoArguments());
  }

  @Test
  void watchdogDetectsAFlagWithoutAMove() {
    Clock clock = new Clock(TimeControl.parse("10").withTimeMarginMillis(100), time);
    clock.start(WHITE);
    time.advance(5 * S);
    assertEquals(Optional.empty(), clock.checkFlag());
    assertEquals(Optional.of(WHITE), clock.running());
    assertEquals(5 * S, clock.elapsedNanos());
    assertEquals(5100 * MS, clock.timeUntilFlagNanos());
    assertEquals(5 * S, clock.liveRemainingNanos(WHITE));
    time.advance(5100 * MS);
    assertEquals(Optional.empty(), clock.checkFlag()); // exactly at the margin
    time.advance(1);
    Optional<Punch> flag = clock.checkFlag();
    assertTrue(flag.isPresent());
    assertEquals(new Punch(WHITE, 10_100 * MS + 1, -(100 * MS + 1), true), flag.get());
    assertEquals(Optional.of(WHITE), clock.flaggedSide());
    assertEquals(Optional.empty(), clock.running());
    assertEquals(0, clock.elapsedNanos());
    assertThrows(IllegalStateException.class, clock::punch);
  }

  @Test
  void uciTimesAsCutechessSendsThem() {
    Clock clock = clock("40/60+0.6");
    assertEquals(new UciTimes(60_000, 60_000, 600, 600, 40, 0, false), clock.uciTimes(WHITE));
    assertEquals("wtime 60000 btime 60000 winc 600 binc 600 movestogo 40",
        clock.uciTimes(WHITE).toGoArguments());
    move(clock, WHITE, 1_234_500_001L);
    // 60 - 1.234500001 + 0.6 = 59.365499999 s: rounded down to 59365 ms.
    assertEquals("wtime 59365 btime 60000 winc 600 binc 600 movestogo 40",
        clock.uciTimes(BLACK).toGoArguments());
    assertEquals(39, clock.uciTimes(WHITE).movesToGo());
    assertEquals("wtime 60000 btime 60000", clock("60").uciTimes(WHITE).toGoArguments());
  }

  @Test
  void uciTimesPresentDelaysAsIncrements() {
    assertEquals("wtime 62000 btime 62000 winc 2000 binc 2000",
        clock("60+d2").uciTimes(WHITE).toGoArguments());
    assertEquals("wtime 60000 btime 60000 winc 2000 binc 2000",
        clock("60+b2").uciTimes(WHITE).toGoArguments());
  }

  @Test
  void timeOddsUseEachSidesOwnControl() {
    Clock clock = new Clock(TimeControl.parse("60+1"), TimeControl.parse("40/30"), time);
    assertEquals("wtime 60000 btime 30000 winc 1000", clock.uciTimes(WHITE).toGoArguments());
    assertEquals("wtime 60000 btime 30000 winc 1000 movestogo 40",
        clock.uciTimes(BLACK).toGoArguments());
    assertEquals(61 * S, move(clock, WHITE, 0).remainingNanos());
    assertEquals(29 * S, move(clock, BLACK, S).remainingNanos());
    assertEquals(TimeControl.parse("40/30"), clock.timeControl(BLACK));

    Clock againstUnlimited = new Clock(TimeControl.parse("60"), TimeControl.infinite(), time);
    assertEquals("wtime 60000 btime 0", againstUnlimited.uciTimes(WHITE).toGoArguments());
    assertEquals("infinite", againstUnlimited.uciTimes(BLACK).toGoArguments());
    Clock againstMoveTime = new Clock(TimeControl.parse("60"), TimeControl.parse("st=2"), time);
    assertEquals("wtime 60000 btime 2000", againstMoveTime.uciTimes(WHITE).toGoArguments());
  }

  @Test
  void reportsElapsedTimeToTheNanosecond() {
    Clock clock = clock("60");
    Punch punch = move(clock, WHITE, 123_456_789L);
    assertEquals(123_456_789L, punch.elapsedNanos());
    assertEquals(123, punch.elapsedMillis());
    assertEquals(60 * S - 123_456_789L, clock.remainingNanos(WHITE));
    assertEquals(59_876, clock.remainingMillis(WHITE));
  }

  @Test
  void aBackwardStepOfTheTimeSourceCountsAsNoTime() {
    Clock clock = clock("60");
    clock.start(WHITE);
    time.advance(-5 * S);
    assertEquals(0, clock.punch().elapsedNanos());
    assertEquals(60 * S, clock.remainingNanos(WHITE));
  }

  @Test
  void misuseIsRejected() {
    Clock clock = clock("60");
    assertThrows(IllegalStateException.class, clock::punch);
    assertThrows(IllegalStateException.class, clock::timeUntilFlagNanos);
    assertEquals(Optional.empty(), clock.checkFlag());
    clock.start(WHITE);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> clock.start(BLACK));
    assertEquals("cannot start BLACK's clock: WHITE's clock is running", e.getMessage());
    assertEquals(WHITE, BLACK.opponent());
    assertEquals(BLACK, WHITE.opponent());
  }

  @Test
  void liveRemainingOfTheWaitingSideIsItsStoredTime() {
    Clock clock = clock("60+1");
    clock.start(WHITE);
    time.advance(10 * S);
    assertEquals(60 * S, clock.liveRemainingNanos(BLACK));
    assertEquals(50 * S, clock.liveRemainingNanos(WHITE));
    clock.punch();
    assertEquals(51 * S, clock.liveRemainingNanos(WHITE));
  }

  @Test
  void defaultTimeSourceIsTheSystemClock() {
    Clock clock = new Clock(TimeControl.parse("60"));
    clock.start(WHITE);
    Punch punch = clock.punch();
    assertFalse(punch.flagFell());
    assertTrue(punch.elapsedNanos() >= 0 && punch.elapsedNanos() < 60 * S);
  }

  @Test
  void recordsValidateTheirValues() {
    assertThrows(IllegalArgumentException.class, () -> new Punch(WHITE, -1, 0, false));
    assertThrows(NullPointerException.class, () -> new Punch(null, 0, 0, false));
    assertThrows(IllegalArgumentException.class, () -> new UciTimes(-1, 0, 0, 0, 0, 0, false));
  }
}
