// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.core.Variant;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.guard.GuardedInputFile;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The level reader ({@link LevelRows}, what {@link VariantParquetReader} reads with) and
 * parquet-java's record assembly into {@link VariantReadSupport} / {@link PathReadSupport} (what an
 * engine's own {@code ParquetReader} runs) give the same rows: byte-identical metadata and values,
 * the same SQL NULLs, and the same failures, on every parquet-testing shredded case (strict and
 * lenient) and on arbitrary plans, rows, layouts and paths.
 */
class LevelReaderEquivalenceTest {
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);

  @TempDir Path tmp;

  /** A read's outcome: its rows, or the detail of the failure. */
  private record Outcome<T>(List<T> rows, String failure) {}

  @TestFactory
  Stream<DynamicTest> everyParquetTestingShreddedCase() throws IOException {
    return ShreddedCases.each(
        f -> {
          sameRecords(f, RebuildOptions.defaults());
          sameRecords(f, RebuildOptions.lenient());
        });
  }

  @Test
  void arbitraryPlansRowsAndPathsReadTheSameBothWays() {
    Trials.run("levelReaderEquivalence", TRIALS, rnd -> readBothWays(rnd, 30, 1, 7, 3));
  }

  /**
   * Files of up to 1,200 rows in row groups of 40 to 1,000 rows (pages of a third of that): the
   * levels and values that leaves outside lists decode ahead ({@link LeafPages#FLAT_CHUNK} entries
   * at a time, {@link FlatValues}) end inside pages, at their ends and at row group ends, with rows
   * null or missing at every level in between.
   */
  @Test
  void batchesAcrossPagesAndRowGroupsReadTheSameBothWays() {
    Trials.run(
        "levelReaderBatches", Math.max(5, TRIALS / 4), rnd -> readBothWays(rnd, 1200, 40, 960, 1));
  }

  /**
   * Writes up to {@code maxRows} rows of an arbitrary plan in row groups of {@code minGroup} to
   * {@code minGroup + groupSpread - 1} rows, then reads the file both ways, whole and at {@code
   * paths} arbitrary paths.
   */
  private void readBothWays(Random rnd, int maxRows, int minGroup, int groupSpread, int paths)
      throws IOException {
    ShreddingPlan plan = PlanGen.plan(rnd, 3);
    ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
    List<Variant> rows = ShapedValues.rows(plan, rnd, maxRows);
    Path file = Files.createTempFile(tmp, "eq", ".parquet");
    TestFileWriter.Pages[] kinds = TestFileWriter.Pages.values();
    TestFileWriter.Pages pages = kinds[rnd.nextInt(kinds.length)];
    TestFileWriter.write(file, plan, layout, rows, minGroup + rnd.nextInt(groupSpread), pages);
    sameRecords(file, RebuildOptions.defaults());
    for (int p = 0; p < paths; p++) {
      samePath(file, ProjectionPropertyTest.pathFor(plan, rnd));
    }
  }

  /** Reads {@code file} both ways and asserts the same rows or the same failure. */
  static void sameRecords(Path file, RebuildOptions options) throws IOException {
    Outcome<VariantRecord> levels = levels(file, options);
    Outcome<VariantRecord> assembled =
        assembled(file, new VariantReadSupport(options, null), options);
    String where = file.getFileName() + " " + options;
    assertEquals(assembled.failure(), levels.failure(), where);
    if (levels.failure() != null) {
      return;
    }
    assertEquals(assembled.rows().size(), levels.rows().size(), where);
    for (int i = 0; i < levels.rows().size(); i++) {
      VariantRecord a = assembled.rows().get(i);
      VariantRecord l = levels.rows().get(i);
      assertEquals(a.columns(), l.columns(), where);
      for (String c : a.columns()) {
        if (a.get(c) instanceof Variant av) {
          sameBytes(av, l.variant(c), where + " row " + i + " column " + c);
        } else {
          assertEquals(a, l, where + " row " + i);
        }
      }
    }
  }

  private static void samePath(Path file, List<Segment> steps) throws IOException {
    VariantPath path = VariantPath.of(steps);
    List<PathValue> levels = new ArrayList<>();
    String levelFailure = null;
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader values = r.project(TestFileWriter.COLUMN, path)) {
      for (PathValue v = values.read(); v != null; v = values.read()) {
        levels.add(v);
      }
    } catch (VariantParquetException e) {
      levelFailure = e.detail();
    }
    Outcome<PathValue> assembled =
        assembled(
            file,
            new PathReadSupport(TestFileWriter.COLUMN, steps, RebuildOptions.defaults()),
            RebuildOptions.defaults());
    String where = file.getFileName() + " path " + path;
    assertEquals(assembled.failure(), levelFailure, where);
    if (levelFailure != null) {
      return;
    }
    assertEquals(assembled.rows().size(), levels.size(), where);
    for (int i = 0; i < levels.size(); i++) {
      PathValue a = assembled.rows().get(i);
      PathValue l = levels.get(i);
      String at = where + " row " + i;
      assertEquals(a.isSqlNull(), l.isSqlNull(), at);
      assertEquals(a.isPresent(), l.isPresent(), at);
      assertEquals(a.fromTypedColumns(), l.fromTypedColumns(), at);
      if (a.isPresent()) {
        sameBytes(a.value(), l.value(), at);
      }
    }
  }

  private static void sameBytes(Variant want, Variant got, String where) {
    if (want == null) {
      assertNull(got, where);
      return;
    }
    assertArrayEquals(want.metadataBytes(), got.metadataBytes(), where + " metadata");
    assertArrayEquals(want.valueBytes(), got.valueBytes(), where + " value");
  }

  private static Outcome<VariantRecord> levels(Path file, RebuildOptions options)
      throws IOException {
    List<VariantRecord> rows = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.builder(file).rebuild(options).build()) {
      for (VariantRecord row = r.read(); row != null; row = r.read()) {
        rows.add(row);
      }
    } catch (VariantParquetException e) {
      return new Outcome<>(null, e.detail());
    }
    return new Outcome<>(rows, null);
  }

  /** An engine's read: parquet-java's own reader and record assembly over the guarded file. */
  private static <T> Outcome<T> assembled(Path file, ReadSupport<T> support, RebuildOptions options)
      throws IOException {
    List<T> rows = new ArrayList<>();
    try {
      InputFile in = GuardedInputFile.open(new LocalInputFile(file), file.toString());
      try (ParquetReader<T> r =
          new ParquetReader.Builder<T>(
              in, GuardedInputFile.verifyChecksums(new PlainParquetConfiguration())) {
            @Override
            protected ReadSupport<T> getReadSupport() {
              return support;
            }
          }.build()) {
        for (T row = r.read(); row != null; row = r.read()) {
          rows.add(row);
        }
      }
    } catch (RuntimeException e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof VariantParquetException v) {
          return new Outcome<>(null, v.detail());
        }
        if (t instanceof VariantSchemaException v) { // init's, unwrapped: the reader's detail
          return new Outcome<>(null, v.getMessage());
        }
      }
      throw e;
    }
    return new Outcome<>(rows, null);
  }
}
