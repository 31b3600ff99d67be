package org.rookery.core.clock;

/**
 * A time control string that cannot be parsed. The message is a single line naming the input,
 * what is wrong and the 1-based column where it went wrong, for example
 * {@code invalid time control "40/abc": expected a number of seconds after "40/" at column 4}.
 */
public final class TimeControlException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String input;
  private final int column;
  private final String reason;

  /**
   * @param input the whole text that was being parsed
   * @param column 1-based column of the offending character ({@code input.length() + 1} for the
   *     end of the input)
   * @param reason what is wrong, without the input or the column
   */
  public TimeControlException(String input, int column, String reason) {
    super("invalid time control \"" + oneLine(input) + "\": " + reason + " at column " + column);
    this.input = input;
    this.column = column;
    this.reason = reason;
  }

  /** The text that failed to parse. */
  public String input() {
    return input;
  }

  /** 1-based column of the problem; one past the end when the input ended too early. */
  public int column() {
    return column;
  }

  /** What is wrong, without the input and column. */
  public String reason() {
    return reason;
  }

  // The message must stay on one line even when a config file hands us a stray newline or tab,
  // because it ends up in single-line logs and CLI error output.
  static String oneLine(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
