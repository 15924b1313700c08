// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Test values drawn to mostly fit a plan, so that typed columns get filled: objects with most plan
 * fields present (and sometimes an extra key for the residual), arrays of fitting elements, scalars
 * of the slot's exact type, and now and then an arbitrary value that must go to the residual.
 */
public final class ShapedValues {
  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(2)
          .withMaxFields(3)
          .withMaxElements(3)
          .withAllowLarge(false)
          .withBudgetBytes(2_000);

  private ShapedValues() {}

  /**
   * 1 to {@code maxRows} rows, about one in ten SQL NULL ({@code null}), the others shaped by
   * {@code plan}.
   */
  public static List<Variant> rows(ShreddingPlan plan, Random rnd, int maxRows) {
    List<Variant> rows = new ArrayList<>();
    for (int n = 1 + rnd.nextInt(maxRows); n > 0; n--) {
      rows.add(rnd.nextInt(10) == 0 ? null : of(plan, rnd));
    }
    return rows;
  }

  /**
   * Reads {@code file} and checks that it holds {@code plan} in column {@code v} and, row by row,
   * values logically equal to {@code rows} (SQL NULL where {@code null}): lossless widening may
   * change an integer's width, so physical types are not compared.
   */
  static void assertReadsBack(
      java.nio.file.Path file, ShreddingPlan plan, List<Variant> rows, String context)
      throws java.io.IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      org.junit.jupiter.api.Assertions.assertEquals(
          plan, r.plans().get(TestFileWriter.COLUMN), context);
      int i = 0;
      for (io.variant.parquet.VariantRecord row : r) {
        Variant want = rows.get(i);
        Variant got = row.variant(TestFileWriter.COLUMN);
        String where = "row " + i + " (" + context + " plan " + plan + ")";
        if (want == null) {
          org.junit.jupiter.api.Assertions.assertNull(got, where + " should be SQL NULL");
        } else {
          org.junit.jupiter.api.Assertions.assertTrue(
              want.equals(got), where + ": wrote " + want + ", read " + got);
        }
        i++;
      }
      org.junit.jupiter.api.Assertions.assertEquals(rows.size(), i, context + " row count");
    }
  }

  static Variant of(ShreddingPlan plan, Random rnd) {
    return model(plan, rnd).build();
  }

  static Model model(ShreddingPlan plan, Random rnd) {
    if (rnd.nextInt(8) == 0 || plan instanceof ShreddingPlan.ResidualPlan) {
      return Gen.model(rnd, SMALL); // does not fit: goes (partly) to the residual
    }
    if (plan instanceof ShreddingPlan.ScalarPlan scalar) {
      return scalar(scalar.type(), rnd);
    }
    if (plan instanceof ShreddingPlan.ArrayPlan array) {
      List<Model> elements = new ArrayList<>();
      for (int i = rnd.nextInt(4); i > 0; i--) {
        elements.add(model(array.element(), rnd));
      }
      return new Model.Arr(elements);
    }
    List<Model.Field> fields = new ArrayList<>();
    for (ShreddingPlan.Field f : ((ShreddingPlan.ObjectPlan) plan).fields()) {
      if (rnd.nextInt(5) > 0) {
        fields.add(new Model.Field(f.name(), model(f.plan(), rnd)));
      }
    }
    if (rnd.nextInt(4) == 0) {
      String extra =
          "zz_" + rnd.nextInt(3); // not a plan key of PlanGen: lands in the residual object
      if (((ShreddingPlan.ObjectPlan) plan).indexOf(extra) < 0) {
        fields.add(new Model.Field(extra, Gen.model(rnd, SMALL)));
      }
    }
    return new Model.Obj(fields);
  }

  private static Model scalar(ShreddedType type, Random rnd) {
    VariantType t = type.variantType();
    if (t == VariantType.BOOLEAN_TRUE) {
      return new Model.Scalar(
          rnd.nextBoolean() ? VariantType.BOOLEAN_TRUE : VariantType.BOOLEAN_FALSE, null);
    }
    if (type.kind() == ShreddedType.Kind.DECIMAL) {
      BigInteger max = BigInteger.TEN.pow(type.precision()).subtract(BigInteger.ONE);
      BigInteger unscaled = new BigInteger(max.bitLength(), rnd).mod(max.add(BigInteger.ONE));
      BigDecimal d = new BigDecimal(rnd.nextBoolean() ? unscaled : unscaled.negate(), type.scale());
      return new Model.Scalar(t, d);
    }
    return Gen.scalar(rnd, t);
  }
}
