// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.VariantVector;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code withFilter}: the row groups whose statistics rule the predicate out are never read (no
 * byte of their column chunks), the others are read whole, and the predicate's matches among the
 * rows returned are the row reader's matches.
 */
class BatchReaderPruningTest {
  private static final int GROUP_ROWS = 10;
  private static final int ROWS = 50;

  @TempDir Path tmp;

  /**
   * Row {@code i} is {@code {"n": i, "s": ...}} with {@code n} typed: row group {@code g} holds
   * {@code n} from {@code 10 g} to {@code 10 g + 9}; row 23's {@code n} is a string (a residual),
   * so its row group's statistics bound nothing.
   */
  private Path file() throws IOException {
    Path file = tmp.resolve("groups.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("v", ShreddingPlan.parse("{\"n\": int64, \"s\": string}"))
            .rowGroupRowLimit(GROUP_ROWS)
            .overwrite()
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        String n = i == 23 ? "\"x\"" : Integer.toString(i);
        Variant v = VariantJson.parse("{\"n\": " + n + ", \"s\": \"r" + i + "\"}");
        w.write(VariantRecord.builder().set("id", (long) i).set("v", v).build());
      }
    }
    return file;
  }

  @Test
  void rowGroupsRuledOutAreNotRead() throws Exception {
    Path file = file();
    VariantPredicate above = VariantPredicate.gt("v", "$.n", Literal.of(34));
    Read read = read(file, above, 4);

    List<BlockMetaData> groups = groups(file);
    assertEquals(ROWS / GROUP_ROWS, groups.size(), "row groups written");
    for (int g = 0; g < groups.size(); g++) {
      // groups 3 and 4 may match; group 2's typed column does not, and its residual holds only
      // row 23's string "x", which no number matches
      assertEquals(g >= 3, read.file.wasRead(groups.get(g)), "row group " + g + " read");
    }
    assertEquals(range(30, 50), read.ids, "the kept row groups' rows, whole");
    assertEquals(List.of(4, 4, 2, 4, 4, 2), read.batchRows, "batches end at row group ends");
    assertEquals(matches(rowReader(file), above), matches(read.rows, above));
  }

  @Test
  void aResidualInARowGroupKeepsIt() throws Exception {
    Path file = file();
    VariantPredicate equal = VariantPredicate.eq("v", "$.n", Literal.of(25));
    Read read = read(file, equal, 100);

    List<BlockMetaData> groups = groups(file);
    for (int g = 0; g < groups.size(); g++) {
      // group 2 holds 25, and also row 23's residual "x", which its statistics do not cover
      assertEquals(g == 2, read.file.wasRead(groups.get(g)), "row group " + g + " read");
    }
    assertEquals(range(20, 30), read.ids);
    assertEquals(List.of(10), read.batchRows);
    assertEquals(List.of(25L), ids(matches(rowReader(file), equal)));
    assertEquals(matches(rowReader(file), equal), matches(read.rows, equal));
  }

  @Test
  void aPathThatIsNotTypedPrunesNothing() throws Exception {
    Path file = file();
    VariantPredicate untyped = VariantPredicate.eq("v", "$.other", Literal.of(1));
    Read read = read(file, untyped, 100);

    for (BlockMetaData group : groups(file)) {
      assertTrue(read.file.wasRead(group), "row group at " + group.getStartingPos() + " read");
    }
    assertEquals(range(0, ROWS), read.ids);
    assertTrue(matches(read.rows, untyped).isEmpty());
  }

  /** What one filtered read returned, and what it read of the file. */
  private record Read(
      ReadRecordingFile file, List<Long> ids, List<Variant> rows, List<Integer> batchRows) {}

  private static Read read(Path path, VariantPredicate filter, int batchSize) throws IOException {
    ReadRecordingFile file = new ReadRecordingFile(path);
    List<Long> ids = new ArrayList<>();
    List<Variant> rows = new ArrayList<>();
    List<Integer> batchRows = new ArrayList<>();
    BatchOptions options = BatchOptions.defaults().withBatchSize(batchSize).withFilter(filter);
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader =
            VariantBatchReader.open(file, path.toString(), allocator, options)) {
      while (reader.loadNextBatch()) {
        BigIntVector id = (BigIntVector) reader.root().getVector("id");
        VariantVector v = (VariantVector) reader.root().getVector("v");
        batchRows.add(reader.root().getRowCount());
        for (int i = 0; i < reader.root().getRowCount(); i++) {
          ids.add(id.get(i));
          rows.add(v.getObject(i));
        }
      }
    }
    return new Read(file, ids, rows, batchRows);
  }

  private static List<BlockMetaData> groups(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getBlocks();
    }
  }

  private static List<Variant> rowReader(Path file) throws IOException {
    List<Variant> rows = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (VariantRecord record : r) {
        rows.add(record.variant("v"));
      }
    }
    return rows;
  }

  /** The rows {@code predicate} matches, as JSON text. */
  private static List<String> matches(List<Variant> rows, VariantPredicate predicate) {
    List<String> out = new ArrayList<>();
    for (Variant v : rows) {
      if (predicate.test(v)) {
        out.add(VariantJson.toJson(v));
      }
    }
    return out;
  }

  private static List<Long> ids(List<String> json) {
    List<Long> out = new ArrayList<>();
    for (String j : json) {
      out.add(VariantJson.parse(j).field("n").longValue());
    }
    return out;
  }

  private static List<Long> range(long from, long to) {
    List<Long> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      out.add(i);
    }
    return out;
  }
}
