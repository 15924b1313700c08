// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Model;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden bytes for every primitive type id 0-20 and the short string, read plain and inside
 * padding.
 */
class VariantPrimitiveReaderTest {
  private record Case(String hex, VariantType type, Object value) {}

  private static final List<Case> CASES =
      List.of(
          new Case("00", VariantType.NULL, null),
          new Case("04", VariantType.BOOLEAN_TRUE, null),
          new Case("08", VariantType.BOOLEAN_FALSE, null),
          new Case("0C 2A", VariantType.INT8, 42L),
          new Case("0C 80", VariantType.INT8, -128L),
          new Case("10 D2 04", VariantType.INT16, 1234L),
          new Case("10 00 80", VariantType.INT16, -32768L),
          new Case("14 40 E2 01 00", VariantType.INT32, 123456L),
          new Case("14 FF FF FF 7F", VariantType.INT32, 2147483647L),
          new Case("18 15 81 E9 7D F4 10 22 11", VariantType.INT64, 1234567890123456789L),
          new Case("18 00 00 00 00 00 00 00 80", VariantType.INT64, Long.MIN_VALUE),
          new Case("1C 00 00 00 00 00 00 F8 3F", VariantType.DOUBLE, 1.5),
          new Case("1C 00 00 00 00 00 00 00 80", VariantType.DOUBLE, -0.0),
          new Case("1C 00 00 00 00 00 00 F8 7F", VariantType.DOUBLE, Double.NaN),
          new Case(
              "20 02 D2 04 00 00", VariantType.DECIMAL4, new BigDecimal("12.34")), // scale 2, 1234
          new Case("20 00 FF FF FF FF", VariantType.DECIMAL4, new BigDecimal("-1")),
          new Case(
              "24 02 14 1A 99 BE 1C 00 00 00",
              VariantType.DECIMAL8,
              new BigDecimal("1234567890.12")),
          new Case(
              "28 02 D2 B6 23 C0 F4 10 22 11 00 00 00 00 00 00 00 00",
              VariantType.DECIMAL16,
              new BigDecimal("12345678912345678.90")),
          new Case(
              "28 26 FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF",
              VariantType.DECIMAL16,
              new BigDecimal("-1E-38")), // scale 38
          new Case(
              "28 00 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B",
              VariantType.DECIMAL16,
              new BigDecimal("99999999999999999999999999999999999999")),
          new Case("2C E2 4E 00 00", VariantType.DATE, 20194), // 2025-04-16
          new Case("2C FF FF FF FF", VariantType.DATE, -1), // 1969-12-31
          new Case("30 E0 52 97 DD E7 32 06 00", VariantType.TIMESTAMP_MICROS, 1744821296780000L),
          new Case("30 FF FF FF FF FF FF FF FF", VariantType.TIMESTAMP_MICROS, -1L),
          new Case(
              "34 E0 C2 48 83 E4 32 06 00", VariantType.TIMESTAMP_NTZ_MICROS, 1744806896780000L),
          new Case("38 00 00 C0 3F", VariantType.FLOAT, 1.5f),
          new Case("38 00 00 00 80", VariantType.FLOAT, -0.0f),
          new Case("3C 03 00 00 00 01 02 03", VariantType.BINARY, new byte[] {1, 2, 3}),
          new Case("3C 00 00 00 00", VariantType.BINARY, new byte[0]),
          new Case(
              "40 03 00 00 00 61 62 63", VariantType.STRING, "abc"), // long form of a short string
          new Case("44 C0 F2 29 88 0A 00 00 00", VariantType.TIME_NTZ_MICROS, 45234123456L),
          new Case("48 15 41 3A 6C B7 AF 05 18", VariantType.TIMESTAMP_NANOS, 1730982834123456789L),
          new Case(
              "4C 15 41 3A 6C B7 AF 05 18", VariantType.TIMESTAMP_NTZ_NANOS, 1730982834123456789L),
          new Case(
              "50 00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF",
              VariantType.UUID,
              UUID.fromString("00112233-4455-6677-8899-aabbccddeeff")),
          new Case("01", VariantType.STRING, ""), // short string, length 0
          new Case("05 78", VariantType.STRING, "x"),
          new Case(
              "0D 6E 2F 61",
              VariantType.STRING,
              "n/a"), // the spec example, header 0x0D (it prints 13 in decimal)
          new Case("09 C3 A9", VariantType.STRING, "\u00E9"),
          new Case(
              "11 F0 9F 98 80",
              VariantType.STRING,
              "\uD83D\uDE00")); // supplementary: 4 UTF-8 bytes

