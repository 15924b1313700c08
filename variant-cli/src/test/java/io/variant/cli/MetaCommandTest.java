// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.TestFileWriter;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code variant meta}: row groups, rows, each column chunk's sizes, encodings and statistics, and
 * each typed path's typed and residual shares, from the footer alone.
 */
class MetaCommandTest {
  @TempDir Path dir;

  /** 10 rows in row groups of 4: $.n is an int64 in 8 rows, a string in 2; $.s always a string. */
  private Path file() throws IOException {
    Path file = dir.resolve("m.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", ShreddingPlan.parse("{\"n\": int64, \"s\": string}"))
            .rowGroupRowLimit(4)
            .build()) {
      for (int i = 0; i < 10; i++) {
        String n = i % 5 == 4 ? "\"x\"" : Integer.toString(100 + i);
        w.write(
            VariantRecord.builder()
                .set("v", VariantJson.parse("{\"n\": " + n + ", \"s\": \"s" + i + "\"}"))
                .build());
      }
    }
    return file;
  }

  @Test
  void describesRowGroupsColumnChunksAndShreddedPaths() throws IOException {
    Path file = file();
    String out = ok("meta", file.toString()).out();
    List<String> lines = out.lines().toList();
    assertEquals(file + ": 10 rows in 3 row groups", lines.get(0), out);
    assertTrue(out.contains("\nrow group 1: 4 rows, "), out);
    assertTrue(out.contains("\nrow group 3: 2 rows, "), out);
    String typedN =
        lines.stream()
            .filter(l -> l.strip().startsWith("v.typed_value.n.typed_value "))
            .findFirst()
            .orElseThrow(() -> new AssertionError(out));
    assertTrue(typedN.contains("INT64"), typedN);
    assertTrue(typedN.contains("compressed") && typedN.contains("uncompressed"), typedN);
    assertTrue(typedN.contains("encodings "), typedN);
    assertTrue(typedN.contains("min 100, max 103") || typedN.contains("min 100"), typedN);
    assertTrue(out.contains("\nshredded paths of VARIANT column v:\n"), out);
    assertTrue(out.contains("  $.n: 8 typed (80.0%), 2 residual (20.0%)\n"), out);
    assertTrue(out.contains("  $.s: 10 typed (100.0%), 0 residual (0.0%)\n"), out);
  }

  @Test
  void readsEveryInputInTurn() throws IOException {
    Path parts = Files.createDirectory(dir.resolve("table"));
    Files.copy(file(), parts.resolve("part-00000.parquet"));
    Files.copy(parts.resolve("part-00000.parquet"), parts.resolve("part-00001.parquet"));
    String out = ok("meta", parts.toString()).out();
    assertTrue(out.startsWith(parts.resolve("part-00000.parquet") + ": 10 rows"), out);
    assertTrue(out.contains("\n" + parts.resolve("part-00001.parquet") + ": 10 rows"), out);
  }

  @Test
  void aVariantColumnThatReadersRefuseHasItsFooterShownAndIsNotCounted() throws IOException {
    // a draft-layout group by its names, but its "object" is no group: no reader reads the column
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { optional group v { optional binary untyped_value; optional int32 object; } }");
    Path file = dir.resolve("refused.parquet");
    Group row = new SimpleGroupFactory(schema).newGroup();
    row.addGroup("v").add("object", 7);
    TestFileWriter.writeRaw(file, schema, List.of(row));
    String out = ok("meta", file.toString()).out();
    assertTrue(out.contains("\n  v.object INT32 "), out);
    assertTrue(
        out.contains("\nVARIANT column v: not counted (") && out.contains("object must be a group"),
        out);
  }
}
