// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Logical vs physical equality (spec: VariantEncoding §Encoding types, Equivalence Class column) on
 * hand-written encodings, and hash consistency.
 */
class VariantEqualityTest {
  private static Variant v(String valueHex) {
    return Variant.of(Hex.bytes("01 00 00"), Hex.bytes(valueHex));
  }

  private static Variant build(Consumer<VariantBuilder> body) {
    VariantBuilder b = new VariantBuilder();
    body.accept(b);
    return b.build();
  }

  /** {"k": value} with an int8 value. */
  private static Variant object(String k, long value) {
    return build(b -> b.startObject().key(k).appendLong(value).endObject());
  }

  /**
   * {"a": 1, "b": "x"} with its fields listed b first: out of key order, as other engines write.
   */
  private static Variant outOfOrder(char b) {
    String text = String.format("%02X", (int) b);
    return Variant.of(
        Hex.bytes("01 02 00 01 02 62 61"), // unsorted dictionary ["b", "a"]
        Hex.bytes(
            "02 02 00 01" // object, 2 fields, ids 0 ("b") then 1 ("a")
                + " 00 02 04" // offsets: "b" at 0, "a" at 2, end 4
                + " 05 " // short string of one byte
                + text
                + " 0C 01")); // int8 1
  }

  private static void assertLogicalOnly(Variant a, Variant b) {
    assertTrue(VariantEquality.logical(a, b));
    assertTrue(VariantEquality.logical(b, a));
    assertFalse(VariantEquality.physical(a, b));
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
  }

  private static void assertPhysical(Variant a, Variant b) {
    assertTrue(VariantEquality.physical(a, b));
    assertTrue(VariantEquality.physical(b, a));
    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
  }

  private static void assertUnequal(Variant a, Variant b) {
    assertFalse(VariantEquality.logical(a, b));
    assertFalse(VariantEquality.physical(a, b));
    assertNotEquals(a, b);
  }

  @Test
  void exactNumericsCompareByValueAcrossWidths() {
    Variant int8One = v("0C 01");
    assertLogicalOnly(
        int8One, v("28 02 64 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")); // decimal16 1.00
    assertLogicalOnly(int8One, v("18 01 00 00 00 00 00 00 00")); // int64 1
    assertLogicalOnly(v("20 01 0F 00 00 00"), v("24 02 96 00 00 00 00 00 00 00")); // 1.5 vs 1.50
    assertLogicalOnly(v("0C 00"), v("20 05 00 00 00 00")); // 0 vs 0.00000
    assertUnequal(int8One, v("0C 02"));
  }

  @Test
  void floatAndDoubleAreDifferentClassesAndNeitherIsExactNumeric() {
    Variant doubleOne = v("1C 00 00 00 00 00 00 F0 3F");
    Variant floatOne = v("38 00 00 80 3F");
    assertUnequal(doubleOne, floatOne);
    assertUnequal(doubleOne, v("0C 01"));
    assertUnequal(floatOne, v("0C 01"));
  }

  @Test
  void negativeZeroDiffersAndNanEqualsNan() {
    assertUnequal(v("1C 00 00 00 00 00 00 00 80"), v("1C 00 00 00 00 00 00 00 00"));
    assertUnequal(v("38 00 00 00 80"), v("38 00 00 00 00"));
    assertPhysical(
        v("1C 00 00 00 00 00 00 F8 7F"), v("1C 01 00 00 00 00 00 F8 7F")); // two NaN payloads
    assertPhysical(v("38 00 00 C0 7F"), v("38 01 00 C0 7F"));
  }

  @Test
  void shortAndLongStringsArePhysicallyEqual() {
    assertPhysical(v("0D 61 62 63"), v("40 03 00 00 00 61 62 63"));
    assertUnequal(v("0D 61 62 63"), v("0D 61 62 64"));
    assertUnequal(v("0D 61 62 63"), v("3C 03 00 00 00 61 62 63")); // binary is another class
  }

  @Test
  void timestampsCompareByInstantAcrossUnits() {
    Variant micros = v("30 01 00 00 00 00 00 00 00"); // 1 µs
    Variant nanos = v("48 E8 03 00 00 00 00 00 00"); // 1000 ns
    assertLogicalOnly(micros, nanos);
    assertLogicalOnly(v("34 01 00 00 00 00 00 00 00"), v("4C E8 03 00 00 00 00 00 00")); // NTZ
    assertUnequal(micros, v("48 E9 03 00 00 00 00 00 00")); // 1001 ns
    assertUnequal(micros, v("34 01 00 00 00 00 00 00 00")); // with vs without time zone
    // micros * 1000 overflows a long here; equality must not wrap around
    assertUnequal(
        v("30 FF FF FF FF FF FF FF 7F"), v("48 18 FC FF FF FF FF FF FF")); // MAX µs vs -1000 ns
  }

