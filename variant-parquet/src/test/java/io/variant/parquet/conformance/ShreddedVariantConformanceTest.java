// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.core.VariantMetadata;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.schema.VariantSchemaException;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.ShreddingException;
import io.variant.testkit.ParquetTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of apache/parquet-testing {@code shredded_variant/cases.json}, one {@link DynamicTest}
 * each. Valid cases: every row equals the expected Variant of its {@code .bin} file physically
 * (same type ids) with byte-identical metadata, and a {@code null} file means an SQL NULL row.
 * Error cases must fail with this library's exception. {@code -INVALID} cases may fail or give the
 * expected value by default, and must give it with {@link RebuildOptions#lenient()}. Only case 3,
 * the empty placeholder, has nothing to run.
 */
class ShreddedVariantConformanceTest {
  private static final String COLUMN = "var";

  /** Expected message fragments of the error cases, in our wording (each writer words its own). */
  private static final Map<Integer, String> ERROR_FRAGMENTS =
      Map.of(
          40, "conflicting value and typed_value",
          42, "conflicting value and typed_value",
          87, "non-object value with shredded fields",
          127, "Unsupported shredded value type: INTEGER(32,false)",
          128, "non-object value with shredded fields",
          137, "Unsupported shredded value type: optional fixed_len_byte_array(4) typed_value");

  private static Path dir() {
    return ParquetTesting.dir("shredded_variant");
  }

  private static List<ConformanceCase> cases() throws IOException {
    return ConformanceCase.readAll(dir().resolve("cases.json"));
  }

  @Test
  void casesJsonHasTheDocumentedShape() throws IOException {
    List<ConformanceCase> all = cases();
    long placeholders = all.stream().filter(ConformanceCase::isPlaceholder).count();
    long errors = all.stream().filter(ConformanceCase::isError).count();
    long invalid = all.stream().filter(ConformanceCase::isInvalidButReadable).count();
    long multiRow =
        all.stream().filter(c -> c.variantFiles() != null && c.variantFiles().size() > 1).count();

    assertEquals(138, all.size());
    assertEquals(1, placeholders);
    assertEquals(
        3, all.stream().filter(ConformanceCase::isPlaceholder).findFirst().orElseThrow().number());
    assertEquals(6, errors);
    assertEquals(3, invalid);
    assertEquals(3, multiRow);
    assertEquals(
        ERROR_FRAGMENTS.keySet(),
        all.stream()
            .filter(ConformanceCase::isError)
            .map(ConformanceCase::number)
            .collect(java.util.stream.Collectors.toSet()));
  }

  @TestFactory
  Stream<DynamicTest> everyCase() throws IOException {
    Path dir = dir();
    List<DynamicTest> tests = new ArrayList<>();
    for (ConformanceCase c : cases()) {
      if (c.isPlaceholder()) {
        continue; // case 3: only a number, no file (checked by casesJsonHasTheDocumentedShape)
      }
      tests.add(DynamicTest.dynamicTest(c.displayName(), () -> run(dir, c)));
    }
    return tests.stream();
  }

  private static void run(Path dir, ConformanceCase c) throws IOException {
    Path file = dir.resolve(c.parquetFile());
    if (c.isError()) {
      VariantParquetException e =
          assertThrows(
              VariantParquetException.class, () -> readAll(file, VariantReadOptions.defaults()));
      assertEquals(file.toString(), e.file());
      Throwable cause = e.getCause();
      assertTrue(
          cause instanceof VariantSchemaException || cause instanceof ShreddingException,
          "expected a schema or shredding error, got " + cause);
      String fragment = ERROR_FRAGMENTS.get(c.number());
      assertTrue(e.getMessage().contains(fragment), e.getMessage());
      return;
    }
    List<Variant> expected = new ArrayList<>();
    for (String f : c.variantFiles()) {
      expected.add(f == null ? null : readBin(dir.resolve(f)));
    }
    if (c.isInvalidButReadable()) {
      try {
        assertRows(expected, readAll(file, VariantReadOptions.defaults()));
      } catch (VariantParquetException e) {
        assertTrue(
            e.getCause() instanceof ShreddingException,
            "expected a shredding error, got " + e.getCause());
      }
      assertRows(
          expected,
          readAll(file, VariantReadOptions.defaults().withRebuild(RebuildOptions.lenient())));
      return;
    }
    assertRows(expected, readAll(file, VariantReadOptions.defaults()));
  }

  private static List<VariantRecord> readAll(Path file, VariantReadOptions options)
      throws IOException {
    List<VariantRecord> rows = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.builder(file).options(options).build()) {
      for (VariantRecord row : r) {
        rows.add(row);
      }
      assertEquals(r.rowCount(), rows.size());
    }
    return rows;
  }

  /** metadata ‖ value, split by the metadata's own length. */
  private static Variant readBin(Path bin) throws IOException {
    byte[] b = Files.readAllBytes(bin);
    int metadataLength = VariantMetadata.encodedLength(b, 0, b.length);
    return Variant.of(
        VariantMetadata.of(b, 0, metadataLength), b, metadataLength, b.length - metadataLength);
  }

  private static void assertRows(List<Variant> expected, List<VariantRecord> rows) {
    assertEquals(expected.size(), rows.size(), "row count");
    for (int i = 0; i < rows.size(); i++) {
      Variant want = expected.get(i);
      Variant got = rows.get(i).variant(COLUMN);
      if (want == null) {
        assertNull(got, "row " + i + " should be SQL NULL");
        continue;
      }
      assertNotNull(got, "row " + i + " is SQL NULL");
      if (!VariantEquality.physical(want, got)) {
        fail(
            "row "
                + i
                + ": expected "
                + want
                + " ("
                + want.type()
                + "), got "
                + got
                + " ("
                + got.type()
                + ")");
      }
      assertArrayEquals(want.metadataBytes(), got.metadataBytes(), "row " + i + " metadata");
      // Our output is canonical, as the expected files are, so even the bytes agree.
      assertArrayEquals(want.valueBytes(), got.valueBytes(), "row " + i + " value bytes");
    }
  }
}
