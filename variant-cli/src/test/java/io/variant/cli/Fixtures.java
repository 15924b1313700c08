// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Inputs the command tests share: the event log, and small Parquet files written through the
 * library.
 */
final class Fixtures {
  private Fixtures() {}

  /**
   * testdata/events.ndjson: 3000 events with optional fields, type changes, unicode and nesting.
   */
  static Path events() {
    return CliRunner.repoRoot().resolve("testdata/events.ndjson");
  }

  static List<String> eventLines() {
    try {
      return Files.readAllLines(events(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What {@code cat} must print for each JSON line: the same values, keys sorted, numbers as
   * Variant renders them.
   */
  static List<String> canonicalJson(List<String> jsonLines) {
    return jsonLines.stream().map(l -> VariantJson.toJson(VariantJson.parse(l))).toList();
  }

  /**
   * {@code parquetFile} with its footer cut after {@code kept} bytes, and the footer length before
   * the closing magic saying so: a footer that ends inside a field.
   */
  static byte[] footerCut(byte[] parquetFile, int kept) {
    java.nio.ByteBuffer tail =
        java.nio.ByteBuffer.wrap(parquetFile).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int start = parquetFile.length - 8 - tail.getInt(parquetFile.length - 8);
    byte[] cut = java.util.Arrays.copyOf(parquetFile, start + kept + 8);
    java.nio.ByteBuffer.wrap(cut)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN)
        .putInt(start + kept, kept);
    System.arraycopy(parquetFile, parquetFile.length - 4, cut, cut.length - 4, 4); // PAR1
    return cut;
  }

  /** Runs {@code variant args...} with empty stdin and asserts it succeeded. */
  static CliRunner.Result ok(String... args) {
    CliRunner.Result r = CliRunner.run("", args);
    assertEquals(0, r.exitCode(), () -> String.join(" ", args) + " failed: " + r.err());
    return r;
  }

  /**
   * Writes {@code file} with one VARIANT column per entry of {@code columns} (all shredded by
   * {@code plan}) and row {@code i} holding {@code rows[i]} in every one of them; a {@code null}
   * JSON text is SQL NULL.
   */
  static Path parquet(Path file, ShreddingPlan plan, List<String> columns, String... rows)
      throws IOException {
    VariantParquetWriter.Builder b = VariantParquetWriter.builder(file);
    for (String c : columns) {
      b.variantColumn(c, plan);
    }
    try (VariantParquetWriter w = b.build()) {
      for (String json : rows) {
        Variant v = json == null ? null : VariantJson.parse(json);
        VariantRecord.Builder record = VariantRecord.builder();
        columns.forEach(c -> record.set(c, v));
        w.write(record.build());
      }
    }
    return file;
  }
}
