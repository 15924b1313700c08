package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Hex;
import org.junit.jupiter.api.Test;

/** Logical vs physical equality (digest §C) on hand-written encodings, and hash consistency. */
class VariantEqualityTest {
  private static Variant v(String valueHex) {
    return Variant.of(Hex.bytes("01 00 00"), Hex.bytes(valueHex));
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
}
