// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The encoding chosen by each column chunk's first page holds for its other pages, each row group
 * chooses anew, a page of nulls postpones the choice, and a kept dictionary that outgrows its limit
 * falls back: in every case the rows read back are those of parquet-java's own encodings.
 */
class SmallestEncodingPagesTest {
  @TempDir Path tmp;

  @Test
  void pagesRowGroupsAndADictionaryThatOutgrowsItsLimitReadBackAsWritten() throws IOException {
    ShreddingPlan plan = ShreddingPlan.parse("{\"s\": string, \"n\": int64, \"late\": string}");
    Random r = new Random(7);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 12_000; i++) {
      // s: a few values in the first row group's first pages (a dictionary pays), then 300-byte
      // unique strings, 3 MB of them: the dictionary passes its 1 MB limit and falls back.
      String s =
          i < 2000
              ? "kind-" + r.nextInt(4)
              : String.format(Locale.ROOT, "%0300d", r.nextLong() & Long.MAX_VALUE);
      // n: random in one row group, growing in the next; late: absent from the first 1,000 rows
      long n = i < 6_000 ? r.nextInt(1_000_000) : 5L * i;
      rows.add(
          VariantJson.parse(
              String.format(
                  Locale.ROOT,
                  "{\"s\": \"%s\", \"n\": %d%s}",
                  s,
                  n,
                  i < 1000 ? "" : ", \"late\": \"x" + r.nextInt(5) + "\"")));
    }
    Path ours = tmp.resolve("ours.parquet");
    Path parquetJava = tmp.resolve("parquet-java.parquet");
    write(ours, plan, rows, false);
    write(parquetJava, plan, rows, true);

    assertEquals(
        LevelWriterPropertyTest.readGroups(parquetJava), LevelWriterPropertyTest.readGroups(ours));
    List<Set<Encoding>> s = encodings(ours, "v.typed_value.s.typed_value");
    assertTrue(s.get(0).contains(Encoding.PLAIN_DICTIONARY), s.toString());
    assertTrue(
        s.get(0).size() > 3, "fell back within the chunk: " + s); // and levels' RLE, BIT_PACKED
    assertTrue(s.size() > 1, "more than one row group");
  }

  /**
   * Our encodings end a page by its size only, unless a row limit is given; parquet-java's
   * encodings keep its 20,000 rows a page.
   */
  @Test
  void pagesEndBySizeUnlessARowLimitIsGiven() throws IOException {
    ShreddingPlan plan = ShreddingPlan.parse("{\"n\": int64}");
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      rows.add(VariantJson.parse("{\"n\": " + i + "}"));
    }
    assertEquals(1, pages(writeAll(tmp.resolve("ours.parquet"), plan, rows, false, 0)));
    assertEquals(3, pages(writeAll(tmp.resolve("parquet-java.parquet"), plan, rows, true, 0)));
    assertEquals(5, pages(writeAll(tmp.resolve("limited.parquet"), plan, rows, false, 10_000)));
  }

  private static Path writeAll(
      Path file, ShreddingPlan plan, List<Variant> rows, boolean parquetJava, int pageRows)
      throws IOException {
    VariantParquetWriter.Builder b =
        VariantParquetWriter.builder(file).variantColumn("v", plan).inferFromFirst(0);
    if (pageRows > 0) {
      b.pageRowLimit(pageRows);
    }
    if (parquetJava) {
      b.parquetJavaEncodings();
    }
    try (VariantParquetWriter w = b.build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
    }
    return file;
  }

  /** The data pages of the typed column {@code n}, by its offset index. */
  private static int pages(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (ColumnChunkMetaData c : r.getFooter().getBlocks().get(0).getColumns()) {
        if (c.getPath().toDotString().equals("v.typed_value.n.typed_value")) {
          return r.readOffsetIndex(c).getPageCount();
        }
      }
    }
    throw new AssertionError("no column n in " + file);
  }

  private static void write(Path file, ShreddingPlan plan, List<Variant> rows, boolean parquetJava)
      throws IOException {
    VariantParquetWriter.Builder b =
        VariantParquetWriter.builder(file)
            .variantColumn("v", plan)
            .inferFromFirst(0)
            .rowGroupRowLimit(6_000)
            .pageRowLimit(500);
    if (parquetJava) {
      b.parquetJavaEncodings();
    }
    try (VariantParquetWriter w = b.build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
    }
  }

  /** The encodings of column {@code path} per row group. */
  private static List<Set<Encoding>> encodings(Path file, String path) throws IOException {
    List<Set<Encoding>> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData block : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : block.getColumns()) {
          if (c.getPath().toDotString().equals(path)) {
            out.add(c.getEncodings());
          }
        }
      }
    }
    return out;
  }
}
