// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.read.UnreadableElementFile.Damage;
import io.variant.parquet.read.UnreadableElementFile.Shape;
import io.variant.shredding.ShreddingException;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A projected path whose value cannot be read names the path, as well as the column and row: one
 * list element ({@code $.items[1]}, {@code $[1]}), which the reader rebuilds alone, had been named
 * {@code $}, and the list holding it ({@code $.items}) {@code $[1]}, since the rebuild names slots
 * from the value it rebuilds. The slot is now named from the row, as reading the whole row names
 * it, through the row reader's projection and an engine's read support alike; a malformed element
 * that full validation finds names the path too.
 */
class ProjectedElementFailureTest {
  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Shape.class)
  void anElementWhoseTypedValueAndResidualConflictNamesThePath(Shape shape) throws IOException {
    Path file =
        UnreadableElementFile.write(dir.resolve("conflict.parquet"), shape, Damage.CONFLICT);
    String list = shape == Shape.IN_OBJECT ? "$.items" : "$";
    String element = list + "[1]";
    for (String path : new String[] {element, list}) {
      VariantParquetException e = refused(file, path, VariantReadOptions.defaults());
      assertContains(e, "Cannot read the projected path " + path + ": ");
      ShreddingException cause = (ShreddingException) e.getCause();
      assertEquals(element, cause.path(), e.getMessage()); // as a read of the whole row says
    }
  }

  @ParameterizedTest
  @EnumSource(Shape.class)
  void aMalformedElementNamesThePath(Shape shape) throws IOException {
    Path file =
        UnreadableElementFile.write(dir.resolve("malformed.parquet"), shape, Damage.MALFORMED);
    String list = shape == Shape.IN_OBJECT ? "$.items" : "$";
    VariantReadOptions full =
        VariantReadOptions.defaults().withValidation(VariantReadOptions.Validation.FULL);
    assertContains(refused(file, list + "[1]", full), "Invalid Variant at " + list + "[1]: ");
    assertContains(
        refused(file, list, VariantReadOptions.defaults()),
        "Cannot read the projected path " + list + ": Invalid variant at byte 0");
  }

  @Test
  void anEnginesReadSupportNamesThePath() throws IOException {
    Path file =
        UnreadableElementFile.write(
            dir.resolve("engine.parquet"), Shape.IN_OBJECT, Damage.CONFLICT);
    ReadSupport<PathValue> support =
        EngineReadSupports.path(
            "v", VariantPath.parse("$.items[1]"), VariantReadOptions.defaults());
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () -> {
              try (ParquetReader<PathValue> r =
                  new ParquetReader.Builder<PathValue>(
                      new LocalInputFile(file), new PlainParquetConfiguration()) {
                    @Override
                    protected ReadSupport<PathValue> getReadSupport() {
                      return support;
                    }
                  }.build()) {
                r.read();
              }
            });
    VariantParquetException named = VariantParquetException.reading(file.toString(), 0, e);
    assertContains(named, "Cannot read the projected path $.items[1]: ");
    assertContains(named, "Invalid shredded variant at $.items[1]: conflicting");
  }

  /** What refuses the first row's value at {@code path}; it names the column and the row. */
  private static VariantParquetException refused(
      Path file, String path, VariantReadOptions options) {
    VariantParquetException e =
        assertThrows(
            VariantParquetException.class,
            () -> {
              try (VariantParquetReader r =
                      VariantParquetReader.builder(file).options(options).build();
                  VariantPathReader values = r.project("v", VariantPath.parse(path))) {
                values.read();
              }
            });
    assertEquals("v", e.column(), e.getMessage());
    assertEquals(0, e.row(), e.getMessage());
    return e;
  }

  private static void assertContains(VariantParquetException e, String text) {
    assertTrue(e.getMessage().contains(text), e.getMessage());
  }
}
