package org.rookery.core.clock;

/**
 * The time arguments of a UCI {@code go} command, in milliseconds, from {@link
 * Clock#uciTimes(Clock.Side)}.
 *
 * @param wtimeMs White's remaining time
 * @param btimeMs Black's remaining time
 * @param wincMs White's increment per move (0 = none)
 * @param bincMs Black's increment per move (0 = none)
 * @param movesToGo moves to the mover's next time control (0 = sudden death, not sent)
 * @param moveTimeMs fixed time for this move (0 = not a fixed move time)
 * @param infinite whether the mover has no time limit ({@code go infinite})
 */
public record UciTimes(
    long wtimeMs,
    long btimeMs,
    long wincMs,
    long bincMs,
    int movesToGo,
    long moveTimeMs,
    boolean infinite) {

  /** Checks that no value is negative. */
  public UciTimes {
    if (wtimeMs < 0 || btimeMs < 0 || wincMs < 0 || bincMs < 0 || movesToGo < 0
        || moveTimeMs < 0) {
      throw new IllegalArgumentException("UCI times must not be negative");
    }
  }

  /**
   * The arguments after {@code go}, in cutechess's order and omitting zero increments and
   * movestogo as cutechess does: {@code infinite}, {@code movetime 500}, or {@code wtime 60000
   * btime 60000 winc 600 binc 600 movestogo 40}. Depth, nodes and ponder are the caller's to add.
   */
  public String toGoArguments() {
    if (infinite) {
      return "infinite";
    }
    if (moveTimeMs > 0) {
      return "movetime " + moveTimeMs;
    }
    StringBuilder sb = new StringBuilder();
    sb.append("wtime ").append(wtimeMs).append(" btime ").append(btimeMs);
    if (wincMs > 0) {
      sb.append(" winc ").append(wincMs);
    }
    if (bincMs > 0) {
      sb.append(" binc ").append(bincMs);
    }
    if (movesToGo > 0) {
      sb.append(" movestogo ").append(movesToGo);
    }
    return sb.toString();
  }
}
