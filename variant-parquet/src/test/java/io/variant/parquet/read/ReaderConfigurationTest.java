// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.testkit.ChangedPageFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantParquetReader.Builder#configuration}: page CRCs are checked under a configuration
 * that does not mention them, as under none, and not under one that turns them off (a Hadoop job's
 * {@code parquet.page.verify-checksum.enabled=false}).
 */
class ReaderConfigurationTest {
  private static final String VERIFY = "parquet.page.verify-checksum.enabled";

  @TempDir Path dir;

  @Test
  void aConfigurationThatDoesNotMentionChecksumsChecksThem() throws IOException {
    Path changed = ChangedPageFile.write(dir.resolve("changed.parquet"));
    ParquetConfiguration conf = new PlainParquetConfiguration();
    VariantParquetException e =
        assertThrows(
            VariantParquetException.class,
            () -> readAll(VariantParquetReader.builder(changed).configuration(conf)));
    assertTrue(e.getMessage().contains("do not match the CRC"), e.getMessage());
    assertEquals("true", conf.get(VERIFY));
  }

  @Test
  void aConfigurationThatTurnsChecksumsOffIsObeyed() throws IOException {
    Path changed = ChangedPageFile.write(dir.resolve("changed.parquet"));
    ParquetConfiguration conf = new PlainParquetConfiguration();
    conf.setBoolean(VERIFY, false);
    List<VariantRecord> rows = readAll(VariantParquetReader.builder(changed).configuration(conf));
    assertEquals(ChangedPageFile.ROWS, rows.size());
    assertEquals(
        ChangedPageFile.CHANGED,
        rows.get(ChangedPageFile.ROW).variant(ChangedPageFile.COLUMN).field("name").stringValue());
  }

  private static List<VariantRecord> readAll(VariantParquetReader.Builder builder)
      throws IOException {
    List<VariantRecord> rows = new ArrayList<>();
    try (VariantParquetReader r = builder.build()) {
      for (VariantRecord row = r.read(); row != null; row = r.read()) {
        rows.add(row);
      }
    }
    return rows;
  }
}
