// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read supports engines embed ({@link EngineReadSupports}), driven by parquet-java's own {@link
 * ParquetReader}: under {@code FULL} validation a row whose residual holds invalid UTF-8 fails,
 * naming the column, and the rows after it still read; under {@code LAZY} it reads; the same for a
 * projected path that reaches the bad value.
 */
class EngineReadSupportsValidationTest {
  private static final int BAD_ROW = 3;

  @TempDir Path tmp;

  private Path file() throws IOException {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      VariantBuilder b = new VariantBuilder().startObject().key("a").appendLong(i);
      byte[] s = i == BAD_ROW ? new byte[] {'o', 'k', (byte) 0xC3} : new byte[] {'o', 'k'};
      rows.add(b.key("zz").appendStringUtf8Unchecked(s, 0, s.length).endObject().build());
    }
    Path file = tmp.resolve("engine.parquet");
    TestFileWriter.write(
        file, ShreddingPlan.parse("{\"a\": int64}"), ShreddingLayout.SPEC, rows, 4);
    return file;
  }

  /** Each row's outcome through parquet-java's reader: the value, or the failure's messages. */
  private static <T> List<String> read(Path file, ReadSupport<T> support) throws IOException {
    List<String> out = new ArrayList<>();
    try (ParquetReader<T> r =
        new ParquetReader.Builder<T>(new LocalInputFile(file), new PlainParquetConfiguration()) {
          @Override
          protected ReadSupport<T> getReadSupport() {
            return support;
          }
        }.build()) {
      for (int guard = 0; guard < 100; guard++) {
        try {
          T row = r.read();
          if (row == null) {
            break;
          }
          out.add("ok");
        } catch (RuntimeException e) {
          out.add("failed: " + messages(e));
        }
      }
    }
    return out;
  }

  private static String messages(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(t instanceof VariantParquetException ? "[VariantParquetException] " : "")
          .append(t.getMessage())
          .append(" / ");
    }
    return sb.toString();
  }

  private static void assertOnlyTheBadRowFails(List<String> rows) {
    assertEquals(6, rows.size(), rows.toString());
    for (int i = 0; i < rows.size(); i++) {
      if (i == BAD_ROW) {
        assertTrue(rows.get(i).startsWith("failed: "), rows.toString());
        assertTrue(rows.get(i).contains("[VariantParquetException]"), rows.get(i));
        assertTrue(rows.get(i).contains("v"), rows.get(i));
      } else {
        assertEquals("ok", rows.get(i), "row " + i + " of " + rows);
      }
    }
  }

  @Test
  void fullValidationFailsTheBadRecordOnly() throws IOException {
    Path file = file();
    VariantReadOptions full =
        VariantReadOptions.defaults().withValidation(VariantReadOptions.Validation.FULL);
    assertOnlyTheBadRowFails(read(file, EngineReadSupports.records(full)));
    assertEquals(List.of("ok", "ok", "ok", "ok", "ok", "ok"), read(file, records(LAZY)));
  }

  @Test
  void fullValidationFailsTheBadPathValueOnly() throws IOException {
    Path file = file();
    VariantPath zz = VariantPath.parse("$.zz");
    VariantReadOptions full =
        VariantReadOptions.defaults().withValidation(VariantReadOptions.Validation.FULL);
    assertOnlyTheBadRowFails(read(file, EngineReadSupports.path("v", zz, full)));
    assertEquals(
        List.of("ok", "ok", "ok", "ok", "ok", "ok"),
        read(file, EngineReadSupports.path("v", zz, VariantReadOptions.defaults())));
  }

  private static final VariantReadOptions LAZY =
      VariantReadOptions.defaults().withValidation(VariantReadOptions.Validation.LAZY);

  private static ReadSupport<VariantRecord> records(VariantReadOptions options) {
    return EngineReadSupports.records(options);
  }
}
