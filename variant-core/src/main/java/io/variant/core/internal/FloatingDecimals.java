// SPDX-License-Identifier: Apache-2.0
package io.variant.core.internal;

import java.math.BigDecimal;

/**
 * A float or double as a decimal: the shortest decimal that reads back as it, which is the number
 * its text shows ({@code 0.1}), as Spark casts one, rather than the binary fraction nearest to it
 * ({@code 0.1000000000000000055...}). For casts of floats and doubles to decimals and integers.
 */
public final class FloatingDecimals {
  private FloatingDecimals() {}

  /** {@code x} as a decimal, or {@code null} for NaN and the infinities. */
  public static BigDecimal of(double x) {
    return Double.isFinite(x) ? BigDecimal.valueOf(x) : null;
  }

  /** {@code f} as a decimal (its own shortest digits, not its double's), or {@code null}. */
  public static BigDecimal of(float f) {
    return Float.isFinite(f) ? new BigDecimal(Float.toString(f)) : null;
  }
}
