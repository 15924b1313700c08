// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.testkit;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.ShreddingPlan.Field;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Seeded plans derived from a value's own shape, so that a round-trip property actually sends
 * values through typed slots (an independent {@link PlanGen#plan} rarely matches a random value's
 * keys and types). Each node follows the value (objects get a random subset of its keys plus
 * sometimes a key it lacks, arrays follow a random element, scalars get their exact type), then is
 * mutated at random: residual-only, a numeric neighbour type that only lossless widening accepts
 * (another integer width, a decimal with other precision and scale), any other type, or an
 * arbitrary {@link PlanGen} subtree.
 *
 * <pre>{@code
 * Variant v = Gen.variant(rnd);
 * ShreddingPlan plan = ShapePlans.planFor(rnd, v);
 * }</pre>
 */
public final class ShapePlans {
  private ShapePlans() {}

  /** A plan shaped like {@code v}, with random types and mutations. */
  public static ShreddingPlan planFor(Random rnd, Variant v) {
    int roll = rnd.nextInt(100);
    if (roll < 6) {
      return ShreddingPlan.residual();
    }
    if (roll < 10) {
      return PlanGen.plan(
          rnd, 2); // a shape mismatch: the value goes to the residual, or partly typed
    }
    if (v.isObject()) {
      return object(rnd, v);
    }
    if (v.isArray()) {
      int n = v.size();
      return ShreddingPlan.array(
          n == 0 ? PlanGen.plan(rnd, 1) : planFor(rnd, v.element(rnd.nextInt(n))));
    }
    return ShreddingPlan.scalar(scalarType(rnd, v));
  }

  private static ShreddingPlan object(Random rnd, Variant v) {
    List<Field> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    int keep = rnd.nextInt(4); // 0: every key; else each key with probability 3/4
    for (int i = 0, n = v.fieldCount(); i < n; i++) {
      if (keep == 0 || rnd.nextInt(4) != 0) {
        String name = v.fieldName(i);
        names.add(name);
        fields.add(new Field(name, planFor(rnd, v.fieldValue(i))));
      }
    }
    if (fields.isEmpty() || rnd.nextInt(4) == 0) {
      String extra = PlanGen.key(rnd); // a key the value may lack: a missing field
      if (names.add(extra)) {
        fields.add(new Field(extra, PlanGen.plan(rnd, 1)));
      }
    }
    if (fields.isEmpty()) {
      fields.add(new Field(v.fieldCount() > 0 ? v.fieldName(0) : "a", ShreddingPlan.residual()));
    }
    Collections.shuffle(fields, rnd); // plan order is schema order, unrelated to key order
    return new ShreddingPlan.ObjectPlan(fields);
  }

  private static ShreddedType scalarType(Random rnd, Variant v) {
    int roll = rnd.nextInt(100);
    ShreddedType exact = exactType(rnd, v);
    if (roll < 70 && exact != null) {
      return exact;
    }
    if (roll < 90
        && v.type().equivalenceClass() == io.variant.core.EquivalenceClass.EXACT_NUMERIC) {
      return numericNeighbour(rnd, v.decimalValue());
    }
    return PlanGen.type(rnd);
  }

  /**
   * The slot type that holds {@code v} under strict widening, or {@code null} if none does: Variant
   * null, or a decimal whose digits exceed its own width (the spec allows any scale up to 38 in
   * decimal4).
   */
  public static ShreddedType exactType(Random rnd, Variant v) {
    VariantType t = v.type();
    return switch (t) {
      case NULL, OBJECT, ARRAY -> null;
      case BOOLEAN_TRUE, BOOLEAN_FALSE -> ShreddedType.BOOLEAN;
      case INT8 -> ShreddedType.INT8;
      case INT16 -> ShreddedType.INT16;
      case INT32 -> ShreddedType.INT32;
      case INT64 -> ShreddedType.INT64;
      case DOUBLE -> ShreddedType.DOUBLE;
      case FLOAT -> ShreddedType.FLOAT;
      case DECIMAL4 -> decimalIn(rnd, v.decimalValue(), 1, 9);
      case DECIMAL8 -> decimalIn(rnd, v.decimalValue(), 10, 18);
      case DECIMAL16 -> decimalIn(rnd, v.decimalValue(), 19, 38);
      case DATE -> ShreddedType.DATE;
      case TIMESTAMP_MICROS -> ShreddedType.TIMESTAMP;
      case TIMESTAMP_NTZ_MICROS -> ShreddedType.TIMESTAMP_NTZ;
      case TIME_NTZ_MICROS -> ShreddedType.TIME;
      case TIMESTAMP_NANOS -> ShreddedType.TIMESTAMP_NANOS;
      case TIMESTAMP_NTZ_NANOS -> ShreddedType.TIMESTAMP_NTZ_NANOS;
      case BINARY -> ShreddedType.BINARY;
      case STRING -> ShreddedType.STRING;
      case UUID -> ShreddedType.UUID;
    };
  }

  /** decimal(P, d's scale) with P in [lo, hi] holding d, or null. */
  private static ShreddedType decimalIn(Random rnd, BigDecimal d, int lo, int hi) {
    int digits = Math.max(d.precision(), d.scale());
    int min = Math.max(lo, digits);
    return min > hi ? null : ShreddedType.decimal(min + rnd.nextInt(hi - min + 1), d.scale());
  }

  /**
   * An integer slot, or a decimal slot near the value's own digits and scale: fits or just misses.
   */
  private static ShreddedType numericNeighbour(Random rnd, BigDecimal d) {
    if (rnd.nextInt(3) == 0) {
      return PlanGen.pick(
          rnd, ShreddedType.INT8, ShreddedType.INT16, ShreddedType.INT32, ShreddedType.INT64);
    }
    BigDecimal s = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    int scale = Math.max(0, Math.min(38, s.scale() + rnd.nextInt(4) - 1));
    int integerDigits = Math.max(1, s.precision() - s.scale());
    int precision = Math.max(1, Math.min(38, integerDigits + scale + rnd.nextInt(4) - 1));
    return ShreddedType.decimal(precision, Math.min(scale, precision));
  }
}