  @TestFactory
  Stream<DynamicTest> everyCaseReadsItsTypeAndValue() {
    return CASES.stream()
        .flatMap(
            c ->
                Fixtures.placements(c.hex()).stream()
                    .map(
                        p ->
                            DynamicTest.dynamicTest(
                                c.type() + " " + c.hex() + " at +" + p.valueOffset(),
                                () -> {
                                  Variant v = p.v();
                                  new Model.Scalar(c.type(), c.value()).assertMatches(v);
                                  assertEquals(
                                      c.hex().replace(" ", "").length() / 2, v.valueSize());
                                  v.validate();
                                })));
  }

  @Test
  void casesCoverEveryPrimitiveTypeId() {
    Set<VariantType> covered = EnumSet.noneOf(VariantType.class);
    CASES.forEach(c -> covered.add(c.type()));
    for (VariantType t : VariantType.values()) {
      assertTrue(!t.isPrimitive() || covered.contains(t), "no golden case for " + t);
    }
  }

  @Test
  void headerBytesMatchTheSpecTable() {
    // spec: VariantEncoding §Encoding types, typed by hand: header byte of ids 0-20
    int[] expected = {
      0x00, 0x04, 0x08, 0x0C, 0x10, 0x14, 0x18, 0x1C, 0x20, 0x24, 0x28, 0x2C, 0x30, 0x34, 0x38,
      0x3C, 0x40, 0x44, 0x48, 0x4C, 0x50
    };
    List<VariantType> primitives = new ArrayList<>();
    for (VariantType t : VariantType.values()) {
      if (t.isPrimitive()) {
        primitives.add(t);
      }
    }
    assertEquals(expected.length, primitives.size());
    for (int id = 0; id < expected.length; id++) {
      VariantType t = VariantType.ofPrimitiveId(id, 0);
      assertEquals(id, t.primitiveId());
      assertEquals(expected[id], t.headerByte(), t.name());
    }
  }

  @Test
  void javaTimeGettersConvertTheRawUnits() {
    assertEquals(
        LocalDate.of(2025, 4, 16), Fixtures.placements("2C E2 4E 00 00").get(1).v().dateValue());
    assertEquals(
        LocalDate.of(1969, 12, 31), Fixtures.placements("2C FF FF FF FF").get(1).v().dateValue());
    assertEquals(
        Instant.parse("2025-04-16T16:34:56.78Z"),
        Fixtures.placements("30 E0 52 97 DD E7 32 06 00").get(1).v().instantValue());
    assertEquals(
        Instant.parse("1969-12-31T23:59:59.999999Z"),
        Fixtures.placements("30 FF FF FF FF FF FF FF FF").get(1).v().instantValue());
    assertEquals(
        LocalDateTime.parse("2025-04-16T12:34:56.78"),
        Fixtures.placements("34 E0 C2 48 83 E4 32 06 00").get(1).v().localDateTimeValue());
    assertEquals(
        Instant.parse("2024-11-07T12:33:54.123456789Z"),
        Fixtures.placements("48 15 41 3A 6C B7 AF 05 18").get(1).v().instantValue());
    assertEquals(
        LocalDateTime.parse("2024-11-07T12:33:54.123456789"),
        Fixtures.placements("4C 15 41 3A 6C B7 AF 05 18").get(1).v().localDateTimeValue());
    assertEquals(
        LocalTime.parse("12:33:54.123456"),
        Fixtures.placements("44 C0 F2 29 88 0A 00 00 00").get(1).v().timeValue());
  }

