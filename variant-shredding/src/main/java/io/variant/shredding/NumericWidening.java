// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import java.util.Locale;

/**
 * Which exact numeric values (integers and decimals) a typed slot accepts when splitting, and so
 * what their rebuilt values look like. A value a slot does not accept goes whole into the residual
 * and comes back exactly as it was. Every other kind (float, double, dates, times, timestamps,
 * binary, string, uuid, boolean) needs exactly its type under every mode.
 *
 * <p>Example: {@code 174.2} (decimal4, scale 1) and a {@code decimal(9,2)} column: lossless stores
 * 174.20 and the value comes back as {@code 174.20}; same-scale and strict send it to the residual
 * and it comes back as {@code 174.2}.
 */
public enum NumericWidening {
  /**
   * Lossless numeric widening, the default: every integer and decimal is one number type, and any
   * number goes into any integer or decimal slot that holds it exactly (123 into decimal(9,2) yes,
   * 1.23 into int64 no, 300 into int8 no). The rebuilt value is equal by value; its physical
   * numeric type is the slot's, so its scale may change and with it its JSON text ({@code 174.2}
   * comes back as {@code 174.20}, {@code 1.0} from an integer slot as {@code 1}).
   */
  LOSSLESS,
  /**
   * Any number goes into any integer or decimal slot that holds it <b>at its own scale</b>
   * (integers and integer slots have scale 0): an int8 into an int64 slot, a decimal4 of scale 2
   * into a decimal(18,2) slot, but 174.2 not into decimal(9,2) and 1.0 not into int64. The rebuilt
   * value has the same value and scale, so the same JSON text; only its width may change (an int8
   * comes back as an int64). Spark's default without numeric scale changes.
   */
  SAME_SCALE,
  /**
   * A value goes into a typed slot only if its Variant type (and, for decimals, scale) is exactly
   * the slot's: the rebuilt value is physically the same, byte for byte. An int8 does not go into
   * an int64 slot, so JSON input, whose integers take the smallest width that holds them, leaves
   * most integers of a wide column in the residual.
   */
  STRICT;

  /**
   * The name the command line and configurations use: {@code lossless}, {@code same-scale} or
   * {@code strict}.
   */
  public String text() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The mode {@link #text()} names, in any case.
   *
   * @throws IllegalArgumentException listing the names, if {@code text} is none of them
   */
  public static NumericWidening parse(String text) {
    for (NumericWidening w : values()) {
      if (w.text().equalsIgnoreCase(text)) {
        return w;
      }
    }
    throw new IllegalArgumentException(
        "Cannot read numeric widening \"" + text + "\": expected lossless, same-scale or strict");
  }
}
