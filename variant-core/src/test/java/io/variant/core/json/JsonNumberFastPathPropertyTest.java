// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The byte-level parser reads number literals without a String (digits 8 at a time; exponent
 * literals of up to 15 digits and powers of ten up to 22 by one exact multiplication or division):
 * for generated literals and edge cases it gives the jackson path's bytes, doubles equal to {@link
 * Double#parseDouble} bit for bit, and integers and decimals equal to {@link BigDecimal}.
 */
class JsonNumberFastPathPropertyTest {
  private static final List<String> EDGES =
      List.of(
          "0",
          "-0",
          "-0.0",
          "0.0",
          "0e0",
          "-0e0",
          "0E+0",
          "-0e-5",
          "1e22",
          "1e23",
          "-1e22",
          "123456789012345e-22",
          "123456789012345e22",
          "1234567890123456e-3",
          "999999999999999e7",
          "9007199254740993",
          "9007199254740993e0",
          "999999999999999999",
          "1000000000000000000",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775808",
          "-9223372036854775809",
          "0.1e1",
          "1E-7",
          "12345678.12345678",
          "1234567.1234567",
          "12345678",
          "123456781",
          "0.00000001",
          "0.000000000000000001",
          "4.9e-324",
          "1.7976931348623157e308",
          "2.2250738585072014E-308",
          "1e-400",
          "0e-400",
          "-0e-400",
          "-0.0e-999",
          "-0.000",
          "-0.0000000000000000000000",
          "-0.18446744073709551616",
          "3e-324",
          "1e001",
          "1e0000000022",
          "5e-1",
          "0.5e1",
          "7.0e-0",
          "100000000e-8",
          "1.00000000000000000000000000000000000000",
          "12345678901234567890123456789012345678",
          "0.12345678901234567890123456789012345678");

  @Test
  void edgeLiteralsMatchTheJacksonPathAndTheJdk() throws Exception {
    for (String literal : EDGES) {
      check(literal);
    }
  }

  @Test
  void generatedLiteralsMatchTheJacksonPathAndTheJdk() {
    Trials.run(
        "generatedLiteralsMatchTheJacksonPathAndTheJdk",
        Trials.trials() * 4,
        rnd -> check(literal(rnd)));
  }

  @Test
  void outOfRangeAndMalformedLiteralsAreRejected() {
    JsonRowParser rows = VariantJson.rowParser();
    for (String bad :
        List.of(
            "1e309", "-1e400", "1e-400", "-2e-324", "1.", "1e", "1e+", "-", "01", "1.e5", ".5",
            "+1")) {
      byte[] utf8 = ("[" + bad + "]").getBytes(StandardCharsets.UTF_8);
      assertThrows(VariantJsonException.class, () -> rows.parse(utf8), bad);
    }
  }

  /** A random literal: sign, 0 or up to 25 digits, maybe a fraction, maybe an exponent. */
  private static String literal(Random rnd) {
    StringBuilder s = new StringBuilder();
    if (rnd.nextBoolean()) {
      s.append('-');
    }
    int intDigits = rnd.nextInt(5) == 0 ? 1 : 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 25);
    s.append(intDigits == 1 ? (char) ('0' + rnd.nextInt(10)) : (char) ('1' + rnd.nextInt(9)));
    digits(s, rnd, intDigits - 1);
    if (rnd.nextBoolean()) {
      s.append('.');
      digits(s, rnd, 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 24));
    }
    if (rnd.nextInt(3) == 0) {
      s.append(rnd.nextBoolean() ? 'e' : 'E');
      int sign = rnd.nextInt(3);
      s.append(sign == 0 ? "" : sign == 1 ? "+" : "-");
      digits(s, rnd, 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 4 : 2));
    }
    return s.toString();
  }

  private static void digits(StringBuilder s, Random rnd, int n) {
    for (int i = 0; i < n; i++) {
      s.append((char) ('0' + rnd.nextInt(10)));
    }
  }

  private static void check(String literal) throws Exception {
    // Padded both ways: word reads near the end of the input and in the middle of it.
    for (String text : List.of(literal, "[" + literal + ",  1]", "{\"n\":" + literal + "}")) {
      byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
      Variant expected;
      try {
        expected = jackson(utf8);
      } catch (VariantJsonException e) {
        assertThrows(VariantJsonException.class, () -> VariantJson.parse(utf8), text);
        double d = Double.parseDouble(literal); // refused only outside the double range
        assertTrue(
            Double.isInfinite(d) || (d == 0 && new BigDecimal(literal).signum() != 0), literal);
        continue;
      }
      VariantBuilder b = new VariantBuilder();
      assertTrue(new JsonBytesParser().parse(utf8, 0, utf8.length, false, b, 100), text);
      Variant fast = b.build();
      assertArrayEquals(expected.valueBytes(), fast.valueBytes(), text);
      assertArrayEquals(expected.metadataBytes(), fast.metadataBytes(), text);
      Variant n = fast.isArray() ? fast.element(0) : fast.isObject() ? fast.field("n") : fast;
      boolean exponent = literal.indexOf('e') >= 0 || literal.indexOf('E') >= 0;
      if (n.type() == VariantType.DOUBLE) {
        assertEquals(
            Double.doubleToRawLongBits(Double.parseDouble(literal)),
            Double.doubleToRawLongBits(n.doubleValue()),
            literal);
      } else {
        assertTrue(!exponent, literal);
        BigDecimal exact = new BigDecimal(literal);
        BigDecimal got =
            n.type().isInteger() ? BigDecimal.valueOf(n.longValue()) : n.decimalValue();
        assertEquals(0, exact.compareTo(got), literal + " read as " + got);
      }
    }
  }

  private static Variant jackson(byte[] utf8) throws Exception {
    JsonOptions options = JsonOptions.defaults();
    try (JsonParser p = VariantJson.factory(options.limits()).createParser(utf8)) {
      return VariantJson.parseDocument(p, new VariantBuilder(options.builderOptions()), options);
    }
  }
}
