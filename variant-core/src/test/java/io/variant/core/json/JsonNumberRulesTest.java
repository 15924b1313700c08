// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.testkit.Hex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The JSON number rules {@link VariantJson}'s class comment states (the spec leaves JSON to
 * implementations), one literal per row, with the expected value bytes written by hand
 * (little-endian payloads; decimals are a scale byte then the unscaled value).
 */
class JsonNumberRulesTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      # literal             | type      | value bytes
      0                     | INT8      | 0C 00
      -0                    | INT8      | 0C 00
      127                   | INT8      | 0C 7F
      -128                  | INT8      | 0C 80
      128                   | INT16     | 10 80 00
      -129                  | INT16     | 10 7F FF
      32767                 | INT16     | 10 FF 7F
      -32768                | INT16     | 10 00 80
      32768                 | INT32     | 14 00 80 00 00
      -32769                | INT32     | 14 FF 7F FF FF
      2147483647            | INT32     | 14 FF FF FF 7F
      -2147483648           | INT32     | 14 00 00 00 80
      2147483648            | INT64     | 18 00 00 00 80 00 00 00 00
      -2147483649           | INT64     | 18 FF FF FF 7F FF FF FF FF
      9223372036854775807   | INT64     | 18 FF FF FF FF FF FF FF 7F
      -9223372036854775808  | INT64     | 18 00 00 00 00 00 00 00 80
      # beyond int64: decimal16 with scale 0 (2^63, then -(2^63 + 1) in 128-bit two's complement)
      9223372036854775808   | DECIMAL16 | 28 00 00 00 00 00 00 00 00 80 00 00 00 00 00 00 00 00
      -9223372036854775809  | DECIMAL16 | 28 00 FF FF FF FF FF FF FF 7F FF FF FF FF FF FF FF FF
      # 10^38 - 1: the largest 38-digit integer
      99999999999999999999999999999999999999 | DECIMAL16 | 28 00 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B
      # 10^38 has 39 digits: a double, 1.0E38 = 0x47D2CED32A16A1B1
      100000000000000000000000000000000000000 | DOUBLE | 1C B1 A1 16 2A D3 CE D2 47
      # fraction without exponent: the smallest decimal for max(precision, scale)
      1.0                   | DECIMAL4  | 20 01 0A 00 00 00
      1.50                  | DECIMAL4  | 20 02 96 00 00 00
      # a negative zero with a fraction or exponent: the double -0.0 (0x8000000000000000), which
      # keeps the sign a decimal cannot
      -0.0                  | DOUBLE    | 1C 00 00 00 00 00 00 00 80
      -0.000                | DOUBLE    | 1C 00 00 00 00 00 00 00 80
      -0.0000000000000000000000 | DOUBLE | 1C 00 00 00 00 00 00 00 80
      -0e0                  | DOUBLE    | 1C 00 00 00 00 00 00 00 80
      0.0                   | DECIMAL4  | 20 01 00 00 00 00
      -1.5                  | DECIMAL4  | 20 01 F1 FF FF FF
      1.23456789            | DECIMAL4  | 20 08 15 CD 5B 07
      0.000000001           | DECIMAL4  | 20 09 01 00 00 00
      # scale 10 with precision 1: decimal8, because Spark rejects a decimal4 with scale above 9
      0.0000000001          | DECIMAL8  | 24 0A 01 00 00 00 00 00 00 00
      1234567890.5          | DECIMAL8  | 24 01 39 1C DC DF 02 00 00 00
      123456789012345678.9  | DECIMAL16 | 28 01 15 81 E9 7D F4 10 22 11 00 00 00 00 00 00 00 00
      # 17 digits, scale 20: decimal16, the width chosen by max(precision, scale)
      0.00035259763517903053 | DECIMAL16 | 28 14 CD 50 59 6F 91 44 7D 00 00 00 00 00 00 00 00 00
      0.12345678901234567890123456789012345678 | DECIMAL16 | 28 26 4E F3 38 DE 50 90 49 C4 13 33 02 F0 F6 B0 49 09
      # scale 39: a double, 0.12345678901234568 = 0x3FBF9ADD3746F65F
      0.123456789012345678901234567890123456789 | DOUBLE | 1C 5F F6 46 37 DD 9A BF 3F
      # exponent notation: always a double
      1e2                   | DOUBLE    | 1C 00 00 00 00 00 00 59 40
      1E2                   | DOUBLE    | 1C 00 00 00 00 00 00 59 40
      1.0e+2                | DOUBLE    | 1C 00 00 00 00 00 00 59 40
      1.5e-3                | DOUBLE    | 1C FA 7E 6A BC 74 93 58 3F
      -2.5E3                | DOUBLE    | 1C 00 00 00 00 00 88 A3 C0
      """)
  void literalBecomesSmallestType(String literal, VariantType type, String valueBytes) {
    Variant v = VariantJson.parse(literal);

    assertEquals(type, v.type());
    assertEquals(valueBytes, Hex.of(v.valueBytes()));
  }

  @ParameterizedTest
  @CsvSource({
    "1e400",
    "-1E309",
    "1" + "0000000000" + "0000000000" + "0000000000" + "000000000e300"
  })
  void rejectsExponentBeyondDoubleRange(String literal) {
    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse("[" + literal + "]"));

    assertEquals(1, e.line());
    assertEquals(2, e.column()); // the number's first character
    assertTrue(e.getMessage().contains("outside the range of a double"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"400", "309"})
  void rejectsIntegerBeyondDoubleRange(int digits) {
    String literal = "9".repeat(digits);

    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse(literal));

    assertEquals(1, e.column());
    assertTrue(e.getMessage().contains("outside the range of a double"), e.getMessage());
  }

  /** The other end of the range, by the same rule: a non-zero value too small for a double. */
  @ParameterizedTest
  @CsvSource({
    "1e-400",
    "9e-400",
    "0.1e-400",
    "-1e-400",
    "2e-324",
    "0." + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "000000001e-300",
    "1" + "0000000000" + "0000000000" + "0000000000" + "000000000e-400"
  })
  void rejectsNonZeroBelowDoubleRange(String literal) {
    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse("[" + literal + "]"));

    assertEquals(1, e.line());
    assertEquals(2, e.column()); // the number's first character
    assertTrue(e.getMessage().contains("outside the range of a double"), e.getMessage());
    assertTrue(e.getMessage().contains("closer to zero than 4.9E-324"), e.getMessage());
  }

  @Test
  void anOutOfRangeLiteralIsQuotedWholeUpToFortyChars() {
    String forty = "1" + "0".repeat(35) + "e400";
    var whole = assertThrows(VariantJsonException.class, () -> VariantJson.parse(forty));
    assertTrue(whole.getMessage().contains("number " + forty + " is outside"), whole.getMessage());
    String fortyOne = "1" + "0".repeat(36) + "e400";
    var cut = assertThrows(VariantJsonException.class, () -> VariantJson.parse(fortyOne));
    assertTrue(
        cut.getMessage().contains("number " + fortyOne.substring(0, 37) + "... is outside"),
        cut.getMessage());
  }

  @Test
  void aNonZeroDigitCountsOnlyBeforeTheExponent() {
    for (String nonZero : new String[] {"1", "9", "0.1", "0.009", "-0.9e-400", "10e0"}) {
      assertTrue(JsonToVariant.hasNonZeroDigit(nonZero), nonZero);
    }
    for (String zero : new String[] {"0", "-0.000", "0e5", "0.0E-19", "0." + "0".repeat(40)}) {
      assertFalse(JsonToVariant.hasNonZeroDigit(zero), zero);
    }
  }

  @Test
  void rejectsFractionBelowDoubleRangeWithoutExponent() {
    String literal = "0." + "0".repeat(400) + "1"; // scale 401: past decimal16, so a double

    var e = assertThrows(VariantJsonException.class, () -> VariantJson.parse(literal));

    assertTrue(e.getMessage().contains("outside the range of a double"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({
    "4.9E-324, 4.9E-324",
    "3e-324, 4.9E-324",
    "1e-320, 1.0E-320",
    "0e-400, 0.0",
    "-0e-400, -0.0",
    "0.0e999, 0.0"
  })
  void subnormalsAndZerosOfAnyExponentAreInRange(String literal, String rendered) {
    Variant v = VariantJson.parse(literal);

    assertEquals(VariantType.DOUBLE, v.type());
    assertEquals(rendered, VariantJson.toJson(v));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      1.50     | 1.50
      -0.0     | -0.0
      -0.00    | -0.0
      -0e0     | -0.0
      -0       | 0
      1e2      | 100.0
      1.5e-3   | 0.0015
      1E10     | 1.0E10
      0.00035259763517903053 | 0.00035259763517903053
      9223372036854775808    | 9223372036854775808
      """)
  void renderingKeepsTheLiteralsMeaning(String literal, String json) {
    assertEquals(json, VariantJson.toJson(VariantJson.parse(literal)));
  }
}
