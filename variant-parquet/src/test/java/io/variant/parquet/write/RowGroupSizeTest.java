// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row groups end near the size target ({@code rowGroupSize}): every group but the last holds
 * between 65% and 105% of the target in encoded bytes (the footer's total byte size), on rows of
 * steady size and on rows that grow along the file, written row by row and through encoders. (The
 * groups end on the writers' buffered size, which runs ahead of the bytes the chunks finally take:
 * here the groups hold 82% of the target with rows of steady size, 73% to 90% with growing rows.)
 */
class RowGroupSizeTest {
  private static final long TARGET = 256 * 1024;
  private static final ShreddingPlan PLAN =
      ShreddingPlan.parse("{\"id\": int64, \"name\": string}");

  @TempDir Path tmp;

  /** Row {@code i}: random text, of about {@code width} characters. */
  private static VariantRecord row(int i, int width, Random rnd) {
    StringBuilder text = new StringBuilder();
    while (text.length() < width) {
      text.append(Long.toString(rnd.nextLong() & Long.MAX_VALUE, 36));
    }
    String json =
        "{\"id\": " + i + ", \"name\": \"n" + rnd.nextInt(1000) + "\", \"text\": \"" + text + "\"}";
    return VariantRecord.builder().set("v", VariantJson.parse(json)).build();
  }

  private static VariantParquetWriter writer(Path file) throws IOException {
    return VariantParquetWriter.builder(file)
        .variantColumn("v", PLAN)
        .rowGroupSize(TARGET)
        .overwrite()
        .build();
  }

  private static List<BlockMetaData> groups(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getBlocks();
    }
  }

  private static void assertNearTheTarget(List<BlockMetaData> groups, long rows, String what) {
    assertTrue(groups.size() >= 3, what + ": " + groups.size() + " groups");
    long total = 0;
    for (int g = 0; g < groups.size(); g++) {
      BlockMetaData b = groups.get(g);
      total += b.getRowCount();
      if (g < groups.size() - 1) {
        long bytes = b.getTotalByteSize();
        assertTrue(
            bytes >= TARGET * 65 / 100 && bytes <= TARGET * 105 / 100,
            what
                + ": group "
                + g
                + " of "
                + groups.size()
                + " holds "
                + bytes
                + " B, "
                + b.getRowCount()
                + " rows");
      }
    }
    assertEquals(rows, total, what);
  }

  @Test
  void rowGroupsWrittenRowByRowEndNearTheTarget() throws IOException {
    for (boolean growing : new boolean[] {false, true}) {
      Path file = tmp.resolve("rows-" + growing + ".parquet");
      Random rnd = new Random(7);
      int rows = 12_000;
      try (VariantParquetWriter w = writer(file)) {
        for (int i = 0; i < rows; i++) {
          w.write(row(i, growing ? 40 + i / 60 : 120, rnd));
        }
      }
      assertNearTheTarget(groups(file), rows, growing ? "growing rows" : "steady rows");
    }
  }

  @Test
  void rowGroupsOfAnEncoderEndNearTheTarget() throws IOException {
    Path file = tmp.resolve("encoded.parquet");
    Random rnd = new Random(11);
    int rows = 12_000;
    try (VariantParquetWriter w = writer(file)) {
      List<EncodedRowGroup> encoded = new ArrayList<>();
      try (RowGroupEncoder encoder = w.encoder()) {
        for (int i = 0; i < rows; i++) {
          encoder.write(row(i, 120, rnd));
        }
        encoded.addAll(encoder.finish());
      }
      for (EncodedRowGroup g : encoded) {
        w.append(g);
      }
    }
    assertNearTheTarget(groups(file), rows, "encoded rows");
  }
}