  @Test
  void othersCompareByValue() {
    assertPhysical(v("00"), v("00"));
    assertUnequal(v("04"), v("08"));
    assertUnequal(v("2C 01 00 00 00"), v("2C 02 00 00 00"));
    assertUnequal(
        v("44 01 00 00 00 00 00 00 00"), v("30 01 00 00 00 00 00 00 00")); // time vs timestamp
    assertPhysical(v("3C 01 00 00 00 AA"), v("3C 01 00 00 00 AA"));
    assertUnequal(
        v("50 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01"),
        v("50 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02"));
    assertUnequal(v("00"), v("02 00 00"));
  }

  @Test
  void objectsCompareAsMapsWhateverTheLayoutAndDictionary() {
    // {"a":1,"b":"x"}: canonical, then with values laid out b-first over an unsorted dictionary
    // ["b","a"]
    Variant canonical =
        Variant.of(
            Hex.bytes("11 02 00 01 02 61 62"), Hex.bytes("02 02 00 01 00 02 04 0C 01 05 78"));
    Variant shuffled =
        Variant.of(
            Hex.bytes("01 02 00 01 02 62 61"), Hex.bytes("02 02 01 00 02 00 04 05 78 0C 01"));
    assertPhysical(canonical, shuffled);
    Variant int16 =
        Variant.of(
            Hex.bytes("11 02 00 01 02 61 62"), Hex.bytes("02 02 00 01 00 03 05 10 01 00 05 78"));
    assertLogicalOnly(canonical, int16); // "a" is int16 1 here
    Variant fewer = Variant.of(Hex.bytes("11 01 00 01 61"), Hex.bytes("02 01 00 00 02 0C 01"));
    assertUnequal(canonical, fewer);
  }

  @Test
  void arraysCompareElementByElement() {
    assertPhysical(
        v("03 02 00 02 03 0C 01 00"), v("07 02 0000 0200 0300 0C 01 00")); // widths differ
    assertUnequal(v("03 02 00 02 03 0C 01 00"), v("03 02 00 01 03 00 0C 01")); // order differs
    assertLogicalOnly(v("03 01 00 02 0C 01"), v("03 01 00 03 10 01 00"));
  }

  @Test
  void objectsDifferingInOneKeyNameAreUnequal() {
    assertUnequal(object("a", 1), object("b", 1)); // both in key order: keys pair up by index
    assertUnequal(
        build(b -> b.startObject().key("a").appendLong(1).key("b").appendLong(2).endObject()),
        build(b -> b.startObject().key("a").appendLong(1).key("c").appendLong(2).endObject()));
    Variant ac =
        build(b -> b.startObject().key("a").appendLong(1).key("c").appendString("x").endObject());
    assertUnequal(outOfOrder('x'), ac); // one out of key order: keys pair up by name
    assertUnequal(ac, outOfOrder('x'));
  }

  @Test
  void anObjectThatRepeatsAKeyIsMalformedNotEqual() {
    // {"x":1,"x":1} over the unsorted dictionary ["x","x"]: both fields paired with b's "x", so
    // b's "y" was never compared and the two equal one way round only
    Variant repeats =
        Variant.of(
            Hex.bytes("01 02 00 01 02 78 78"), Hex.bytes("02 02 00 01 00 02 04 0C 01 0C 01"));
    Variant other =
        Variant.of(
            Hex.bytes("01 02 00 01 02 78 79"), Hex.bytes("02 02 00 01 00 02 04 0C 01 0C 07"));
    assertThrows(VariantFormatException.class, () -> VariantEquality.logical(repeats, other));
    assertFalse(VariantEquality.logical(other, repeats)); // "y" is not among its keys
  }

  @Test
  void objectsOutOfKeyOrderEqualTheSameMapInOrder() {
    Variant sorted =
        build(b -> b.startObject().key("a").appendLong(1).key("b").appendString("x").endObject());
    assertPhysical(outOfOrder('x'), sorted);
    assertPhysical(outOfOrder('x'), outOfOrder('x'));
    assertUnequal(outOfOrder('x'), outOfOrder('y')); // paired by name, then values compared
    assertUnequal(
        outOfOrder('x'),
        build(b -> b.startObject().key("a").appendLong(1).key("b").appendString("y").endObject()));
    assertUnequal(
        outOfOrder('x'),
        build(b -> b.startObject().key("a").appendLong(2).key("b").appendString("x").endObject()));
  }

