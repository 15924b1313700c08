// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import io.variant.testkit.Trials;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The numeric slots' in-place conversion (integers, decimal4 and decimal8 in {@code long}
 * arithmetic, decimal16 through {@link BigDecimal}) agrees with an oracle written with {@link
 * BigDecimal#setScale(int)} and {@link BigDecimal#longValueExact()}, for random exact numerics into
 * random integer and decimal slots, alone and as the elements of an array (which the splitter reads
 * in place).
 */
class WideningPropertyTest {
  private static final VariantType[] NUMBERS = {
    VariantType.INT8,
    VariantType.INT16,
    VariantType.INT32,
    VariantType.INT64,
    VariantType.DECIMAL4,
    VariantType.DECIMAL8,
    VariantType.DECIMAL16
  };

  @Test
  void numbersGoTypedExactlyWhenTheOracleSaysSo() {
    Trials.run(
        "numbersGoTypedExactlyWhenTheOracleSaysSo",
        rnd -> {
          ShreddedType slot = slot(rnd);
          NumericWidening mode = PlanGen.pick(rnd, NumericWidening.values());
          SplitOptions options = SplitOptions.defaults().withWidening(mode);
          List<Variant> values = new ArrayList<>();
          for (int i = 0, n = 1 + rnd.nextInt(8); i < n; i++) {
            values.add(number(rnd, slot));
          }
          for (Variant v : values) {
            ShreddedTree row = SplitRebuild.split(v, ShreddingPlan.scalar(slot), options);
            check(v, slot, mode, row.root());
          }
          VariantBuilder b = new VariantBuilder();
          b.startArray();
          values.forEach(b::appendVariant);
          b.endArray();
          ShreddedTree row =
              SplitRebuild.split(
                  b.build(), ShreddingPlan.array(ShreddingPlan.scalar(slot)), options);
          List<ShreddedTree.Slot> elements = ((ShreddedTree.Elements) row.root().typed).slots;
          for (int i = 0; i < values.size(); i++) {
            check(values.get(i), slot, mode, elements.get(i));
          }
        });
  }

  private static void check(
      Variant v, ShreddedType slot, NumericWidening mode, ShreddedTree.Slot s) {
    Object want = oracle(v, slot, mode);
    String what = v.decimalValue() + " (" + v.type() + ") into " + slot + ", " + mode;
    if (want == null) {
      assertNull(s.typed, what);
      assertEquals(v, s.residual, what);
    } else {
      assertNull(s.residual, what);
      assertEquals(want, s.typed, what);
    }
  }

  /** What the slot holds, by BigDecimal arithmetic; null for the residual. */
  private static Object oracle(Variant v, ShreddedType slot, NumericWidening mode) {
    VariantType vt = v.type();
    BigDecimal d = v.decimalValue();
    boolean integerSlot = slot.kind().slotValue() == ShreddedType.SlotValue.INTEGER;
    if (mode == NumericWidening.STRICT) {
      if (vt != slot.variantType()) {
        return null;
      }
      if (integerSlot) {
        return v.longValue();
      }
      return d.scale() == slot.scale() && d.precision() <= slot.precision() ? d : null;
    }
    if (mode == NumericWidening.SAME_SCALE && d.scale() != (integerSlot ? 0 : slot.scale())) {
      return null; // then as lossless, which changes no scale
    }
    try {
      if (integerSlot) {
        long x = d.longValueExact(); // throws for a fraction or past the long range
        int bits = 8 * slot.variantType().fixedPayloadSize();
        return bits == 64 || (x >= -(1L << (bits - 1)) && x < (1L << (bits - 1))) ? x : null;
      }
      BigDecimal r = d.setScale(slot.scale()); // throws if a non-zero digit would go
      return r.precision() <= slot.precision() ? r : null;
    } catch (ArithmeticException e) {
      return null;
    }
  }

  private static ShreddedType slot(Random rnd) {
    if (rnd.nextInt(3) == 0) {
      ShreddedType.Kind[] ints = {
        ShreddedType.Kind.INT8,
        ShreddedType.Kind.INT16,
        ShreddedType.Kind.INT32,
        ShreddedType.Kind.INT64
      };
      return ShreddedType.of(ints[rnd.nextInt(ints.length)], 0, 0);
    }
    int precision =
        rnd.nextInt(3) == 0 ? new int[] {9, 18, 19, 38}[rnd.nextInt(4)] : 1 + rnd.nextInt(38);
    return ShreddedType.decimal(precision, rnd.nextInt(precision + 1));
  }

  /** A number of any exact type, often near the slot's scale so that both outcomes occur. */
  private static Variant number(Random rnd, ShreddedType slot) {
    VariantType t = NUMBERS[rnd.nextInt(NUMBERS.length)];
    if (t.isInteger()) {
      return Gen.scalar(rnd, t).build();
    }
    BigDecimal d = Gen.decimal(rnd, t);
    if (rnd.nextBoolean() && slot.kind() == ShreddedType.Kind.DECIMAL) {
      int scale = Math.max(0, slot.scale() + rnd.nextInt(5) - 2);
      int maxDigits = t == VariantType.DECIMAL4 ? 9 : t == VariantType.DECIMAL8 ? 18 : 38;
      BigDecimal near = d.setScale(Math.min(scale, maxDigits), RoundingMode.DOWN);
      if (near.precision() <= maxDigits) {
        d = near;
      }
    }
    return new Model.Scalar(t, d).build();
  }
}
