// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import io.variant.testkit.ParquetTesting;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code <name>.metadata} + {@code <name>.value} pair in parquet-testing's {@code variant/}
 * decodes to the value written here by hand ({@code data_dictionary.json} is lossy and not JSON).
 */
class VariantFileConformanceTest {
  private static final String TURTLES =
      " such as \uD83D\uDC22, \uD83D\uDC96, \u2665\uFE0F, \uD83C\uDFA3 and \uD83E\uDD26!!";

  private static final Map<String, Model> EXPECTED = new TreeMap<>();

  static {
    EXPECTED.put("primitive_null", s(VariantType.NULL, null));
    EXPECTED.put("primitive_boolean_true", s(VariantType.BOOLEAN_TRUE, null));
    EXPECTED.put("primitive_boolean_false", s(VariantType.BOOLEAN_FALSE, null));
    EXPECTED.put("primitive_int8", s(VariantType.INT8, 42L));
    EXPECTED.put("primitive_int16", s(VariantType.INT16, 1234L));
    EXPECTED.put("primitive_int32", s(VariantType.INT32, 123456L));
    EXPECTED.put("primitive_int64", s(VariantType.INT64, 1234567890123456789L));
    EXPECTED.put("primitive_double", s(VariantType.DOUBLE, 1234567890.1234));
    EXPECTED.put("primitive_float", s(VariantType.FLOAT, 1234567936f));
    EXPECTED.put("primitive_decimal4", s(VariantType.DECIMAL4, new BigDecimal("12.34")));
    EXPECTED.put("primitive_decimal8", s(VariantType.DECIMAL8, new BigDecimal("12345678.90")));
    EXPECTED.put(
        "primitive_decimal16", s(VariantType.DECIMAL16, new BigDecimal("12345678912345678.90")));
    EXPECTED.put("primitive_date", s(VariantType.DATE, 20194)); // 2025-04-16
    EXPECTED.put(
        "primitive_timestamp",
        s(VariantType.TIMESTAMP_MICROS, 1744821296780000L)); // 2025-04-16T16:34:56.78Z
    EXPECTED.put(
        "primitive_timestampntz",
        s(VariantType.TIMESTAMP_NTZ_MICROS, 1744806896780000L)); // 12:34:56.78
    EXPECTED.put("primitive_time", s(VariantType.TIME_NTZ_MICROS, 45234123456L)); // 12:33:54.123456
    EXPECTED.put("primitive_timestamp_nanos", s(VariantType.TIMESTAMP_NANOS, 1730982834123456789L));
    EXPECTED.put(
        "primitive_timestampntz_nanos", s(VariantType.TIMESTAMP_NTZ_NANOS, 1730982834123456789L));
    EXPECTED.put(
        "primitive_uuid",
        s(VariantType.UUID, UUID.fromString("f24f9b64-81fa-49d1-b74e-8c09a6e31c56")));
    EXPECTED.put(
        "primitive_binary",
        s(
            VariantType.BINARY,
            new byte[] {
              3,
              0x13,
              0x37,
              (byte) 0xDE,
              (byte) 0xAD,
              (byte) 0xBE,
              (byte) 0xEF,
              (byte) 0xCA,
              (byte) 0xFE
            }));
    EXPECTED.put(
        "primitive_string",
        str(
            "This string is longer than 64 bytes and therefore does not fit in a short_string"
                + " and it also includes several non ascii characters"
                + TURTLES));
    EXPECTED.put(
        "long_string",
        str(
            "This string is for sure and certainly longer than 64 bytes"
                + " and it also includes several non ascii characters"
                + TURTLES));
    EXPECTED.put("short_string", str("Less than 64 bytes (\u2764\uFE0F with utf8)"));
    EXPECTED.put("object_empty", obj());
    EXPECTED.put("array_empty", arr());
    EXPECTED.put("array_primitive", arr(i8(2), i8(1), i8(5), i8(9)));
    EXPECTED.put(
        "object_primitive",
        obj(
            "boolean_false_field", s(VariantType.BOOLEAN_FALSE, null),
            "boolean_true_field", s(VariantType.BOOLEAN_TRUE, null),
            "double_field",
                s(
                    VariantType.DECIMAL4,
                    new BigDecimal("1.23456789")), // Spark parsed it as a decimal
            "int_field", i8(1),
            "null_field", s(VariantType.NULL, null),
            "string_field", str("Apache Parquet"),
            "timestamp_field", str("2025-04-16T12:34:56.78"))); // a string, not a timestamp
    EXPECTED.put(
        "object_nested",
        obj(
            "id", i8(1),
            "observation",
                obj(
                    "location", str("In the Volcano"),
                    "time", str("12:34:56"),
                    "value", obj("humidity", s(VariantType.INT16, 456L), "temperature", i8(123))),
            "species",
                obj("name", str("lava monster"), "population", s(VariantType.INT16, 6789L))));
    EXPECTED.put(
        "array_nested",
        arr(
            obj("id", i8(1), "thing", obj("names", arr(str("Contrarian"), str("Spider")))),
            s(VariantType.NULL, null),
            obj(
                "id",
                i8(2),
                "names",
                arr(str("Apple"), str("Ray"), s(VariantType.NULL, null)),
                "type",
                str("if"))));
  }

