// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static io.variant.parquet.write.VariantParquetWriterTest.builder;
import static io.variant.parquet.write.VariantParquetWriterTest.record;
import static io.variant.parquet.write.VariantParquetWriterTest.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a {@link VariantParquetWriter} of a {@link Path} writes: a temporary file of its own beside
 * the target, moved onto it only when {@code close()} succeeds; nothing left on failure or abort.
 */
class WriterStagingTest {
  @TempDir Path dir;

  @Test
  void writesThroughATemporaryFileAndRenamesOnClose() throws IOException {
    Path out = dir.resolve("atomic.parquet");
    VariantParquetWriter w = builder(out).build();
    w.write(record(1, row(1)));
    assertFalse(Files.exists(out));
    assertEquals(1, listDir().size(), listDir().toString()); // the temporary file
    w.close();
    assertTrue(Files.exists(out));
    assertEquals(List.of("atomic.parquet"), listDir());
  }

  @Test
  void twoWritersOfOnePathNeverWriteOneFile() throws IOException {
    // both had staged to atomic.parquet.tmp: the second truncated the first's file, the first
    // committed, and the second's failure left its own rows (or a broken file) at the target
    Path out = dir.resolve("twice.parquet");
    VariantParquetWriter first = builder(out).build();
    VariantParquetWriter second = builder(out).build();
    first.write(record(1, row(1)));
    for (int i = 0; i < 50; i++) {
      second.write(record(i, row(i)));
    }
    first.close();
    assertThrows(FileAlreadyExistsException.class, second::close);
    assertEquals(1, RawParquet.rows(out).size());
    assertEquals(List.of("twice.parquet"), listDir());
  }

  @Test
  void abortLeavesNoFile() throws IOException {
    Path out = dir.resolve("aborted.parquet");
    VariantParquetWriter w = builder(out).build();
    w.write(record(1, row(1)));
    w.abort();
    w.close(); // a no-op after abort
    assertEquals(List.of(), listDir());
  }

  @Test
  void aFailedWriteDiscardsTheFileOnClose() throws IOException {
    Path out = dir.resolve("failed.parquet");
    // An object whose only field id (5) is outside its empty dictionary: the split fails mid-row.
    Variant bad =
        Variant.of(new byte[] {0x01, 0x00, 0x00}, new byte[] {0x02, 0x01, 0x05, 0x00, 0x01, 0x00});
    VariantParquetWriter w =
        builder(out).inferFromFirst(0).build(); // unbuffered: the row fails at once
    w.write(record(1, row(1)));
    assertThrows(io.variant.core.VariantFormatException.class, () -> w.write(record(2, bad)));
    var again = assertThrows(IllegalStateException.class, () -> w.write(record(3, row(3))));
    assertTrue(again.getMessage().contains("failed"), again.getMessage());
    var e = assertThrows(IOException.class, w::close);
    assertTrue(e.getMessage().contains("discarded"), e.getMessage());
    assertEquals(List.of(), listDir());
  }

  @Test
  void aSampledRowThatFailsWhenFlushedDiscardsTheFile() throws IOException {
    Path out = dir.resolve("failed-late.parquet");
    Variant bad =
        Variant.of(new byte[] {0x01, 0x00, 0x00}, new byte[] {0x02, 0x01, 0x05, 0x00, 0x01, 0x00});
    VariantParquetWriter w = builder(out).inferFromFirst(5).build();
    w.write(record(1, bad)); // buffered in the sample: nothing splits it yet
    assertThrows(io.variant.core.VariantFormatException.class, w::close);
    assertEquals(List.of(), listDir());
  }

  @Test
  void writesToAnOutputFileWithAHadoopConfiguration() throws IOException {
    Path out = dir.resolve("outputfile.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(new org.apache.parquet.io.LocalOutputFile(out))
            .longColumn("id")
            .variantColumn("event", ShreddingPlan.parse("{\"n\": int64}"))
            .conf(new org.apache.hadoop.conf.Configuration())
            .inferFromFirst(0) // no buffering: the file exists from the first row
            .build()) {
      w.write(record(1, row(1)));
      assertTrue(
          Files.exists(out), "an OutputFile is written in place, not through a temporary file");
    }
    assertEquals(1, RawParquet.rows(out).size());
  }

  @Test
  void refusesToReplaceAnExistingFileUnlessOverwriting() throws IOException {
    Path out = dir.resolve("exists.parquet");
    Files.writeString(out, "old");
    assertThrows(FileAlreadyExistsException.class, () -> builder(out).build());
    try (VariantParquetWriter w = builder(out).overwrite().build()) {
      w.write(record(1, row(1)));
    }
    assertEquals(1, RawParquet.rows(out).size());
  }

  /** The names in the directory, sorted. */
  private List<String> listDir() throws IOException {
    try (var s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
