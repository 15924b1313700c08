// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.parquet.BatchOptions;
import io.variant.arrow.parquet.VariantBatchReader;
import io.variant.arrow.parquet.VariantBatchWriter;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's "Arrow vectors" example, compiled, run and checked; every code line of the README
 * section appears in this file (comments and blanks aside).
 */
class ArrowReadmeExampleTest {
  private static final String[] LINES = {
    "{\"id\": 42, \"tags\": [\"a\"]}", "{\"id\": \"n/a\"}", "{\"tags\": []}", "{\"id\": 7}"
  };

  /** The README's batch of JSON text. */
  private static VarCharVector jsonLines(BufferAllocator allocator) {
    VarCharVector json = new VarCharVector("event", allocator);
    for (int i = 0; i < LINES.length; i++) {
      json.setSafe(i, LINES[i].getBytes(StandardCharsets.UTF_8));
    }
    json.setValueCount(LINES.length);
    return json;
  }

  @Test
  void exampleSumsTheTypedIdsOfABatch() {
    ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}");
    VariantPath idPath = VariantPath.parse("$.id");
    ArrowType int64 = new ArrowType.Int(64, true);
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector json = jsonLines(allocator);
        VariantVector events = JsonColumns.jsonToVariant(json);
        VariantVector shredded = Shred.shred(events, plan);
        FieldVector ids = VariantGet.variantGet(shredded, idPath, int64, CastMode.LENIENT)) {
      BigIntVector id = (BigIntVector) ids;
      long sum = 0;
      for (int row = 0; row < id.getValueCount(); row++) {
        if (!id.isNull(row)) {
          sum += id.get(row);
        }
      }
      Variant whole = shredded.getObject(0);

      assertEquals(42 + 7, sum);
      assertEquals(VariantJson.toJson(VariantJson.parse(LINES[0])), VariantJson.toJson(whole));
    }
  }

  @TempDir Path tmp;

  @Test
  void exampleReadsAFileInBatches() throws IOException {
    ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}");
    Path file = tmp.resolve("events.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).variantColumn("event", plan).build()) {
      for (String line : LINES) {
        w.write(VariantRecord.builder().set("event", VariantJson.parse(line)).build());
      }
    }
    VariantPath idPath = VariantPath.parse("$.id");
    ArrowType int64 = new ArrowType.Int(64, true);
    long sum = 0;
    BatchOptions options = BatchOptions.defaults().withPaths("event", idPath);
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
      VectorSchemaRoot batch = reader.root(); // refilled by each loadNextBatch()
      while (reader.loadNextBatch()) {
        VariantVector events = (VariantVector) batch.getVector("event");
        try (FieldVector ids = VariantGet.variantGet(events, idPath, int64, CastMode.LENIENT)) {
          BigIntVector id = (BigIntVector) ids;
          for (int row = 0; row < id.getValueCount(); row++) {
            if (!id.isNull(row)) {
              sum += id.get(row);
            }
          }
        }
      }
    }
    assertEquals(42 + 7, sum);
  }

  @Test
  void exampleWritesABatchToAFile() throws IOException {
    ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}");
    Path file = tmp.resolve("written.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        VarCharVector json = jsonLines(allocator);
        VariantVector events = JsonColumns.jsonToVariant(json);
        VariantVector shredded = Shred.shred(events, plan);
        VectorSchemaRoot batch = VectorSchemaRoot.of(shredded);
        VariantBatchWriter writer = VariantBatchWriter.builder(file).build(batch.getSchema())) {
      batch.setRowCount(shredded.getValueCount());
      writer.write(batch); // each row as the Variant it holds, shredded by the column's plan
    }
    List<String> read = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      assertTrue(r.schema().getType("event").asGroupType().containsField("typed_value"));
      for (VariantRecord record : r) {
        read.add(VariantJson.toJson(record.variant("event")));
      }
    }
    List<String> expected = new ArrayList<>();
    for (String line : LINES) {
      expected.add(VariantJson.toJson(VariantJson.parse(line)));
    }
    assertEquals(expected, read);
  }

  @Test
  void everyReadmeLineIsInThisTest() throws IOException {
    Path root = repoRoot();
    String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
    int from = readme.indexOf("## Arrow vectors");
    int to = readme.indexOf("\n## ", from + 1);
    assertTrue(from >= 0 && to > from, "README.md has no section '## Arrow vectors'");
    List<String> blocks = new ArrayList<>();
    Matcher m =
        Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(readme.substring(from, to));
    while (m.find()) {
      blocks.add(m.group(1));
    }
    assertEquals(3, blocks.size(), "README's Arrow examples");
    String self =
        Files.readString(
            root.resolve(
                "variant-arrow/src/test/java/io/variant/arrow/ArrowReadmeExampleTest.java"));
    Set<String> here = self.lines().map(ArrowReadmeExampleTest::code).collect(Collectors.toSet());
    for (String block : blocks) {
      for (String line : block.lines().map(ArrowReadmeExampleTest::code).toList()) {
        assertTrue(
            line.isEmpty() || here.contains(line), "README line not run by this test: " + line);
      }
    }
  }

  /** A line without its {@code //} comment and with runs of blanks as one space. */
  private static String code(String line) {
    int comment = line.indexOf("//");
    return (comment < 0 ? line : line.substring(0, comment)).strip().replaceAll("\\s+", " ");
  }

  private static Path repoRoot() {
    Path start =
        Path.of(System.getProperty("variant.repo.root", System.getProperty("user.dir")))
            .toAbsolutePath();
    for (Path p = start; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("README.md"))
          && Files.isDirectory(p.resolve("variant-arrow"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root above " + start);
  }
}
