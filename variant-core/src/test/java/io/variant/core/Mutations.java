// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;
import java.util.Random;

/** Corrupts valid encodings the ways a fuzzer or a broken writer would. */
final class Mutations {
  private static final int[] FORGED = {
    0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x7FFFFFF0, 0xFFFF, 0x10000, 0xFF, 0x100, 0
  };

  private Mutations() {}

  /** A mutated copy of {@code b}: 1 to 3 edits of the kinds below, never an empty array. */
  static byte[] mutate(Random r, byte[] b) {
    byte[] x = b.clone();
    for (int edits = 1 + r.nextInt(3), i = 0; i < edits; i++) {
      x = edit(r, x);
    }
    return x.length == 0 ? new byte[] {(byte) r.nextInt()} : x;
  }

  private static byte[] edit(Random r, byte[] x) {
    int at = x.length == 0 ? 0 : r.nextInt(x.length);
    switch (r.nextInt(7)) {
      case 0: // flip one bit
        if (x.length > 0) {
          x[at] ^= (byte) (1 << r.nextInt(8));
        }
        return x;
      case 1: // any byte value
        if (x.length > 0) {
          x[at] = (byte) r.nextInt(256);
        }
        return x;
      case 2: // truncate
        return Arrays.copyOf(x, at);
      case 3:
        { // forged little-endian count, length or offset of 1 to 4 bytes
          int value = FORGED[r.nextInt(FORGED.length)];
          for (int i = 0, w = 1 + r.nextInt(4); i < w && at + i < x.length; i++) {
            x[at + i] = (byte) (value >>> (8 * i));
          }
          return x;
        }
      case 4:
        { // append junk
          byte[] y = Arrays.copyOf(x, x.length + 1 + r.nextInt(8));
          for (int i = x.length; i < y.length; i++) {
            y[i] = (byte) r.nextInt(256);
          }
          return y;
        }
      case 5:
        { // a header byte anywhere: containers with random widths and is_large bits
          if (x.length > 0) {
            x[at] = (byte) ((r.nextInt(64) << 2) | (2 + r.nextInt(2)));
          }
          return x;
        }
      default:
        { // remove one byte from the middle, shifting the rest
          if (x.length == 0) {
            return x;
          }
          byte[] y = new byte[x.length - 1];
          System.arraycopy(x, 0, y, 0, at);
          System.arraycopy(x, at + 1, y, at, x.length - at - 1);
          return y;
        }
    }
  }
}
