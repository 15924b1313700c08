// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.ValueCursor;

/**
 * One buffer, reused from value to value, that holds a copy of a cursor's current value: how the
 * splitter hands bytes to a sink (valid during the call only, see {@link ShreddedSink}) without an
 * array or a view per value. Not thread-safe.
 */
final class ValueCopy {
  private byte[] bytes = new byte[0];

  /**
   * Copies the encoded bytes of {@code c}'s current value, header included, to the start of {@link
   * #bytes()} (grown as needed); returns their count.
   */
  int copy(ValueCursor c) {
    int n = c.valueSize();
    if (bytes.length < n) {
      bytes = new byte[Math.max(Math.max(n, 32), 2 * bytes.length)];
    }
    return c.copyValueTo(bytes, 0);
  }

  /** The buffer the last {@link #copy} wrote into. */
  byte[] bytes() {
    return bytes;
  }
}
