// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import io.variant.testkit.Hex;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Golden-byte fixtures placed twice: as given, and at an offset inside 0xFF padding (as
 * parquet-java's {@code testVariant} does), so every reader test also proves that offsets and ends
 * are respected.
 */
final class Fixtures {
  /** Empty unsorted metadata, as parquet-testing writes it. */
  static final String EMPTY_METADATA = "01 00 00";

  private Fixtures() {}

  /** A fixture and where its bytes start inside the buffers handed to the reader. */
  record Placed(Variant variant, int metadataOffset, int valueOffset) {
    Variant v() {
      return variant;
    }
  }

  /**
   * Both placements of the hex fixture: plain, then padded (offsets drawn from the bytes
   * themselves).
   */
  static List<Placed> placements(String metadataHex, String valueHex) {
    byte[] m = Hex.bytes(metadataHex);
    byte[] v = Hex.bytes(valueHex);
    Random r = new Random(Arrays.hashCode(m) * 31L + Arrays.hashCode(v));
    int mOff = 1 + r.nextInt(30);
    int vOff = 1 + r.nextInt(30);
    return List.of(
        new Placed(Variant.of(m, v), 0, 0),
        new Placed(
            Variant.of(
                VariantMetadata.of(pad(m, mOff), mOff, m.length), pad(v, vOff), vOff, v.length),
            mOff,
            vOff));
  }

  /** Both placements of a value with empty metadata. */
  static List<Placed> placements(String valueHex) {
    return placements(EMPTY_METADATA, valueHex);
  }

  private static byte[] pad(byte[] b, int offset) {
    byte[] out = new byte[offset + b.length + 17];
    Arrays.fill(out, (byte) 0xFF);
    System.arraycopy(b, 0, out, offset, b.length);
    return out;
  }
}
