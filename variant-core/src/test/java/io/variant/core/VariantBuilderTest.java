// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import java.math.BigDecimal;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The builder's canonical output, byte for byte (golden bytes written by hand). */
class VariantBuilderTest {
  private static Variant build(Consumer<VariantBuilder> body) {
    VariantBuilder b = new VariantBuilder();
    body.accept(b);
    return b.build();
  }

  private static void assertValue(String hex, Consumer<VariantBuilder> body) {
    Variant v = build(body);
    assertEquals(hex, Hex.of(v.valueBytes()));
    v.validate();
  }

  @Test
  void objectFieldsAreSortedAndTheDictionaryIsSortedAndMinimal() {
    Variant v =
        build(b -> b.startObject().key("b").appendString("x").key("a").appendLong(1).endObject());
    assertEquals("11 02 00 01 02 61 62", Hex.of(v.metadataBytes())); // sorted, ["a", "b"]
    assertEquals("02 02 00 01 00 02 04 0C 01 05 78", Hex.of(v.valueBytes())); // values in key order
  }

  @Test
  void keysSortByUtf8Bytes() {
    Variant v =
        build(
            b ->
                b.startObject()
                    .key("\uD83D\uDE00")
                    .appendLong(3)
                    .key("\uE000")
                    .appendLong(2)
                    .key("a")
                    .appendLong(1)
                    .endObject());
    // sorted ["a", U+E000, U+1F600]: offsets 0 1 4 8
    assertEquals("11 03 00 01 04 08 61 EE 80 80 F0 9F 98 80", Hex.of(v.metadataBytes()));
    assertEquals("02 03 00 01 02 00 02 04 06 0C 01 0C 02 0C 03", Hex.of(v.valueBytes()));
  }

