// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How the builder's buffer grows: doubling while small, by an eighth once large. */
class ValueBufferGrowthTest {
  @Test
  void smallBuffersDoubleAndLargeOnesGrowByAnEighth() {
    assertEquals(512, ValueBuffer.grownLength(256, 257));
    assertEquals(2 * (8 << 20), ValueBuffer.grownLength(8 << 20, (8 << 20) + 1));
    int large = 100 << 20; // one 100 MB string, then a container's header bytes
    long grown = ValueBuffer.grownLength(large, large + 10L);
    assertEquals(large + (large >> 3), grown);
    assertTrue(grown < 2L * large);
  }

  @Test
  void aRequestBeyondTheGrowthIsMetExactly() {
    assertEquals(300L << 20, ValueBuffer.grownLength(100 << 20, 300L << 20));
    assertEquals(1000, ValueBuffer.grownLength(256, 1000));
  }

  @Test
  void aBuilderStillTakesAValuePastTheLargeSizeWhole() {
    byte[] big = new byte[ValueBuffer.LARGE + 7];
    java.util.Arrays.fill(big, (byte) 'x');
    Variant v =
        new VariantBuilder()
            .startObject()
            .key("s")
            .appendStringUtf8(big, 0, big.length)
            .key("n")
            .appendLong(1)
            .endObject()
            .build();
    assertEquals(big.length, v.field("s").stringValue().length());
    assertEquals(1, v.field("n").longValue());
  }

  @Test
  void buildOnceHandsOverAFullBufferAndCopiesAMostlyEmptyOne() {
    byte[] text = new byte[1000];
    java.util.Arrays.fill(text, (byte) 'a');
    // Reserved to the value's size: the Variant takes the buffer itself.
    VariantBuilder full = new VariantBuilder().reserve(1005);
    Variant handed = full.startArray().appendStringUtf8(text, 0, 1000).endArray().buildOnce();
    Variant copied =
        new VariantBuilder().reserve(1 << 16).appendStringUtf8(text, 0, 1000).buildOnce();
    Variant expected =
        new VariantBuilder().startArray().appendStringUtf8(text, 0, 1000).endArray().build();
    assertEquals(expected, handed);
    assertTrue(handed.buffer().length - handed.valueSize() <= handed.buffer().length / 8);
    assertEquals(copied.valueSize(), copied.buffer().length, "a mostly empty buffer is copied");
    // The builder starts over and does not share the handed-over bytes.
    full.reset();
    Variant next = full.appendLong(7).build();
    assertEquals(7, next.longValue());
    assertEquals(expected, handed);
  }

  @Test
  void reserveRefusesMoreThanTheValueLimitUpFront() {
    VariantBuilder b =
        new VariantBuilder(BuilderOptions.defaults().withLimits(new Limits(10, 100)));
    var e = assertThrows(VariantLimitException.class, () -> b.reserve(101));
    assertTrue(e.getMessage().contains("Limits.maxValueBytes"), e.getMessage());
    b.reserve(100);
  }

  @Test
  void sizeInBytesCountsTheValueWrittenSoFar() {
    VariantBuilder b = new VariantBuilder();
    assertEquals(0, b.sizeInBytes());
    b.appendString("abc"); // header and 3 bytes
    assertEquals(4, b.sizeInBytes());
    assertEquals(4, b.build().valueSize());
  }
}
