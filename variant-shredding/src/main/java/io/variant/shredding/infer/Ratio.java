// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.math.BigDecimal;

/**
 * Threshold checks in exact arithmetic, so that 9 of 10 meets a threshold of 0.9 despite binary
 * rounding.
 */
final class Ratio {
  private Ratio() {}

  /**
   * True if {@code part / whole >= share}, computed as {@code part >= share * whole} on the decimal
   * value of the share as written ({@code 0.9}, not the binary double nearest to it: see {@link
   * #decimal}).
   */
  static boolean atLeast(long part, long whole, BigDecimal share) {
    BigDecimal needed = share.multiply(BigDecimal.valueOf(whole));
    return BigDecimal.valueOf(part).compareTo(needed) >= 0;
  }

  /**
   * The decimal value of {@code share} as written: for a caller that checks one share many times
   * ({@code BigDecimal.valueOf(double)} formats the double as text on every call).
   */
  static BigDecimal decimal(double share) {
    return BigDecimal.valueOf(share);
  }
}