  private static Model.Scalar s(VariantType t, Object v) {
    return new Model.Scalar(t, v);
  }

  private static Model.Scalar i8(long v) {
    return s(VariantType.INT8, v);
  }

  private static Model.Scalar str(String v) {
    return s(VariantType.STRING, v);
  }

  private static Model.Arr arr(Model... elements) {
    return new Model.Arr(List.of(elements));
  }

  private static Model.Obj obj(Object... keysAndValues) {
    List<Model.Field> fields = new ArrayList<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      fields.add(new Model.Field((String) keysAndValues[i], (Model) keysAndValues[i + 1]));
    }
    return new Model.Obj(fields);
  }

  private static Variant read(String name) throws IOException {
    Path dir = ParquetTesting.dir("variant");
    return Variant.of(
        Files.readAllBytes(dir.resolve(name + ".metadata")),
        Files.readAllBytes(dir.resolve(name + ".value")));
  }

  @TestFactory
  Stream<DynamicTest> everyFileDecodesToItsExpectedValue() {
    ParquetTesting.dir("variant");
    return EXPECTED.entrySet().stream()
        .map(
            e ->
                DynamicTest.dynamicTest(
                    e.getKey(),
                    () -> {
                      Variant v = read(e.getKey());
                      v.validate();
                      e.getValue().assertMatches(v);
                      Random r = new Random(e.getKey().hashCode());
                      e.getValue().assertMatches(Gen.padded(r, v.metadataBytes(), v.valueBytes()));
                      assertTrue(VariantEquality.physical(v, VariantBuilder.canonicalize(v)));
                    }));
  }

  @Test
  void everyFileInTheDirectoryHasAnExpectation() throws IOException {
    TreeSet<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.list(ParquetTesting.dir("variant"))) {
      files
          .map(p -> p.getFileName().toString())
          .filter(f -> f.endsWith(".value"))
          .forEach(f -> names.add(f.substring(0, f.length() - ".value".length())));
    }
    assertEquals(new TreeSet<>(EXPECTED.keySet()), names);
  }

  @Test
  void typedGettersGiveTheDocumentedJavaValues() throws IOException {
    assertEquals(LocalDate.of(2025, 4, 16), read("primitive_date").dateValue());
    assertEquals(
        Instant.parse("2025-04-16T16:34:56.78Z"), read("primitive_timestamp").instantValue());
    assertEquals(
        LocalDateTime.parse("2025-04-16T12:34:56.78"),
        read("primitive_timestampntz").localDateTimeValue());
    assertEquals(LocalTime.parse("12:33:54.123456"), read("primitive_time").timeValue());
    assertEquals(
        Instant.parse("2024-11-07T12:33:54.123456789Z"),
        read("primitive_timestamp_nanos").instantValue());
    assertEquals(
        LocalDateTime.parse("2024-11-07T12:33:54.123456789"),
        read("primitive_timestampntz_nanos").localDateTimeValue());
    assertEquals(1234567890123456789L, read("primitive_int64").decimalValue().longValueExact());
  }

  @Test
  void stringFormsAreAsStoredAndOffsetsOfObjectPrimitiveAreNotMonotonic() throws IOException {
    assertFalse(read("primitive_string").isShortString());
    assertFalse(read("long_string").isShortString());
    assertTrue(read("short_string").isShortString());
    Variant o = read("object_primitive");
    assertFalse(o.metadata().isSorted()); // Spark writes first-seen order
    // Canonical re-encoding lays values out in key order, so its bytes differ but its value does
    // not.
    Variant c = VariantBuilder.canonicalize(o);
    assertFalse(Arrays.equals(o.valueBytes(), c.valueBytes()));
    assertTrue(VariantEquality.physical(o, c));
  }

  @Test
  void canonicalPrimitivesReEncodeToTheSameBytes() throws IOException {
    for (String name : EXPECTED.keySet()) {
      if (name.startsWith("primitive_")
          || name.endsWith("_string")
          || name.equals("array_primitive")
          || name.endsWith("_empty")) {
        Variant v = read(name);
        assertArrayEquals(v.valueBytes(), VariantBuilder.canonicalize(v).valueBytes(), name);
      }
    }
  }
}
