// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.testkit.Values.binary;
import static io.variant.shredding.testkit.Values.bool;
import static io.variant.shredding.testkit.Values.date;
import static io.variant.shredding.testkit.Values.dec;
import static io.variant.shredding.testkit.Values.f32;
import static io.variant.shredding.testkit.Values.f64;
import static io.variant.shredding.testkit.Values.int16;
import static io.variant.shredding.testkit.Values.int32;
import static io.variant.shredding.testkit.Values.int64;
import static io.variant.shredding.testkit.Values.int8;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.nul;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static io.variant.shredding.testkit.Values.temporal;
import static io.variant.shredding.testkit.Values.times;
import static io.variant.shredding.testkit.Values.uuid;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Type choice per path: families, numeric unification, dominance and nulls. Rows are root scalars
 * here.
 */
class PlanInferenceTest {
  /**
   * The options the rule tests of this package state their expectations for: columns fit to the
   * sample ({@link TypeWidth#SAMPLE}) and every path that passes a 10% presence and the dominance
   * threshold typed ({@link Selection#PRESENCE}), so that a test of presence or dominance need not
   * restate the widening rules or the cost model, which {@code TypeWidthTest} and {@code
   * CostModelTest} cover.
   */
  static final InferenceOptions RULES =
      InferenceOptions.defaults()
          .withTypeWidth(TypeWidth.SAMPLE)
          .withSelection(Selection.PRESENCE)
          .withMinPresence(0.10)
          .withDominance(InferenceOptions.PRESENCE_DOMINANCE);

  static InferenceResult infer(List<? extends Model> rows, InferenceOptions options) {
    return PlanInference.infer(Values.variants(rows), options);
  }

  static void assertPlan(String expected, List<? extends Model> rows) {
    assertPlan(expected, rows, RULES);
  }

  static void assertPlan(String expected, List<? extends Model> rows, InferenceOptions options) {
    assertEquals(
        ShreddingPlan.parse(expected),
        infer(rows, options).plan(),
        () ->
            rows.size() > 12
                ? rows.subList(0, 12) + "... (" + rows.size() + " rows)"
                : rows.toString());
  }

  @SafeVarargs
  static List<Model> concat(List<Model>... parts) {
    List<Model> out = new ArrayList<>();
    for (List<Model> p : parts) {
      out.addAll(p);
    }
    return out;
  }

  @Test
  void integersUnifyToTheNarrowestTypeHoldingMinAndMax() {
    assertPlan("int8", List.of(int64(1), int64(100))); // the physical width does not matter
    assertPlan("int8", List.of(int8(-128), int16(127)));
    assertPlan("int16", List.of(int8(1), int16(200)));
    assertPlan("int16", List.of(int16(-129)));
    assertPlan("int16", List.of(int16(128)));
    assertPlan("int16", List.of(int16(-32768), int16(32767)));
    assertPlan("int32", List.of(int32(-32769), int8(5)));
    assertPlan("int32", List.of(int32(32768)));
    assertPlan("int32", List.of(int32(Integer.MIN_VALUE), int32(Integer.MAX_VALUE)));
    assertPlan("int64", List.of(int64(2147483648L)));
    assertPlan("int64", List.of(int64(Long.MIN_VALUE), int64(Long.MAX_VALUE)));
  }

  @Test
  void integersWithDecimalsUnifyToADecimalHoldingAll() {
    assertPlan(
        "decimal(5,2)",
        List.of(integer(1), dec("12.5"), dec("100.25"))); // 3 integer digits + scale 2
    assertPlan("decimal(4,1)", List.of(integer(-999), dec("0.1")));
    assertPlan("decimal(2,2)", List.of(dec("0.05"))); // no integer digit
    assertPlan("decimal(2,2)", List.of(dec("0.00")));
    assertPlan(
        "decimal(3,2)", List.of(dec("1.50"))); // the stored scale counts, trailing zero included
    assertPlan(
        "decimal(1,0)", List.of(dec("7"))); // any decimal makes a decimal column, even with scale 0
    assertPlan("decimal(1,0)", List.of(dec("0"), int8(0)));
    assertPlan("decimal(1,1)", List.of(int8(0), dec("0.5"))); // 0 needs no integer digit
    assertPlan("decimal(3,1)", List.of(int8(-10), dec("0.5")));
    assertPlan("decimal(20,1)", List.of(int64(Long.MIN_VALUE), dec("0.5"))); // 19 digits + 1
  }

  @Test
  void decimalsNeedingMoreThan38DigitsStayVariant() {
    assertPlan(
        "decimal(38,18)",
        List.of(dec("12345678901234567890"), dec("0.000000000000000001"))); // 20 + 18
    assertPlan(
        "variant", List.of(dec("12345678901234567890"), dec("0.0000000000000000001"))); // 20 + 19
    assertPlan("variant", List.of(int64(Long.MAX_VALUE), dec("0.00000000000000000001"))); // 19 + 20
    assertPlan("decimal(38,38)", List.of(dec("0.00000000000000000000000000000000000001")));
  }

  @Test
  void floatAndDoubleStaySeparateFamilies() {
    assertPlan("float", concat(times(9, f32(1.5f)), times(1, f64(2.5))));
    assertPlan("variant", concat(times(5, f32(1.5f)), times(5, f64(2.5))));
    assertPlan("double", List.of(f64(1.0), f64(Double.NaN), f64(-0.0)));
    assertPlan(
        "variant",
        concat(times(5, f64(1.0)), times(5, int8(1)))); // doubles never join exact numerics
  }

