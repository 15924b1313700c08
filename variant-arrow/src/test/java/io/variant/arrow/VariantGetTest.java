// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.shredding.ShreddingPlan;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/** The casts of {@link VariantGet}, one behaviour each, on unshredded and shredded columns. */
class VariantGetTest {
  private static final ArrowType INT32 = new ArrowType.Int(32, true);
  private static final ArrowType INT64 = new ArrowType.Int(64, true);

  /** The values of {@code $.a} of the JSON rows (null: SQL NULL) cast to {@code type}. */
  private static List<Object> get(ArrowType type, CastMode mode, String plan, String... json) {
    List<Variant> rows = new ArrayList<>();
    for (String j : json) {
      rows.add(j == null ? null : VariantJson.parse(j));
    }
    return get(type, mode, plan, rows);
  }

  /**
   * The values of {@code $.a} of {@code rows} cast to {@code type}, as text, from the unshredded
   * column; the column shredded by {@code plan} must give the same.
   */
  static List<Object> get(ArrowType type, CastMode mode, String plan, List<Variant> rows) {
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = Columns.unshredded(rows, allocator);
        VariantVector shredded = Shred.shred(column, ShreddingPlan.parse(plan));
        FieldVector a = VariantGet.variantGet(column, VariantPath.parse("$.a"), type, mode);
        FieldVector b = VariantGet.variantGet(shredded, VariantPath.parse("$.a"), type, mode)) {
      List<Object> values = new ArrayList<>();
      for (int row = 0; row < rows.size(); row++) {
        Object o = a.getObject(row);
        assertEquals(String.valueOf(o), String.valueOf(b.getObject(row)), "shredded, row " + row);
        values.add(o == null ? null : o.toString());
      }
      return values;
    }
  }

  private static VariantVector column(RootAllocator allocator, String... json) {
    List<Variant> rows = new ArrayList<>();
    for (String j : json) {
      rows.add(j == null ? null : VariantJson.parse(j));
    }
    return Columns.unshredded(rows, allocator);
  }

  @Test
  void typedColumnOfTheRequestedTypeIsCopiedAndResidualsAreCast() {
    assertEquals(
        Arrays.asList("1", "12", null, null, null),
        get(
            INT64,
            CastMode.LENIENT,
            "{\"a\": int64}",
            "{\"a\": 1}",
            "{\"a\": \"12\"}",
            "{\"b\": 2}",
            "{\"a\": null}",
            null));
  }

  @Test
  void fractionIsACastFailureNotATruncation() {
    assertEquals(
        Arrays.asList("2", null),
        get(INT32, CastMode.LENIENT, "{\"a\": decimal(9,1)}", "{\"a\": 2.0}", "{\"a\": 1.5}"));
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = column(allocator, "{\"a\": 2.0}", "{\"a\": 1.5}")) {
      var e =
          assertThrows(
              VariantVectorException.class,
              () ->
                  VariantGet.variantGet(column, VariantPath.parse("$.a"), INT32, CastMode.STRICT));
      assertEquals(1, e.row());
      assertTrue(e.getMessage().contains("Cannot cast to Int(32, true) at row 1"), e.getMessage());
    }
  }

  @Test
  void outOfRangeIntegerFails() {
    assertEquals(
        Arrays.asList("127", null),
        get(
            new ArrowType.Int(8, true),
            CastMode.LENIENT,
            "{\"a\": int16}",
            "{\"a\": 127}",
            "{\"a\": 128}"));
  }

  @Test
  void variantNullIsSqlNullEvenWhenStrict() {
    assertEquals(
        Arrays.asList((Object) null),
        get(INT32, CastMode.STRICT, "{\"a\": int32}", "{\"a\": null}"));
  }

  @Test
  void stringOfANonStringIsItsJson() {
    assertEquals(
        Arrays.asList("{\"b\":[1,true]}", "x", "2.50"),
        get(
            ArrowType.Utf8.INSTANCE,
            CastMode.STRICT,
            "{\"a\": {\"b\": [int8]}}",
            "{\"a\": {\"b\": [1, true]}}",
            "{\"a\": \"x\"}",
            "{\"a\": 2.50}"));
  }

  @Test
  void decimalRoundsHalfUpAndFailsAbovePrecision() {
    assertEquals(
        Arrays.asList(new BigDecimal("1.3").toString(), null),
        get(
            new ArrowType.Decimal(5, 1, 128),
            CastMode.LENIENT,
            "{\"a\": decimal(9,2)}",
            "{\"a\": 1.25}",
            "{\"a\": 12345.6}"));
  }

  @Test
  void unsupportedTypeIsRejectedBeforeAnyRow() {
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = column(allocator, "{\"a\": 1}")) {
      var e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  VariantGet.variantGet(
                      column,
                      VariantPath.parse("$.a"),
                      new ArrowType.Int(32, false),
                      CastMode.LENIENT));
      assertTrue(
          e.getMessage().startsWith("Cannot get a Variant path as Int(32, false)"), e.getMessage());
    }
  }
}
