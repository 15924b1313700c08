// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.nio.ByteBuffer;

/** ByteBuffer at the API edge: array-backed buffers are wrapped, others copied once. */
final class Buffers {
  private Buffers() {}

  static byte[] array(ByteBuffer b) {
    if (b.hasArray() && !b.isReadOnly()) {
      return b.array();
    }
    byte[] copy = new byte[b.remaining()];
    b.duplicate().get(copy);
    return copy;
  }

  static int offset(ByteBuffer b) {
    return b.hasArray() && !b.isReadOnly() ? b.arrayOffset() + b.position() : 0;
  }
}