  @Test
  void objectsDifferingInOneValueOrTypeAreUnequal() {
    assertUnequal(object("a", 1), object("a", 2));
    assertUnequal(
        object("a", 1), build(b -> b.startObject().key("a").appendString("1").endObject()));
    assertUnequal(
        build(b -> b.startObject().key("a").startObject().endObject().endObject()),
        build(b -> b.startObject().key("a").startArray().endArray().endObject()));
    assertUnequal(build(b -> b.startObject().endObject()), build(b -> b.startArray().endArray()));
    assertPhysical(
        build(b -> b.startObject().endObject()), build(b -> b.startObject().endObject()));
    assertLogicalOnly(
        object("a", 1),
        build(b -> b.startObject().key("a").appendInteger(VariantType.INT16, 1).endObject()));
    assertLogicalOnly(
        build(b -> b.startArray().appendLong(1).endArray()),
        build(b -> b.startArray().appendInteger(VariantType.INT32, 1).endArray()));
  }

  @Test
  void differencesAreFoundAtAnyDepthAndAfterANestedContainer() {
    assertUnequal(nested(1, 2), nested(2, 2)); // deep inside
    assertUnequal(nested(1, 2), nested(1, 3)); // in the parent, after the nested object closed
    assertPhysical(nested(1, 2), nested(1, 2));
    assertUnequal(
        build(b -> b.startArray().startArray().appendLong(1).endArray().appendLong(2).endArray()),
        build(b -> b.startArray().startArray().appendLong(1).endArray().appendLong(3).endArray()));
    assertUnequal(
        build(b -> b.startArray().appendLong(1).endArray()),
        build(b -> b.startArray().appendLong(1).appendLong(1).endArray()));
  }

  /** {"a": {"b": {"c": deep}}, "d": shallow}. */
  private static Variant nested(long deep, long shallow) {
    return build(
        b ->
            b.startObject()
                .key("a")
                .startObject()
                .key("b")
                .startObject()
                .key("c")
                .appendLong(deep)
                .endObject()
                .endObject()
                .key("d")
                .appendLong(shallow)
                .endObject());
  }

  @Test
  void depthLimitCountsNestingNotSiblings() {
    Limits two = Limits.defaults().withMaxDepth(2);
    // [[1], [2], [3], [4]]: four siblings at depth 1, their elements at depth 2
    Variant wide =
        build(
            b -> {
              b.startArray();
              for (int i = 1; i <= 4; i++) {
                b.startArray().appendLong(i).endArray();
              }
              b.endArray();
            });
    assertTrue(VariantEquality.logical(wide, wide, two));
    assertTrue(VariantEquality.physical(wide, wide, two));
    VariantEquality.logicalHash(wide, two);
    Variant deep =
        build(
            b ->
                b.startArray()
                    .startArray()
                    .startArray()
                    .appendLong(1)
                    .endArray()
                    .endArray()
                    .endArray());
    assertThrows(VariantLimitException.class, () -> VariantEquality.logical(deep, deep, two));
    assertThrows(VariantLimitException.class, () -> VariantEquality.physical(deep, deep, two));
    assertThrows(VariantLimitException.class, () -> VariantEquality.logicalHash(deep, two));
  }

  @Test
  void hashesTellNeighbouringValuesApart() {
    // Not required by the contract, but a hash that ignores a key, a field or a low bit puts
    // every such pair in one bucket.
    Variant[][] pairs = {
      {object("a", 1), object("b", 1)},
      {v("0C 01"), v("0C 02")},
      {v("04"), v("08")}, // true, false
      {
        build(b -> b.startObject().key("a").appendLong(1).key("b").appendLong(2).endObject()),
        build(b -> b.startObject().key("a").appendLong(5).key("b").appendLong(2).endObject())
      },
      {
        build(b -> b.startArray().appendLong(1).appendLong(2).endArray()),
        build(b -> b.startArray().appendLong(5).appendLong(2).endArray())
      },
      {build(b -> b.startArray().endArray()), build(b -> b.startObject().endObject())},
      {v("38 00 00 80 3F"), v("38 01 00 80 3F")}, // float 1.0 and the next float up
      {v("1C 00 00 00 00 00 00 F0 3F"), v("1C 01 00 00 00 00 00 F0 3F")}, // double likewise
      {v("48 01 00 00 00 00 00 00 00"), v("48 E8 03 00 00 00 00 00 00")}, // 1 ns, 1000 ns
      {v("44 01 00 00 00 00 00 00 00"), v("44 02 00 00 00 00 00 00 00")}, // time 1 µs, 2 µs
      {v("3C 01 00 00 00 00"), v("3C 01 00 00 00 01")}, // binary 00, 01
      {v("2C 01 00 00 00"), v("2C 02 00 00 00")}, // dates
      {v("0D 61 62 63"), v("0D 61 62 64")},
    };
    for (Variant[] p : pairs) {
      assertNotEquals(p[0].hashCode(), p[1].hashCode(), p[0] + " vs " + p[1]);
    }
  }
}
