// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Objects whose fields are not in the spec's key order, as DuckDB 2.0 (insertion order) and Spark
 * 4.2 (UTF-16 code-unit order) write them, read exactly like spec-ordered ones; only {@link
 * KeyOrder#SPEC} validation tells them apart, and duplicates are rejected either way.
 */
class KeyOrderTest {
  // DuckDB's {"b":1,"a":2}: dictionary in insertion order ["b", "a"], fields b (id 0) then a (id 1)
  private static final Variant DUCKDB_B1_A2 =
      Variant.of(Hex.bytes("01 02 00 01 02 62 61"), Hex.bytes("02 02 00 01 00 02 04 0C 01 0C 02"));
  // Spark's {"！":1,"😀":2}: UTF-16 order puts U+FF01 (EF BC 81) before U+1F600 (F0 9F 98 80), as
  // UTF-8 does;
  // and {"\uE000":1, "😀":2} in UTF-16 order lists 😀 (D83D) before U+E000, against UTF-8 order.
  private static final Variant SPARK_EMOJI_FIRST =
      Variant.of(
          Hex.bytes("01 02 00 04 07 F0 9F 98 80 EE 80 80"),
          Hex.bytes("02 02 00 01 00 02 04 0C 02 0C 01"));

  @Test
  void insertionOrderReadsExactly() {
    Variant v = DUCKDB_B1_A2;
    v.validate();
    assertEquals(2, v.field("a").longValue()); // the binary search alone would miss it
    assertEquals(1, v.field("b").longValue());
    assertNull(v.field("c"));
    assertNull(v.field(""));
    assertEquals(1, v.fieldIndex("a"));
    assertEquals(2, VariantPath.parse("$.a").extract(v).longValue());
    assertEquals(
        "{\"a\":2,\"b\":1}", VariantJson.toJson(v)); // rendered in key order, whoever wrote it
    Variant canonical = VariantJson.parse("{\"a\":2,\"b\":1}");
    assertEquals(canonical, v);
    assertEquals(v, canonical);
    assertEquals(canonical.hashCode(), v.hashCode());
    assertArrayEquals(canonical.valueBytes(), VariantBuilder.canonicalize(v).valueBytes());
    byte[][] names = {
      "a".getBytes(StandardCharsets.UTF_8),
      "b".getBytes(StandardCharsets.UTF_8),
      "c".getBytes(StandardCharsets.UTF_8)
    };
    int[] indexes = new int[3];
    assertEquals(2, v.fieldIndexes(names, indexes));
    assertArrayEquals(new int[] {1, 0, -1}, indexes);
    var e = assertThrows(VariantFormatException.class, () -> v.validate(KeyOrder.SPEC));
    assertTrue(e.getMessage().contains("object keys out of order at \"a\""), e.getMessage());
  }

  @Test
  void utf16OrderReadsExactly() {
    Variant v = SPARK_EMOJI_FIRST;
    v.validate();
    assertEquals(1, v.field("\uE000").longValue());
    assertEquals(2, v.field("\uD83D\uDE00").longValue());
    assertEquals("{\"\uE000\":1,\"\uD83D\uDE00\":2}", VariantJson.toJson(v));
    assertEquals(VariantJson.parse("{\"\uD83D\uDE00\":2,\"\uE000\":1}"), v);
    var e = assertThrows(VariantFormatException.class, () -> v.validate(KeyOrder.SPEC));
    assertTrue(e.getMessage().contains("\"\\uE000\""), "U+E000 is escaped: " + e.getMessage());
  }

  @Test
  void duplicatesAreRejectedInAnyOrder() {
    // ["b", "a"]; fields b, a, b
    Variant v =
        Variant.of(
            Hex.bytes("01 02 00 01 02 62 61"), Hex.bytes("02 03 00 01 00 00 01 02 03 00 00 00"));
    for (KeyOrder order : KeyOrder.values()) {
      var e = assertThrows(VariantFormatException.class, () -> v.validate(order));
      assertTrue(e.getMessage().contains("duplicate key \"b\""), e.getMessage());
    }
  }

  @Test
  void toSpecOrderKeepsBuiltValuesAndSortsForeignOnes() {
    Variant built = VariantJson.parse("{\"b\":[{\"y\":1,\"x\":2}],\"a\":1}");
    assertSame(built, KeyOrder.toSpecOrder(built));
    Variant sorted = KeyOrder.toSpecOrder(DUCKDB_B1_A2);
    assertSame(sorted, sorted.validate(KeyOrder.SPEC));
    assertEquals(DUCKDB_B1_A2, sorted);
    // a foreign value already in order is kept as it is
    Variant inOrder =
        Variant.of(
            Hex.bytes("01 02 00 01 02 61 62"), Hex.bytes("02 02 00 01 00 02 04 0C 01 0C 02"));
    assertSame(inOrder, KeyOrder.toSpecOrder(inOrder));
  }

  @Test
  void toSpecOrderKeepsABuiltValueNestedPastTheDefaultDepth() {
    // a builder's value is known to be in order: kept without a walk, which would stop at the
    // default depth limit
    int depth = Limits.defaults().maxDepth() + 5;
    VariantBuilder b =
        new VariantBuilder(
            BuilderOptions.defaults()
                .withLimits(new Limits(depth, Limits.defaults().maxValueBytes())));
    for (int i = 0; i < depth; i++) {
      b.startArray();
    }
    b.appendLong(1);
    for (int i = 0; i < depth; i++) {
      b.endArray();
    }
    Variant deep = b.build();
    assertSame(deep, KeyOrder.toSpecOrder(deep));
    // the same bytes from elsewhere are walked, and the walk keeps the default limit
    Variant foreign = Variant.of(deep.metadataBytes(), deep.valueBytes());
    assertThrows(VariantLimitException.class, () -> KeyOrder.toSpecOrder(foreign));
  }

  @Test
  void toSpecOrderChecksSharedSubValuesOnce() {
    // In order: 2^60 leaves behind a few hundred bytes, and the check visits each array once.
    Variant sorted =
        sharedOffsets(Hex.bytes("02 02 01 00 00 02 04 0C 02 0C 01"), 60); // {"a":2,"b":1}
    assertSame(sorted, KeyOrder.toSpecOrder(sorted));
    // Out of order: re-encoding would expand it, which the builder's budget refuses.
    Variant unsorted =
        sharedOffsets(Hex.bytes("02 02 00 01 00 02 04 0C 01 0C 02"), 60); // {"b":1,"a":2}
    var e = assertThrows(VariantLimitException.class, () -> KeyOrder.toSpecOrder(unsorted));
    assertTrue(e.getMessage().contains("expands"), e.getMessage());
  }

  /**
   * {@code levels} nested arrays [x, x] whose two offsets point at the same child; innermost {@code
   * object} over ["b", "a"].
   */
  private static Variant sharedOffsets(byte[] object, int levels) {
    byte[] value = object;
    for (int i = 0; i < levels; i++) {
      int n = value.length;
      byte[] next = new byte[8 + n]; // header, count, three 2-byte offsets, the shared child
      next[0] = 0x07; // array, 2-byte offsets
      next[1] = 2; // elements 0 and 1 both at offset 0
      next[6] = (byte) n;
      next[7] = (byte) (n >>> 8);
      System.arraycopy(value, 0, next, 8, n);
      value = next;
    }
    return Variant.of(Hex.bytes("01 02 00 01 02 62 61"), value);
  }

  @Test
  void errorMessagesEscapeWhatATerminalCannotShow() {
    assertEquals(
        "\"a\\u0001\\uE000\\u200B \\\"é😀\"", FieldLookup.quoted("a\u0001\uE000\u200B \"é😀"));
    assertEquals("\"\\uD800\"", FieldLookup.quoted("\uD800")); // a lone surrogate
  }

  @Test
  void foreignKeyOrderReadsLikeSpecOrder() {
    Trials.run(
        "foreignKeyOrderReadsLikeSpecOrder",
        rnd -> {
          Variant v = Gen.variant(rnd);
          Variant f = Gen.foreignKeyOrder(rnd, v);
          f.validate();
          assertEquals(v, f);
          assertEquals(f, v);
          assertEquals(v.hashCode(), f.hashCode());
          assertEquals(VariantJson.toJson(v), VariantJson.toJson(f));
          assertArrayEquals(
              VariantBuilder.canonicalize(v).valueBytes(),
              VariantBuilder.canonicalize(f).valueBytes());
          Variant ordered = KeyOrder.toSpecOrder(f);
          ordered.validate(KeyOrder.SPEC);
          assertEquals(v, ordered);
          assertSameLookups(v, f, rnd);
        });
  }

  /**
   * Every key of every object of {@code expected} is found in {@code actual} with an equal value;
   * others are absent.
   */
  private static void assertSameLookups(Variant expected, Variant actual, java.util.Random rnd) {
    if (expected.isObject()) {
      List<byte[]> names = new ArrayList<>();
      for (int i = 0; i < expected.fieldCount(); i++) {
        String k = expected.fieldName(i);
        names.add(k.getBytes(StandardCharsets.UTF_8));
        Variant a = actual.field(k);
        assertEquals(expected.fieldValue(i), a, k);
        assertEquals(k, actual.fieldName(actual.fieldIndex(k)));
        assertSameLookups(expected.fieldValue(i), a, rnd);
      }
      assertNull(actual.field(Gen.key(rnd) + "\u0000absent"));
      names.add(new byte[] {(byte) 0xFF}); // sorts after every UTF-8 key
      int[] indexes = new int[names.size()];
      assertEquals(
          expected.fieldCount(), actual.fieldIndexes(names.toArray(new byte[0][]), indexes));
      for (int j = 0; j < expected.fieldCount(); j++) {
        assertEquals(expected.fieldName(j), actual.fieldName(indexes[j]));
      }
      assertEquals(-1, indexes[names.size() - 1]);
    } else if (expected.isArray()) {
      for (int i = 0; i < expected.size(); i++) {
        assertSameLookups(expected.element(i), actual.element(i), rnd);
      }
    }
  }
}
