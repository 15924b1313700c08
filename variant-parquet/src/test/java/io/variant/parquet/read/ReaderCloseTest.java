// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader makes its row cursor at the first read (a reader opened only to project never prunes the
 * whole schema): reading after close still fails the same way, whether or not it read before.
 */
class ReaderCloseTest {
  @TempDir Path tmp;

  private static Variant int64(long v) {
    return new io.variant.core.VariantBuilder().appendLong(v).build();
  }

  @Test
  void readAfterCloseFailsWithOrWithoutAnEarlierRead() throws IOException {
    Path file = tmp.resolve("f.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", ShreddingPlan.scalar(ShreddedType.INT64))
            .build()) {
      w.write(VariantRecord.builder().set("v", int64(42)).build());
    }
    VariantParquetReader unread = VariantParquetReader.open(file);
    unread.close();
    var e = assertThrows(IllegalStateException.class, unread::read);
    assertTrue(e.getMessage().contains("closed"), e.getMessage());

    VariantParquetReader read = VariantParquetReader.open(file);
    assertEquals(int64(42), read.read().variant("v"));
    read.close();
    var again = assertThrows(IllegalStateException.class, read::read);
    assertEquals(e.getMessage(), again.getMessage());
  }

  @Test
  void projectionNeedsNoRowCursor() throws IOException {
    Path file = tmp.resolve("p.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", ShreddingPlan.scalar(ShreddedType.INT64))
            .build()) {
      w.write(VariantRecord.builder().set("v", int64(7)).build());
    }
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader p = r.project("v", VariantPath.parse("$"))) {
      assertEquals(int64(7), p.read().value());
      assertEquals(int64(7), r.read().variant("v"));
    }
  }
}
