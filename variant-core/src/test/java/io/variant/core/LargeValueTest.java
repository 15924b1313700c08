// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Values past 16 MiB, whose offsets need 4 bytes: too big for the generators, so one dedicated
 * test.
 */
class LargeValueTest {
  @Test
  void fourByteOffsetsPast16MiB() {
    byte[] text = new byte[(1 << 24) + 10]; // 16 MiB + 10: over the 3-byte offset maximum 0xFFFFFF
    Arrays.fill(text, (byte) 'v');
    VariantBuilder b = new VariantBuilder();
    b.startObject()
        .key("big")
        .startArray()
        .appendStringUtf8(text, 0, text.length)
        .appendLong(7)
        .endArray()
        .endObject();
    Variant v = b.build();
    Variant array = v.field("big");
    assertEquals(0x0F, array.valueBytes()[0] & 0xFF); // array, 4-byte offsets
    assertEquals(0x0E, v.valueBytes()[0] & 0xFF); // object, 1-byte ids, 4-byte offsets
    assertEquals(text.length, array.element(0).stringUtf8().remaining());
    assertEquals(7, array.element(1).longValue());
    v.validate();
    Variant again = VariantBuilder.canonicalize(v);
    assertArrayEquals(v.valueBytes(), again.valueBytes());
    assertTrue(VariantEquality.physical(v, again));
  }
}