  @Test
  void stringsNeverBecomeNumbers() {
    assertPlan("string", List.of(str("1"), str("2"), str("3")));
    assertPlan("variant", concat(times(5, str("1")), times(5, int8(1))));
  }

  @Test
  void everyScalarFamilyMapsToItsType() {
    UUID u = UUID.fromString("f24f9b64-81fa-49d1-b74e-8c09a6e31c56");
    assertPlan("boolean", List.of(bool(true), bool(false)));
    assertPlan("date", List.of(date(20194), date(-1)));
    assertPlan("time", List.of(temporal(VariantType.TIME_NTZ_MICROS, 45_234_123_456L)));
    assertPlan("timestamp", List.of(temporal(VariantType.TIMESTAMP_MICROS, 1)));
    assertPlan("timestamp_ntz", List.of(temporal(VariantType.TIMESTAMP_NTZ_MICROS, 1)));
    assertPlan("timestamp_nanos", List.of(temporal(VariantType.TIMESTAMP_NANOS, 1)));
    assertPlan("timestamp_ntz_nanos", List.of(temporal(VariantType.TIMESTAMP_NTZ_NANOS, 1)));
    assertPlan("binary", List.of(binary((byte) 1, (byte) 2), binary()));
    assertPlan(
        "string", List.of(str("short"), str("x".repeat(100)))); // short and long string forms
    assertPlan("uuid", List.of(uuid(u)));
  }

  @Test
  void timestampsOfDifferentUnitsOrZonesDoNotMix() {
    assertPlan(
        "variant",
        concat(
            times(5, temporal(VariantType.TIMESTAMP_MICROS, 1)),
            times(5, temporal(VariantType.TIMESTAMP_NANOS, 1))));
    assertPlan(
        "variant",
        concat(
            times(5, temporal(VariantType.TIMESTAMP_MICROS, 1)),
            times(5, temporal(VariantType.TIMESTAMP_NTZ_MICROS, 1))));
    assertPlan(
        "variant", concat(times(5, date(1)), times(5, temporal(VariantType.TIMESTAMP_MICROS, 1))));
  }

  @Test
  void aFamilyExactlyAtTheDominanceThresholdIsTyped() {
    assertPlan("int8", concat(times(9, int8(1)), times(1, str("x")))); // 9/10 = 0.90
    assertPlan("int8", concat(times(90, int8(1)), times(10, str("x"))));
    assertPlan("string", concat(times(1, int8(1)), times(9, str("x"))));
  }

  @Test
  void aFamilyJustBelowTheDominanceThresholdIsNotTyped() {
    List<Model> rows = concat(times(89, int8(1)), times(11, str("x"))); // 0.89
    assertPlan("variant", rows);
    assertPlan("int8", rows, RULES.withDominance(0.89));
    assertPlan("int8", rows, RULES.withDominance(0.85));
  }

  @Test
  void dominanceOfOneNeedsEveryNonNullValue() {
    assertPlan(
        "variant", concat(times(999, int8(1)), times(1, str("x"))), RULES.withDominance(1.0));
    assertPlan("int8", concat(times(999, int8(1)), times(5, nul())), RULES.withDominance(1.0));
  }

  @Test
  void rareNotApplicableStringsLeaveANumericColumnWithAResidual() {
    List<Model> rows = concat(times(50, int16(1000)), times(45, int8(7)), times(5, str("n/a")));
    InferenceResult result = infer(rows, RULES);
    assertEquals(ShreddingPlan.parse("int16"), result.plan());
    CoverageReport.Row root = result.coverage().row("$");
    assertEquals(100, root.present());
    assertEquals(95, root.typed());
    assertEquals(5, root.residual());
  }

  @Test
  void nullsArePresentButDoNotCountAgainstDominance() {
    List<Model> rows = concat(times(9, int8(1)), times(1, str("x")), times(5, nul()));
    InferenceResult result = infer(rows, RULES);
    assertEquals(ShreddingPlan.parse("int8"), result.plan()); // 9 of 10 non-null values
    CoverageReport.Row root = result.coverage().row("$");
    assertEquals(15, root.present());
    assertEquals(9, root.typed()); // nulls always go to the residual
    assertEquals(6, root.residual());
  }

  @Test
  void onlyNullsGiveVariant() {
    assertPlan("variant", times(10, nul()));
    assertPlan(
        "{\"a\": variant, \"b\": int8}",
        List.of(obj("a", nul(), "b", int8(1)), obj("a", nul(), "b", int8(2))));
  }

  @Test
  void unknownPrimitiveTypesStayInTheResidual() {
    // metadata: v1, empty dictionary; value: header 0x54 = primitive type id 21, unknown to this
    // library
    Variant unknown = Variant.of(new byte[] {0x01, 0x00, 0x00}, new byte[] {0x54});
    List<Variant> some = new ArrayList<>(Values.variants(times(9, int8(3))));
    some.add(unknown);
    assertEquals(ShreddingPlan.parse("int8"), PlanInference.infer(some, RULES).plan());
    List<Variant> all = Arrays.asList(unknown, unknown, unknown);
    assertEquals(ShreddingPlan.residual(), PlanInference.infer(all, RULES).plan());
  }
}
