// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantException;
import io.variant.core.VariantFormatException;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code FULL} read, which checks residuals as the rebuild copies them and then trusts the
 * rebuilt row ({@code RebuildOptions.checkResiduals}), accepts and rejects exactly the rows that a
 * {@code LAZY} read followed by {@link Variant#validate()} on every value accepts and rejects, with
 * the same bytes: on every parquet-testing shredded case and on arbitrary plans and rows.
 */
class FullValidationEquivalenceTest {
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir Path tmp;

  @TestFactory
  Stream<DynamicTest> everyParquetTestingShreddedCase() throws IOException {
    return ShreddedCases.each(FullValidationEquivalenceTest::sameRows);
  }

  @Test
  void arbitraryPlansAndRowsReadTheSameUnderFullValidation() {
    Trials.run(
        "fullValidationEquivalence",
        TRIALS,
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd, 3);
          ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
          List<Variant> valid = ShapedValues.rows(plan, rnd, 30);
          List<Variant> rows = new ArrayList<>(valid);
          int corrupted = 0;
          for (int i = 0; i < rows.size(); i++) {
            Variant v = rows.get(i);
            if (v != null && v.isObject() && rnd.nextInt(4) == 0) {
              rows.set(i, withInvalidString(v));
              corrupted++;
            }
          }
          Path file = Files.createTempFile(tmp, "full", ".parquet");
          int perGroup = 1 + rnd.nextInt(7);
          try {
            TestFileWriter.write(file, plan, layout, rows, perGroup);
          } catch (VariantFormatException e) {
            // The writer re-encodes residuals it cannot copy as they are (another dictionary),
            // and that finds the bad string: the file then holds the valid rows only.
            TestFileWriter.write(file, plan, layout, valid, perGroup);
            rows = valid;
            corrupted = 0;
          }
          assertEquals(rows.size() - corrupted, sameRows(file), file.toString());
        });
  }

  /**
   * {@code v} with one more field, {@code "zz_bad"}, a string of invalid UTF-8: no plan types it,
   * so the writer puts it in the residual as it is, and only a deep check finds it.
   */
  private static Variant withInvalidString(Variant v) {
    VariantBuilder b = new VariantBuilder().startObject();
    for (int i = 0; i < v.fieldCount(); i++) {
      b.key(v.fieldName(i)).appendVariant(v.fieldValue(i));
    }
    byte[] bad = {'o', 'k', (byte) 0xC3};
    return b.key("zz_bad").appendStringUtf8Unchecked(bad, 0, bad.length).endObject().build();
  }

  /** Compares the two reads row by row; returns how many rows both accepted. */
  private static int sameRows(Path file) throws IOException {
    List<Object> lazy = rows(file, VariantReadOptions.Validation.LAZY);
    List<Object> full = rows(file, VariantReadOptions.Validation.FULL);
    assertEquals(lazy.size(), full.size(), file + ": rows or failures");
    int accepted = 0;
    for (int i = 0; i < lazy.size(); i++) {
      String where = file.getFileName() + " row " + i;
      Object want = validated(lazy.get(i));
      Object got = full.get(i);
      if (want instanceof VariantRecord w && got instanceof VariantRecord g) {
        for (String c : w.columns()) {
          if (w.get(c) instanceof Variant wv) {
            assertArrayEquals(wv.metadataBytes(), g.variant(c).metadataBytes(), where);
            assertArrayEquals(wv.valueBytes(), g.variant(c).valueBytes(), where);
          } else {
            assertEquals(w.get(c), g.get(c), where);
          }
        }
        accepted++;
      } else {
        assertEquals(
            want instanceof VariantRecord,
            got instanceof VariantRecord,
            where + ": LAZY + validate() " + outcome(want) + ", FULL " + outcome(got));
      }
    }
    return accepted;
  }

  /** A row's outcome for a message: never renders the row, which may be malformed. */
  private static String outcome(Object row) {
    return row instanceof VariantRecord ? "accepted the row" : String.valueOf(row);
  }

  /** {@code row}, or a failure if a Variant in it does not validate. */
  private static Object validated(Object row) {
    if (row instanceof VariantRecord r) {
      for (String c : r.columns()) {
        if (r.get(c) instanceof Variant v) {
          try {
            v.validate();
          } catch (VariantException e) {
            return "invalid: " + e.getMessage();
          }
        }
      }
    }
    return row;
  }

  /**
   * Each row read, or the failure it gave as a String; a failure that ends the read ends the list.
   */
  private static List<Object> rows(Path file, VariantReadOptions.Validation validation)
      throws IOException {
    List<Object> out = new ArrayList<>();
    try (VariantParquetReader r =
        VariantParquetReader.builder(file).validation(validation).build()) {
      for (int guard = 0; guard < 1_000_000; guard++) {
        try {
          VariantRecord row = r.read();
          if (row == null) {
            break;
          }
          out.add(row);
        } catch (VariantParquetException e) {
          if (e.row() < 0) {
            out.add("file: " + e.detail());
            break; // not a row's failure: the read cannot go on
          }
          out.add("row failed: " + e.detail());
        }
      }
    } catch (VariantParquetException e) {
      out.add("file: " + e.detail());
    }
    return out;
  }
}
