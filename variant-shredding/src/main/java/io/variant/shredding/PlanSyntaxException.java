// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

/**
 * The text given to {@link ShreddingPlan#parse} is not a valid plan. The message names the
 * position, what was expected and what was found, and ends with an excerpt of the offending line
 * and a caret under the position:
 *
 * <pre>
 * Invalid plan at position 17: expected a type name, found '}'
 *   {"id": int64, "a": }
 *                      ^
 * </pre>
 */
public final class PlanSyntaxException extends IllegalArgumentException {
  private final int position;
  private final String reason;

  PlanSyntaxException(int position, String reason, String excerpt) {
    super("Invalid plan at position " + position + ": " + reason + excerpt);
    this.position = position;
    this.reason = reason;
  }

  /**
   * Where the problem is: a 0-based index into the parsed text, counted in UTF-16 chars as {@link
   * String#charAt} counts them; equal to the text's length when the text ended too early.
   */
  public int position() {
    return position;
  }

  /**
   * The message without the position prefix and the excerpt, e.g. {@code expected a type name,
   * found '}'}.
   */
  public String reason() {
    return reason;
  }
}
