// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Lists of each typed scalar kind read back equal to what was written, whole and projected: their
 * elements typed, some Variant null and some of another type (in the element residual), lists empty
 * and missing, across pages and row groups; written by this module's writer and by parquet-java in
 * each of its page formats.
 */
class ScalarListKindsReadTest {
  /** Every kind's text form; decimals at the three widths. */
  private static final String[] KINDS =
      Arrays.stream(ShreddedType.Kind.values())
          .flatMap(
              k ->
                  k == ShreddedType.Kind.DECIMAL
                      ? Stream.of("decimal(9,2)", "decimal(18,4)", "decimal(38,6)")
                      : Stream.of(k.text()))
          .toArray(String[]::new);

  private static final int ROWS = 150;

  @TempDir Path tmp;

  /** Element {@code k} of row {@code r} of the list of kind {@code kind}. */
  private static void element(VariantBuilder b, String kind, int r, int k) {
    long n = (long) r * 7 + k;
    if ((r + k) % 9 == 4) {
      b.appendNull();
      return;
    }
    if ((r + k) % 11 == 6) {
      b.appendString("other " + n); // another type: the element's residual
      return;
    }
    switch (kind) {
      case "boolean" -> b.appendBoolean(n % 2 == 0);
      case "int8" -> b.appendInteger(VariantType.INT8, (byte) (n - 60));
      case "int16" -> b.appendInteger(VariantType.INT16, (short) (n * 311 - 9000));
      case "int32" -> b.appendInteger(VariantType.INT32, (int) (n * 1_000_003 - 70_000_000));
      case "int64" -> b.appendLong(n * 1_000_000_007L - (1L << 40));
      case "float" -> b.appendFloat(n / 8f - 3.5f);
      case "double" -> b.appendDouble(n / 16.0 - 1e9);
      case "decimal(9,2)" -> b.appendDecimal(VariantType.DECIMAL4, BigDecimal.valueOf(n - 50, 2));
      case "decimal(18,4)" ->
          b.appendDecimal(VariantType.DECIMAL8, BigDecimal.valueOf(n * 1_000_000_007L - 99, 4));
      case "decimal(38,6)" ->
          b.appendDecimal(
              VariantType.DECIMAL16,
              new BigDecimal("-123456789012345678901234567.123456").add(BigDecimal.valueOf(n)));
      case "date" -> b.appendDate((int) (n * 3 - 400));
      case "time" -> b.appendTimeMicros(n * 1_000_003 % 86_400_000_000L);
      case "timestamp" -> b.appendTimestampMicros(n * 1_000_003_000L - 5_000_000_000L);
      case "timestamp_ntz" -> b.appendTimestampNtzMicros(n * 999_983L);
      case "timestamp_nanos" -> b.appendTimestampNanos(n * 1_000_000_007L - 1);
      case "timestamp_ntz_nanos" -> b.appendTimestampNtzNanos(n * 123_456_789L);
      case "binary" -> b.appendBinary(new byte[] {(byte) n, 0, (byte) (n >> 8)});
      case "string" -> b.appendString("s" + n + (n % 3 == 0 ? " é" : ""));
      case "uuid" -> b.appendUuid(new UUID(n * 31, -n));
      default -> throw new AssertionError(kind);
    }
  }

  private static Variant row(int r) {
    VariantBuilder b = new VariantBuilder().startObject();
    for (int i = 0; i < KINDS.length; i++) {
      if ((r + i) % 13 == 5) {
        continue; // the list missing
      }
      b.key("l" + i).startArray();
      for (int k = 0, n = (r + i) % 5; k < n; k++) { // 0 to 4 elements
        element(b, KINDS[i], r, k);
      }
      b.endArray();
    }
    return b.endObject().build();
  }

  private static ShreddingPlan plan() {
    StringBuilder text = new StringBuilder("{");
    for (int i = 0; i < KINDS.length; i++) {
      text.append(i == 0 ? "" : ", ")
          .append("\"l")
          .append(i)
          .append("\": [")
          .append(KINDS[i])
          .append(']');
    }
    return ShreddingPlan.parse(text.append('}').toString());
  }

  @Test
  void listsOfEveryKindReadBackAsWritten() throws IOException {
    Path file = tmp.resolve("lists.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", plan())
            .rowGroupRowLimit(60)
            .pageRowLimit(7)
            .build()) {
      for (int r = 0; r < ROWS; r++) {
        w.write(VariantRecord.builder().set("v", row(r)).build());
      }
    }
    assertReadsBack(file, "ours");
  }

  /**
   * The same lists written by parquet-java in each of its page formats: the elements' values come
   * from dictionaries, PLAIN pages, delta and byte-stream-split encodings, each of which a run of
   * elements takes its own way (as raw bits, as two words, or through the converter).
   */
  @ParameterizedTest
  @EnumSource(TestFileWriter.Pages.class)
  void listsOfEveryKindReadBackInEveryPageFormat(TestFileWriter.Pages pages) throws IOException {
    Path file = tmp.resolve("lists-" + pages + ".parquet");
    List<Variant> rows = new ArrayList<>();
    for (int r = 0; r < ROWS; r++) {
      rows.add(row(r));
    }
    TestFileWriter.write(file, plan(), ShreddingLayout.SPEC, rows, 60, pages);
    assertReadsBack(file, pages.toString());
  }

  /** Reads column {@code v} of {@code file} whole, then each list alone, and compares each row. */
  private static void assertReadsBack(Path file, String context) throws IOException {
    List<Variant> read = new ArrayList<>();
    try (VariantParquetReader reader = VariantParquetReader.open(file)) {
      for (VariantRecord record : reader) {
        read.add(record.variant("v"));
      }
    }
    assertEquals(ROWS, read.size(), context);
    for (int r = 0; r < ROWS; r++) {
      assertEquals(row(r), read.get(r), context + " row " + r);
    }
    for (int i = 0; i < KINDS.length; i++) {
      try (VariantParquetReader reader = VariantParquetReader.open(file);
          VariantPathReader values = reader.project("v", VariantPath.parse("$.l" + i))) {
        int r = 0;
        for (PathValue v : values) {
          Variant want = row(r).field("l" + i);
          assertEquals(
              want, v.isPresent() ? v.value() : null, context + " " + KINDS[i] + " row " + r);
          r++;
        }
        assertEquals(ROWS, r, context);
      }
    }
  }
}