  @Test
  void bufferViewsCoverExactlyThePayload() {
    Variant s = Fixtures.placements("40 03 00 00 00 61 62 63").get(1).v();
    assertEquals("abc", StandardCharsets.UTF_8.decode(s.stringUtf8()).toString());
    assertFalse(s.isShortString());
    assertTrue(Fixtures.placements("05 78").get(1).v().isShortString());
    Variant b = Fixtures.placements("3C 03 00 00 00 01 02 03").get(1).v();
    assertEquals(3, b.binaryBuffer().remaining());
    assertArrayEquals(new byte[] {0x3C, 3, 0, 0, 0, 1, 2, 3}, b.valueBytes());
    assertTrue(b.valueBuffer().isReadOnly());
    byte[] dest = new byte[10];
    assertEquals(8, b.copyValueTo(dest, 2));
    assertEquals(0x3C, dest[2]);
  }

  private record WrongAccessor(
      String valueHex, String accessor, Function<Variant, Object> call, String fragment) {}

  @TestFactory
  Stream<DynamicTest> wrongAccessorThrowsTypeException() {
    List<WrongAccessor> cases =
        List.of(
            new WrongAccessor(
                "05 78", "longValue", Variant::longValue, "Cannot read long: value is STRING"),
            new WrongAccessor(
                "38 00 00 C0 3F",
                "doubleValue",
                Variant::doubleValue,
                "Cannot read double: value is FLOAT"),
            new WrongAccessor(
                "1C 00 00 00 00 00 00 F8 3F",
                "floatValue",
                Variant::floatValue,
                "Cannot read float: value is DOUBLE"),
            new WrongAccessor(
                "00", "booleanValue", Variant::booleanValue, "Cannot read boolean: value is NULL"),
            new WrongAccessor(
                "1C 00 00 00 00 00 00 F8 3F",
                "decimalValue",
                Variant::decimalValue,
                "Cannot read decimal: value is DOUBLE"),
            new WrongAccessor(
                "3C 00 00 00 00", "stringValue", Variant::stringValue, "value is BINARY"),
            new WrongAccessor("05 78", "binaryValue", Variant::binaryValue, "value is STRING"),
            new WrongAccessor(
                "34 E0 C2 48 83 E4 32 06 00",
                "instantValue",
                Variant::instantValue,
                "Cannot read instant: value is TIMESTAMP_NTZ_MICROS"),
            new WrongAccessor(
                "30 E0 52 97 DD E7 32 06 00",
                "localDateTimeValue",
                Variant::localDateTimeValue,
                "value is TIMESTAMP_MICROS"),
            new WrongAccessor(
                "30 E0 52 97 DD E7 32 06 00",
                "timeValue",
                Variant::timeValue,
                "Cannot read time: value is TIMESTAMP_MICROS"),
            new WrongAccessor(
                "30 E0 52 97 DD E7 32 06 00", "epochDay", Variant::epochDay, "Cannot read date"),
            new WrongAccessor(
                "2C E2 4E 00 00", "temporalValue", Variant::temporalValue, "value is DATE"),
            new WrongAccessor(
                "05 78", "uuidValue", Variant::uuidValue, "Cannot read uuid: value is STRING"),
            new WrongAccessor(
                "0C 2A",
                "fieldCount",
                Variant::fieldCount,
                "Cannot read fields: value is INT8, not an object"),
            new WrongAccessor(
                "02 00 00",
                "size",
                Variant::size,
                "Cannot read elements: value is OBJECT, not an array"),
            new WrongAccessor("03 00 00", "field", v -> v.field("a"), "not an object"),
            new WrongAccessor("0C 2A", "element", v -> v.element(0), "not an array"));
    return cases.stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    c.accessor() + " on " + c.valueHex(),
                    () -> {
                      for (Fixtures.Placed p : Fixtures.placements(c.valueHex())) {
                        var e =
                            assertThrows(VariantTypeException.class, () -> c.call().apply(p.v()));
                        assertTrue(e.getMessage().contains(c.fragment()), e.getMessage());
                      }
                    }));
  }

  @Test
  void integerWidthsAndDecimalsAllReadAsDecimalValue() {
    assertEquals(new BigDecimal("42"), Fixtures.placements("0C 2A").get(1).v().decimalValue());
    assertEquals(
        -32768L, Fixtures.placements("10 00 80").get(1).v().decimalValue().longValueExact());
  }
}
