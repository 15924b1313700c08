// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Parquet's big-endian decimal bytes for FIXED_LEN_BYTE_ARRAY columns. spec: LogicalTypes §DECIMAL
 * (the unscaled value is big-endian two's complement; a fixed-length column holds exactly its
 * length).
 */
final class DecimalBytes {
  private DecimalBytes() {}

  /**
   * The unscaled value sign-extended to {@code length} bytes.
   *
   * @param path the column, for the error message
   * @throws IllegalStateException if the value needs more than {@code length} bytes (a plan/schema
   *     mismatch)
   */
  static byte[] signExtended(BigInteger unscaled, int length, String path) {
    byte[] minimal = unscaled.toByteArray();
    if (minimal.length > length) {
      throw new IllegalStateException(
          "Cannot write decimal "
              + unscaled
              + " into FIXED_LEN_BYTE_ARRAY("
              + length
              + ") at "
              + path
              + ": it needs "
              + minimal.length
              + " bytes");
    }
    if (minimal.length == length) {
      return minimal;
    }
    byte[] out = new byte[length];
    Arrays.fill(out, 0, length - minimal.length, unscaled.signum() < 0 ? (byte) 0xFF : 0);
    System.arraycopy(minimal, 0, out, length - minimal.length, minimal.length);
    return out;
  }
}
