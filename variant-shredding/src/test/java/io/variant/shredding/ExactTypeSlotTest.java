// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static io.variant.shredding.Scalars.binary;
import static io.variant.shredding.Scalars.bool;
import static io.variant.shredding.Scalars.date;
import static io.variant.shredding.Scalars.dec16;
import static io.variant.shredding.Scalars.dec4;
import static io.variant.shredding.Scalars.dec8;
import static io.variant.shredding.Scalars.float32;
import static io.variant.shredding.Scalars.float64;
import static io.variant.shredding.Scalars.int16;
import static io.variant.shredding.Scalars.int32;
import static io.variant.shredding.Scalars.int64;
import static io.variant.shredding.Scalars.int8;
import static io.variant.shredding.Scalars.string;
import static io.variant.shredding.Scalars.temporal;
import static io.variant.shredding.Scalars.uuid;
import static io.variant.shredding.Scalars.variantNull;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.core.VariantType;
import io.variant.shredding.ShreddedType.Kind;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.Hex;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Outside the Exact Numeric class a value goes typed only into the slot of exactly its own type, in
 * both widening modes: no date/timestamp, micro/nano, ntz/tz, binary/string, string/number or
 * float/double crossing; Variant null never goes typed. The expectation is written out per type,
 * not taken from {@link ShreddedType#variantType()}.
 */
class ExactTypeSlotTest {
  /** Every slot type: each kind once, decimals twice (narrow and widest). */
  private static final List<ShreddedType> SLOTS = slots();

  private static List<ShreddedType> slots() {
    List<ShreddedType> slots = new ArrayList<>();
    for (Kind k : Kind.values()) {
      slots.add(k == Kind.DECIMAL ? ShreddedType.decimal(9, 2) : ShreddedType.of(k, 0, 0));
    }
    slots.add(ShreddedType.decimal(38, 0));
    return slots;
  }

  /** A sample of {@code t}; an exhaustive switch, so a new type must be given one. */
  private static Variant sample(VariantType t) {
    return switch (t) {
      case NULL -> variantNull();
      case BOOLEAN_TRUE -> bool(true);
      case BOOLEAN_FALSE -> bool(false);
      case INT8 -> int8(1);
      case INT16 -> int16(1);
      case INT32 -> int32(1);
      case INT64 -> int64(1);
      case DOUBLE -> float64(1.0);
      case DECIMAL4 -> dec4("1.00");
      case DECIMAL8 -> dec8("1.00");
      case DECIMAL16 -> dec16("1.00");
      case DATE -> date(19_000);
      case TIMESTAMP_MICROS, TIMESTAMP_NTZ_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
          temporal(t, 1_700_000_000_000_000L);
      case TIME_NTZ_MICROS -> temporal(t, 45_234_123_456L);
      case FLOAT -> float32(1.0f);
      case BINARY -> binary((byte) '1');
      case STRING -> string("1");
      case UUID -> uuid("f24f9b64-81fa-49d1-b74e-8c09a6e31c56");
      case OBJECT, ARRAY -> throw new IllegalArgumentException(t + " is not a scalar");
    };
  }

  /** The one non-numeric slot kind that accepts {@code t}, or null; written out by hand. */
  private static Kind ownKind(VariantType t) {
    return switch (t) {
      case NULL, INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16, OBJECT, ARRAY -> null;
      case BOOLEAN_TRUE, BOOLEAN_FALSE -> Kind.BOOLEAN;
      case DOUBLE -> Kind.DOUBLE;
      case FLOAT -> Kind.FLOAT;
      case DATE -> Kind.DATE;
      case TIMESTAMP_MICROS -> Kind.TIMESTAMP;
      case TIMESTAMP_NTZ_MICROS -> Kind.TIMESTAMP_NTZ;
      case TIME_NTZ_MICROS -> Kind.TIME;
      case TIMESTAMP_NANOS -> Kind.TIMESTAMP_NANOS;
      case TIMESTAMP_NTZ_NANOS -> Kind.TIMESTAMP_NTZ_NANOS;
      case BINARY -> Kind.BINARY;
      case STRING -> Kind.STRING;
      case UUID -> Kind.UUID;
    };
  }

  private static boolean isNumericSlot(Kind k) {
    return switch (k) {
      case INT8, INT16, INT32, INT64, DECIMAL -> true;
      case BOOLEAN,
          FLOAT,
          DOUBLE,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMP_NTZ,
          TIMESTAMP_NANOS,
          TIMESTAMP_NTZ_NANOS,
          BINARY,
          STRING,
          UUID ->
          false;
    };
  }

  @Test
  void everyNonNumericValueFitsOnlyItsOwnSlotInBothModes() {
    int checked = 0;
    for (VariantType vt : VariantType.values()) {
      if (!vt.isPrimitive()) {
        continue;
      }
      Variant v = sample(vt);
      boolean numeric = vt.equivalenceClass() == io.variant.core.EquivalenceClass.EXACT_NUMERIC;
      for (ShreddedType slot : SLOTS) {
        if (numeric && isNumericSlot(slot.kind())) {
          continue; // the widening rules: WideningTest
        }
        boolean expected = slot.kind() == ownKind(vt);
        for (NumericWidening mode : NumericWidening.values()) {
          assertEquals(expected, Widening.fits(v, slot, mode), vt + " into " + slot + ", " + mode);
          checked++;
        }
      }
    }
    assertTrue(checked > 400, "checked " + checked);
  }

  @Test
  void everyAcceptedValueRebuildsPhysicallyEqualInBothModes() {
    for (VariantType vt : VariantType.values()) {
      Kind own = vt.isPrimitive() ? ownKind(vt) : null;
      if (own == null) {
        continue;
      }
      Variant v = sample(vt);
      for (NumericWidening mode : NumericWidening.values()) {
        for (ResidualMetadata layout : ResidualMetadata.values()) {
          SplitOptions o = SplitOptions.defaults().withWidening(mode).withResidualMetadata(layout);
          ShreddingPlan plan = ShreddingPlan.scalar(ShreddedType.of(own, 0, 0));
          ShreddedTree row = SplitRebuild.split(v, plan, o);
          assertNull(row.root().residual, vt + " " + o);
          Variant r =
              SplitRebuild.rebuild(row, plan, layout, v.metadata(), RebuildOptions.defaults());
          assertTrue(
              VariantEquality.physical(v, r), vt + " " + o + ": " + SplitRebuild.describe(v, r));
        }
      }
    }
  }

  @Test
  void variantNullAlwaysGoesToTheResidualAsTheSingleByte00() {
    Variant nul = variantNull();
    List<ShreddingPlan> plans = new ArrayList<>();
    SLOTS.forEach(t -> plans.add(ShreddingPlan.scalar(t)));
    plans.add(ShreddingPlan.parse("{\"a\": int64}"));
    plans.add(ShreddingPlan.parse("[string]"));
    plans.add(ShreddingPlan.residual());
    for (ShreddingPlan plan : plans) {
      for (NumericWidening mode : NumericWidening.values()) {
        for (ResidualMetadata layout : ResidualMetadata.values()) {
          SplitOptions o = SplitOptions.defaults().withWidening(mode).withResidualMetadata(layout);
          ShreddedTree row = SplitRebuild.split(nul, plan, o);
          assertNull(row.root().typed, plan + " " + o);
          assertEquals("00", Hex.of(row.root().residual.valueBytes()), plan + " " + o);
        }
      }
    }
  }

  @Test
  void typedBytesAreUtf8ForStringsRawForBinaryAndBigEndianForUuids() {
    assertEquals(
        "C3 A9 31", Hex.of((byte[]) typedOf(string("é1"), "string"))); // é is C3 A9 in UTF-8
    String long64 = "x".repeat(64); // the long-string form (primitive id 16) goes typed too
    assertEquals(64, ((byte[]) typedOf(string(long64), "string")).length);
    assertEquals(
        "00 FF 31", Hex.of((byte[]) typedOf(binary((byte) 0, (byte) 0xFF, (byte) '1'), "binary")));
    assertEquals(
        "F2 4F 9B 64 81 FA 49 D1 B7 4E 8C 09 A6 E3 1C 56", // RFC 4122 order, as written
        Hex.of((byte[]) typedOf(uuid("f24f9b64-81fa-49d1-b74e-8c09a6e31c56"), "uuid")));
    assertEquals(19_000L, typedOf(date(19_000), "date"));
    assertEquals(
        45_234_123_456L, typedOf(temporal(VariantType.TIME_NTZ_MICROS, 45_234_123_456L), "time"));
    assertEquals(Boolean.FALSE, typedOf(bool(false), "boolean"));
  }

  @Test
  void stringsThatLookLikeNumbersOrUuidsStayStrings() {
    for (String slot :
        new String[] {
          "int8", "int64", "decimal(9,0)", "double", "float", "uuid", "date", "boolean"
        }) {
      assertNull(typedOf(string("123"), slot), slot);
      assertNull(typedOf(string("f24f9b64-81fa-49d1-b74e-8c09a6e31c56"), slot), slot);
      assertNull(typedOf(string("true"), slot), slot);
    }
    assertArrayEquals(new byte[] {'1', '2', '3'}, (byte[]) typedOf(string("123"), "string"));
  }

  @Test
  void typedByteArraysBelongToTheSinkAndAreNeverReused() {
    // The Parquet sink wraps them as constant Binary values: a reused array would change stored
    // values.
    Splitter splitter = Splitter.of(ShreddingPlan.parse("[string]"), SplitOptions.defaults());
    ShreddedTree first = new ShreddedTree();
    splitter.split(
        Scalars.of(b -> b.startArray().appendString("abc").appendString("xyz").endArray()), first);
    ShreddedTree second = new ShreddedTree();
    splitter.split(Scalars.of(b -> b.startArray().appendString("123").endArray()), second);
    var elements = ((ShreddedTree.Elements) first.root().typed).slots;
    assertEquals("61 62 63", Hex.of((byte[]) elements.get(0).typed));
    assertEquals("78 79 7A", Hex.of((byte[]) elements.get(1).typed));
  }

  /** The typed part the default splitter writes for {@code v} at a scalar slot, or null. */
  private static Object typedOf(Variant v, String slot) {
    return SplitRebuild.split(v, ShreddingPlan.parse(slot), SplitOptions.defaults()).root().typed;
  }
}