  @Test
  void integersTakeTheSmallestWidth() {
    assertValue("0C 00", b -> b.appendLong(0));
    assertValue("0C 7F", b -> b.appendLong(127));
    assertValue("10 80 00", b -> b.appendLong(128));
    assertValue("10 7F FF", b -> b.appendLong(-129));
    assertValue("14 00 80 00 00", b -> b.appendLong(32768));
    assertValue("18 00 00 00 80 00 00 00 00", b -> b.appendLong(1L << 31));
    assertValue("18 FF FF FF FF FF FF FF 7F", b -> b.appendLong(Long.MAX_VALUE));
    assertValue(
        "18 2A 00 00 00 00 00 00 00",
        b -> b.appendInteger(VariantType.INT64, 42)); // exact type kept
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new VariantBuilder().appendInteger(VariantType.INT8, 128));
    assertTrue(e.getMessage().contains("out of range"), e.getMessage());
  }

  @Test
  void decimalsTakeTheSmallestWidthForPrecisionAndScale() {
    assertValue("20 02 D2 04 00 00", b -> b.appendDecimal(new BigDecimal("12.34")));
    assertValue(
        "24 02 14 1A 99 BE 1C 00 00 00", b -> b.appendDecimal(new BigDecimal("1234567890.12")));
    // 17 digits but scale 20: decimal16, because Spark rejects decimal8 with a scale above 18
    assertValue(
        "28 14 CD 50 59 6F 91 44 7D 00 00 00 00 00 00 00 00 00",
        b -> b.appendDecimal(new BigDecimal("0.00035259763517903053")));
    assertValue(
        "28 00 FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF",
        b -> b.appendDecimal(VariantType.DECIMAL16, BigDecimal.ONE.negate()));
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new VariantBuilder().appendDecimal(new BigDecimal("1E+3")));
    assertTrue(e.getMessage().contains("negative scale"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> new VariantBuilder().appendDecimal(new BigDecimal("1" + "0".repeat(38))));
  }

  @Test
  void decimalScalesRunFromZeroToThirtyEight() {
    assertValue("20 00 07 00 00 00", b -> b.appendDecimal(7, 0)); // decimal4, scale 0
    assertValue(
        "20 00 07 00 00 00", b -> b.appendDecimal(VariantType.DECIMAL4, BigDecimal.valueOf(7)));
    // decimal16, scale 38 (0x26), unscaled 1
    String oneAtScale38 = "28 26 01" + " 00".repeat(15);
    assertValue(oneAtScale38, b -> b.appendDecimal(1, 38));
    assertValue(oneAtScale38, b -> b.appendDecimal(new BigDecimal("1E-38")));
    assertValue(oneAtScale38, b -> b.appendDecimal(VariantType.DECIMAL16, new BigDecimal("1E-38")));
    for (int scale : new int[] {-1, 39}) {
      var e =
          assertThrows(
              IllegalArgumentException.class, () -> new VariantBuilder().appendDecimal(1, scale));
      assertTrue(e.getMessage().contains("scale must be in [0, 38]"), e.getMessage());
    }
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new VariantBuilder().appendDecimal(VariantType.DECIMAL16, new BigDecimal("1E-39")));
    assertTrue(e.getMessage().contains("scale must be in [0, 38]"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> new VariantBuilder().appendDecimal(VariantType.DECIMAL16, new BigDecimal("1E+1")));
  }

  @Test
  void aTimeOfDayEndsJustBeforeMidnight() {
    long day = 86_400_000_000L; // microseconds
    assertValue("44 FF 5F D7 1D 14 00 00 00", b -> b.appendTimeMicros(day - 1));
    assertValue("44 00 00 00 00 00 00 00 00", b -> b.appendTimeMicros(0));
    for (long outside : new long[] {day, -1}) {
      var e =
          assertThrows(
              IllegalArgumentException.class, () -> new VariantBuilder().appendTimeMicros(outside));
      assertTrue(e.getMessage().contains("outside one day"), e.getMessage());
    }
  }

  @Test
  void otherPrimitives() {
    assertValue("00", VariantBuilder::appendNull);
    assertValue("04", b -> b.appendBoolean(true));
    assertValue("08", b -> b.appendBoolean(false));
    assertValue("1C 00 00 00 00 00 00 F8 3F", b -> b.appendDouble(1.5));
    assertValue("38 00 00 00 80", b -> b.appendFloat(-0.0f));
    assertValue("2C E2 4E 00 00", b -> b.appendDate(java.time.LocalDate.of(2025, 4, 16)));
    assertValue("30 FF FF FF FF FF FF FF FF", b -> b.appendTimestampMicros(-1));
    assertValue("34 01 00 00 00 00 00 00 00", b -> b.appendTimestampNtzMicros(1));
    assertValue("44 C0 F2 29 88 0A 00 00 00", b -> b.appendTimeMicros(45234123456L));
    assertValue("48 15 41 3A 6C B7 AF 05 18", b -> b.appendTimestampNanos(1730982834123456789L));
    assertValue("4C 02 00 00 00 00 00 00 00", b -> b.appendTimestampNtzNanos(2));
    assertValue("3C 02 00 00 00 CA FE", b -> b.appendBinary(new byte[] {(byte) 0xCA, (byte) 0xFE}));
    assertValue(
        "50 00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF", // big-endian, the only one
        b -> b.appendUuid(UUID.fromString("00112233-4455-6677-8899-aabbccddeeff")));
  }

  @Test
  void stringsUpTo63BytesAreShort() {
    assertValue("01", b -> b.appendString(""));
    assertValue("0D 6E 2F 61", b -> b.appendString("n/a"));
    String a63 = "a".repeat(63);
    assertValue(
        "FD " + Hex.of(a63.getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
        b -> b.appendString(a63));
    String a64 = "a".repeat(64);
    assertValue(
        "40 40 00 00 00 " + Hex.of(a64.getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
        b -> b.appendString(a64));
    // 21 three-byte characters = 63 bytes: still short
    assertTrue(build(b -> b.appendString("\u20AC".repeat(21))).isShortString());
    assertTrue(!build(b -> b.appendString("\u20AC".repeat(22))).isShortString());
  }

  @Test
  void arraysAndNesting() {
    assertValue(
        "03 02 00 02 03 0C 01 00", b -> b.startArray().appendLong(1).appendNull().endArray());
    assertValue("03 00 00", b -> b.startArray().endArray());
    assertValue("02 00 00", b -> b.startObject().endObject());
    // [[]] : outer array, 1 element, offsets 0 3 | inner empty array
    assertValue("03 01 00 03 03 00 00", b -> b.startArray().startArray().endArray().endArray());
  }

  @Test
  void largeContainersAndWideOffsetsAndIds() {
    // 256 fields: is_large (4-byte count), ids 0..255 fit 1 byte, 512 data bytes need 2-byte
    // offsets
    Variant o256 =
        build(
            b -> {
              b.startObject();
              for (int i = 0; i < 256; i++) {
                b.key(String.format("k%03d", i)).appendLong(i % 100);
              }
              b.endObject();
            });
    assertEquals("46 00 01 00 00", Hex.of(o256.valueBytes(), 0, 5)); // header 0x46, count 256
    // 257 keys: id 256 needs 2 bytes
    Variant o257 =
        build(
            b -> {
              b.startObject();
              for (int i = 0; i < 257; i++) {
                b.key(String.format("k%03d", i)).appendNull();
              }
              b.endObject();
            });
    assertEquals("56 01 01 00 00", Hex.of(o257.valueBytes(), 0, 5));
    assertEquals(0x51, o257.metadataBytes()[0] & 0xFF); // 1028 key bytes: 2-byte metadata offsets
    Variant a256 =
        build(
            b -> {
              b.startArray();
              for (int i = 0; i < 256; i++) {
                b.appendNull();
              }
              b.endArray();
            });
    assertEquals(
        "17 00 01 00 00", Hex.of(a256.valueBytes(), 0, 5)); // is_large, 2-byte offsets (256 > 255)
    Variant a255 =
        build(
            b -> {
              b.startArray();
              for (int i = 0; i < 255; i++) {
                b.appendNull();
              }
              b.endArray();
            });
    assertEquals(
        "03 FF 00 01", Hex.of(a255.valueBytes(), 0, 4)); // 255: small count, 1-byte offsets
    o256.validate();
    o257.validate();
    a256.validate();
  }

  @Test
  void threeByteOffsetsAndMetadataOffsets() {
    String big = "s".repeat(70_000);
    Variant v =
        build(b -> b.startObject().key(big).startArray().appendString(big).endArray().endObject());
    assertEquals(0x91, v.metadataBytes()[0] & 0xFF); // sorted, 3-byte offsets
    Variant array = v.field(big);
    assertEquals(0x0B, array.valueBytes()[0] & 0xFF); // array, 3-byte offsets
    assertEquals(big, array.element(0).stringValue());
    v.validate();
  }

  @Test
  void duplicateKeysAreRejectedUnlessLastWins() {
    VariantBuilder b = new VariantBuilder();
    b.startObject().key("a").appendLong(1).key("a").appendLong(2);
    var e = assertThrows(DuplicateKeyException.class, b::endObject);
    assertEquals("a", e.key());
    assertTrue(e.getMessage().contains("duplicate key \"a\""), e.getMessage());
    VariantBuilder lastWins =
        new VariantBuilder(BuilderOptions.defaults().withDuplicateKeys(DuplicateKeys.LAST_WINS));
    Variant v =
        lastWins
            .startObject()
            .key("a")
            .appendLong(1)
            .key("b")
            .appendNull()
            .key("a")
            .appendLong(2)
            .endObject()
            .build();
    assertEquals("02 02 00 01 00 02 03 0C 02 00", Hex.of(v.valueBytes()));
  }

  @Test
  void misuseNamesTheCallThatFixesIt() {
    var e1 = assertThrows(IllegalStateException.class, () -> new VariantBuilder().endObject());
    assertTrue(e1.getMessage().contains("startObject()"), e1.getMessage());
    var e2 =
        assertThrows(
            IllegalStateException.class, () -> new VariantBuilder().startObject().appendNull());
    assertTrue(e2.getMessage().contains("key(name)"), e2.getMessage());
    var e3 =
        assertThrows(IllegalStateException.class, () -> new VariantBuilder().startArray().build());
    assertTrue(e3.getMessage().contains("still open"), e3.getMessage());
    var e4 =
        assertThrows(
            IllegalStateException.class, () -> new VariantBuilder().appendNull().appendNull());
    assertTrue(e4.getMessage().contains("second top-level value"), e4.getMessage());
  }

  @Test
  void depthLimitIsALimitException() {
    VariantBuilder b =
        new VariantBuilder(BuilderOptions.defaults().withLimits(Limits.defaults().withMaxDepth(3)));
    b.startArray().startArray().startArray();
    var e = assertThrows(VariantLimitException.class, b::startArray);
    assertTrue(e.getMessage().contains("Limits.maxDepth"), e.getMessage());
  }

  @Test
  void withMetadataReusesADictionaryThatAlreadyHoldsEveryKey() {
    VariantMetadata m = VariantMetadata.of(Hex.bytes("11 02 00 01 02 61 62"));
    Variant v =
        VariantBuilder.withMetadata(m).startObject().key("b").appendLong(2).endObject().build();
    assertTrue(v.metadata() == m);
    assertEquals(
        "02 01 01 00 02 0C 02", Hex.of(v.valueBytes())); // id 1 = "b" in the given dictionary
    Variant grown =
        VariantBuilder.withMetadata(m).startObject().key("c").appendLong(3).endObject().build();
    assertEquals("11 03 00 01 02 03 61 62 63", Hex.of(grown.metadataBytes()));
    assertEquals("02 01 02 00 02 0C 03", Hex.of(grown.valueBytes()));
  }

  /**
   * The unchecked append trusts its caller: valid bytes give the checked append's value; invalid
   * ones are not caught there but by readers, never handed out as a String.
   */
  @Test
  void uncheckedStringsAreCaughtByReadersNotByTheBuilder() {
    byte[] text = "h\u00e9llo".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Variant checked = new VariantBuilder().appendStringUtf8(text, 0, text.length).build();
    Variant unchecked =
        new VariantBuilder().appendStringUtf8Unchecked(text, 0, text.length).build();
    assertEquals(checked, unchecked);
    byte[] bad = {'a', (byte) 0xC3};
    assertThrows(
        VariantFormatException.class, () -> new VariantBuilder().appendStringUtf8(bad, 0, 2));
    Variant corrupt = new VariantBuilder().appendStringUtf8Unchecked(bad, 0, 2).build();
    assertThrows(VariantFormatException.class, corrupt::validate);
    assertThrows(VariantFormatException.class, corrupt::stringValue);
  }

  @Test
  void everyAppendReturnsTheBuilderForChaining() {
    Variant v =
        new VariantBuilder()
            .startArray()
            .appendBoolean(true)
            .appendDouble(1.5)
            .appendFloat(2.5f)
            .appendDecimal(new BigDecimal("1.25"))
            .appendDecimal(VariantType.DECIMAL8, new BigDecimal("2.5"))
            .appendDecimal(375, 2)
            .appendDate(3)
            .appendTimestampMicros(4)
            .appendTimestampNanos(5)
            .appendTimestampNtzNanos(6)
            .appendTimeMicros(7)
            .appendBinary(new byte[] {8})
            .appendUuid(new UUID(0, 9))
            .endArray()
            .build();
    assertEquals(13, v.size());
    assertEquals(VariantType.BOOLEAN_TRUE, v.element(0).type());
    assertEquals(1.5, v.element(1).doubleValue());
    assertEquals(2.5f, v.element(2).floatValue());
    assertEquals(new BigDecimal("1.25"), v.element(3).decimalValue());
    assertEquals(VariantType.DECIMAL8, v.element(4).type());
    assertEquals(new BigDecimal("3.75"), v.element(5).decimalValue());
    assertEquals(VariantType.DATE, v.element(6).type());
    assertEquals(VariantType.TIMESTAMP_MICROS, v.element(7).type());
    assertEquals(VariantType.TIMESTAMP_NANOS, v.element(8).type());
    assertEquals(VariantType.TIMESTAMP_NTZ_NANOS, v.element(9).type());
    assertEquals(VariantType.TIME_NTZ_MICROS, v.element(10).type());
    assertEquals(VariantType.BINARY, v.element(11).type());
    assertEquals(new UUID(0, 9), v.element(12).uuidValue());
  }

  /**
   * A value copied verbatim keeps its writer's field order, which may not be key order: lookups on
   * the built value still find every field (it is not marked as built in key order).
   */
  @Test
  void aVerbatimCopyOfForeignFieldOrderFindsEveryField() {
    VariantMetadata ab = VariantMetadata.of(Hex.bytes("11 02 00 01 02 61 62"));
    // object, 2 fields listed b then a: ids 1 0, offsets 0 2 4 | "x" | int8 1
    Variant foreign = Variant.of(ab, Hex.bytes("02 02 01 00 00 02 04 05 78 0C 01"), 0, 11);
    Variant copy = VariantBuilder.withMetadata(ab).appendVariant(foreign).build();
    assertEquals("02 02 01 00 00 02 04 05 78 0C 01", Hex.of(copy.valueBytes()));
    assertEquals(1, copy.field("a").longValue());
    assertEquals("x", copy.field("b").stringValue());
    assertEquals(1, copy.fieldIndex("a"));
    assertNull(copy.field("c"));
  }
}
