// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * A decimal of 19 to 38 digits handed to the sinks as 128 bits gets the bytes the BigDecimal path
 * gives it: minimal two's complement for BYTE_ARRAY columns, sign-extended for
 * FIXED_LEN_BYTE_ARRAY, for random values of every magnitude and sign; a value too wide for the
 * fixed length is refused.
 */
class DecimalBytesPropertyTest {
  @Test
  void bitsEncodeAsBigDecimals() {
    Trials.run(
        "decimal128EncodesAsBigDecimal",
        rnd -> {
          int precision = 19 + rnd.nextInt(20);
          int scale = rnd.nextInt(precision + 1);
          SlotColumns.Slot fixed = slot(precision, scale, false);
          SlotColumns.Slot binary = slot(precision, scale, true);
          byte[] scratch = new byte[16];
          for (int i = 0; i < 20; i++) {
            BigInteger unscaled = unscaled(rnd, precision);
            long high = unscaled.shiftRight(64).longValue();
            long low = unscaled.longValue();
            BigDecimal d = new BigDecimal(unscaled, scale);
            for (SlotColumns.Slot s : new SlotColumns.Slot[] {fixed, binary}) {
              assertArrayEquals(
                  TypedValues.decimalBinary(s, d).getBytes(),
                  TypedValues.decimalBinary(s, high, low, scratch).getBytes(),
                  unscaled + " into " + s.typedColumn);
            }
          }
        });
  }

  @Test
  void aValueWiderThanTheFixedLengthIsRefused() {
    SlotColumns.Slot s = slot(19, 0, false); // 9 bytes
    BigInteger tooWide = BigInteger.ONE.shiftLeft(80);
    assertThrows(
        IllegalStateException.class,
        () ->
            TypedValues.decimalBinary(
                s, tooWide.shiftRight(64).longValue(), tooWide.longValue(), new byte[16]));
  }

  /** Up to {@code precision} digits, often near 0, ±1, powers of two and the limits. */
  private static BigInteger unscaled(Random rnd, int precision) {
    BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    BigInteger v =
        switch (rnd.nextInt(4)) {
          case 0 -> BigInteger.valueOf(rnd.nextInt(3) - 1);
          case 1 -> BigInteger.ONE.shiftLeft(rnd.nextInt(Math.min(126, max.bitLength()))).negate();
          case 2 -> max;
          default -> new BigInteger(max.bitLength(), rnd).min(max);
        };
    return rnd.nextBoolean() ? v.negate() : v;
  }

  /** The scalar slot of a decimal column, FIXED_LEN_BYTE_ARRAY (our schema) or BYTE_ARRAY. */
  private static SlotColumns.Slot slot(int precision, int scale, boolean binary) {
    ShreddingPlan plan = ShreddingPlan.scalar(ShreddedType.decimal(precision, scale));
    GroupType group =
        binary
            ? Types.optionalGroup()
                .as(LogicalTypeAnnotation.variantType((byte) 1))
                .required(PrimitiveTypeName.BINARY)
                .named(VariantSchema.METADATA)
                .optional(PrimitiveTypeName.BINARY)
                .named(VariantSchema.VALUE)
                .optional(PrimitiveTypeName.BINARY)
                .as(LogicalTypeAnnotation.decimalType(scale, precision))
                .named(VariantSchema.TYPED_VALUE)
                .named("v")
            : VariantSchema.toParquet("v", plan, ShreddingLayout.SPEC, Type.Repetition.OPTIONAL);
    return SlotColumns.bind(group, plan);
  }
}
