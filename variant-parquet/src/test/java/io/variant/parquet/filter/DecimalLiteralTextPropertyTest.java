// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * A decimal literal prints (in predicates, and so in the CLI's messages) as plain digits up to 40
 * characters ({@code 0.001}, {@code 1000} for {@code 1e3}) and with an exponent beyond ({@code
 * 1E-300}), and reads back as the same value either way.
 */
class DecimalLiteralTextPropertyTest {
  @Test
  void printsPlainUpToFortyCharactersAndReadsBack() {
    Trials.run(
        "decimalLiteralText",
        rnd -> {
          for (int q = 0; q < 20; q++) {
            int digits = 1 + rnd.nextInt(45);
            BigInteger unscaled = new BigInteger(digits * 4, rnd);
            BigDecimal d =
                new BigDecimal(
                    rnd.nextBoolean() ? unscaled : unscaled.negate(), rnd.nextInt(50) - 8);
            String plain = d.toPlainString();
            String text = Literal.of(d).toString();
            assertEquals(plain.length() <= 40 ? plain : d.toString(), text, plain);
            assertEquals(0, new BigDecimal(text).compareTo(d), text);
          }
        });
    assertEquals("1000", Literal.of(new BigDecimal("1e3")).toString());
    assertEquals("1E-300", Literal.of(new BigDecimal("1e-300")).toString());
    String forty = "1" + "0".repeat(39);
    assertEquals(forty, Literal.of(new BigDecimal(forty)).toString());
    assertEquals("1E+40", Literal.of(new BigDecimal("1e40")).toString());
  }
}
