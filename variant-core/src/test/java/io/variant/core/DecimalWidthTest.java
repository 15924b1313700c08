package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.testkit.Trials;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link DecimalWidth#toString(long, long)} writes any 128-bit two's complement value in decimal.
 */
class DecimalWidthTest {
  @Test
  void a128BitValueReadsAsItsBigInteger() {
    Trials.run(
        "a128BitValueReadsAsItsBigInteger",
        rnd -> {
          long high = rnd.nextBoolean() ? rnd.nextLong() : rnd.nextInt(3) - 1;
          long low = rnd.nextLong();
          BigInteger expected =
              BigInteger.valueOf(high)
                  .shiftLeft(64)
                  .add(new BigInteger(Long.toUnsignedString(low)));
          assertEquals(expected.toString(), DecimalWidth.toString(high, low));
        });
    assertEquals("-1", DecimalWidth.toString(-1, -1));
    assertEquals("18446744073709551615", DecimalWidth.toString(0, -1));
    assertEquals(
        BigInteger.ONE.shiftLeft(127).negate().toString(),
        DecimalWidth.toString(Long.MIN_VALUE, 0));
  }
}
