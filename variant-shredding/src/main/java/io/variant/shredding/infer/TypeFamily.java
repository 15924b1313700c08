// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.core.VariantType;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddedType.Kind;
import io.variant.shredding.ShreddedType.SlotValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The groups of Variant types that inference counts per path. A path is typed with a family when
 * most of its values belong to it; values of one family can all go into one typed column without
 * loss.
 *
 * <ul>
 *   <li>{@link #EXACT_NUMERIC} unifies int8 to int64 and decimal4 to decimal16: any of them fits a
 *       wide enough integer or decimal column (lossless widening).
 *   <li>Every other shreddable kind ({@link ShreddedType.Kind}) is a family of its own: float and
 *       double stay apart from each other and from exact numerics (no widening crosses equivalence
 *       classes), and timestamps split by zone and unit, since lossless widening covers only exact
 *       numerics. The families are derived from the kinds, so a new kind is counted with no change
 *       here.
 *   <li>{@link #NULL} is counted but never chosen: a Variant null has no typed form and always goes
 *       to the residual.
 *   <li>{@link #UNKNOWN} holds primitive type ids newer than this library; they stay in the
 *       residual.
 * </ul>
 *
 * <p>Immutable; the instances are shared singletons, compared with {@code ==}.
 */
final class TypeFamily {
  /**
   * What a family becomes in a plan; {@link PlanChooser} decides per group with an exhaustive
   * switch.
   */
  enum Group {
    NULL,
    EXACT_NUMERIC,
    SCALAR,
    OBJECT,
    ARRAY,
    UNKNOWN
  }

  private static final List<TypeFamily> VALUES = new ArrayList<>();
  private static final Map<Kind, TypeFamily> BY_KIND = new EnumMap<>(Kind.class);

  static final TypeFamily NULL = add(Group.NULL, null, "NULL");
  static final TypeFamily EXACT_NUMERIC;

  static {
    TypeFamily exact = null;
    for (Kind k : Kind.values()) { // in kind order: ties between families keep the earlier one
      boolean numeric = k.slotValue() == SlotValue.INTEGER || k.slotValue() == SlotValue.DECIMAL;
      if (numeric && exact == null) {
        exact = add(Group.EXACT_NUMERIC, null, "EXACT_NUMERIC");
      }
      BY_KIND.put(k, numeric ? exact : add(Group.SCALAR, k, k.name()));
    }
    EXACT_NUMERIC = exact;
  }

  static final TypeFamily OBJECT = add(Group.OBJECT, null, "OBJECT");
  static final TypeFamily ARRAY = add(Group.ARRAY, null, "ARRAY");
  static final TypeFamily UNKNOWN = add(Group.UNKNOWN, null, "UNKNOWN");

  private final Group group;
  private final Kind kind;
  private final String name;
  private final int ordinal;

  private TypeFamily(Group group, Kind kind, String name, int ordinal) {
    this.group = group;
    this.kind = kind;
    this.name = name;
    this.ordinal = ordinal;
  }

  private static TypeFamily add(Group group, Kind kind, String name) {
    TypeFamily f = new TypeFamily(group, kind, name, VALUES.size());
    VALUES.add(f);
    return f;
  }

  /**
   * Every family, in a fixed order (an array index for counters; ties between families keep the
   * earlier).
   */
  static List<TypeFamily> values() {
    return Collections.unmodifiableList(VALUES);
  }

  /** The position in {@link #values()}. */
  int ordinal() {
    return ordinal;
  }

  Group group() {
    return group;
  }

  /** The column type of a {@link Group#SCALAR} family; {@code null} for the other groups. */
  ShreddedType scalarType() {
    return kind == null ? null : ShreddedType.of(kind, 0, 0);
  }

  /** The family of a Variant type; the one place that groups types for inference. */
  static TypeFamily of(VariantType type) {
    Kind k = Kind.of(type);
    if (k != null) {
      return BY_KIND.get(k);
    }
    return switch (type) {
      case NULL -> NULL;
      case OBJECT -> OBJECT;
      case ARRAY -> ARRAY;
      default ->
          throw new AssertionError(type + " has no ShreddedType.Kind"); // ShreddedTypeTest checks
    };
  }

  @Override
  public String toString() {
    return name;
  }
}
