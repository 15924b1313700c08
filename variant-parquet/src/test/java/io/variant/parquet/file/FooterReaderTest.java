// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.parquet.read.ParquetFuzzSeeds;
import io.variant.testkit.ParquetTesting;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import shaded.parquet.com.fasterxml.jackson.databind.JsonNode;
import shaded.parquet.com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@link FooterReader} gives the footer parquet-java's converter makes of the same bytes (without
 * statistics unless asked for; with them, less those {@link StatisticsTrust} drops), on every
 * parquet-testing file and this project's fuzz seeds, and leaves a damaged footer to parquet-java.
 */
class FooterReaderTest {
  private static final ParquetMetadataConverter CONVERTER = new ParquetMetadataConverter();
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void equalsParquetJavasConversion() throws IOException {
    List<InputFile> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(ParquetTesting.dir())) {
      s.filter(p -> p.toString().endsWith(".parquet"))
          .sorted()
          .forEach(p -> files.add(new LocalInputFile(p)));
    }
    for (byte[] seed : ParquetFuzzSeeds.files()) {
      files.add(new BytesInputFile(seed));
    }
    for (InputFile f : files) {
      FileMetaData thrift =
          Util.readFileMetaData(new ByteArrayInputStream(FooterReader.footerBytes(f)));
      FileMetaData trusted = thrift.deepCopy();
      StatisticsTrust.dropUntrusted(trusted); // tested on its own in StatisticsTrustTest
      assertSame(numbered(CONVERTER.fromParquetMetadata(trusted)), FooterReader.read(f, true), f);
      dropStatistics(thrift);
      ParquetMetadata want = numbered(CONVERTER.fromParquetMetadata(thrift));
      ParquetMetadata first = FooterReader.read(f, false);
      assertSame(want, first, f);
      // each row group's first row, as parquet-java's own footer reader numbers them
      try (ParquetFileReader reader = ParquetFileReader.open(f)) {
        List<BlockMetaData> theirs = reader.getFooter().getBlocks();
        for (int i = 0; i < theirs.size(); i++) {
          assertEquals(
              theirs.get(i).getRowIndexOffset(),
              first.getBlocks().get(i).getRowIndexOffset(),
              f + "");
        }
      }
      // again, with the schema found among those converted (FooterSchema)
      ParquetMetadata again = FooterReader.read(f, false);
      assertSame(want, again, f);
      org.junit.jupiter.api.Assertions.assertSame(
          first.getFileMetaData().getSchema(), again.getFileMetaData().getSchema());
    }
  }

  @Test
  void leavesADamagedFooterToParquetJava() {
    byte[] file = ParquetFuzzSeeds.files()[0].clone();
    int footerEnd = file.length - 8;
    file[footerEnd - 1] = (byte) 0xFF; // the FileMetaData's closing stop becomes a field header
    assertNull(FooterReader.read(new BytesInputFile(file), false));
    assertNull(FooterReader.read(new BytesInputFile(new byte[] {'P', 'A', 'R', '1'}), false));
  }

  /** {@code footer} with each row group's first row set, as parquet-java's reader sets it. */
  private static ParquetMetadata numbered(ParquetMetadata footer) {
    long first = 0;
    for (BlockMetaData b : footer.getBlocks()) {
      b.setRowIndexOffset(first);
      first += b.getRowCount();
    }
    return footer;
  }

  private static void assertSame(ParquetMetadata want, ParquetMetadata got, Object where) {
    assertNotNull(got, where + " declined");
    // as trees: a chunk's properties come in the order of its class's fields (parquet-java's chunk
    // classes differ in that between small and large offsets, and ChunkConversion has its own)
    assertEquals(json(want), json(got), where.toString());
    assertEquals(want.getFileMetaData().getSchema(), got.getFileMetaData().getSchema());
    assertEquals(want.getBlocks().size(), got.getBlocks().size());
    for (int i = 0; i < want.getBlocks().size(); i++) {
      BlockMetaData w = want.getBlocks().get(i);
      BlockMetaData g = got.getBlocks().get(i);
      assertEquals(w.getColumns().size(), g.getColumns().size());
      for (int j = 0; j < w.getColumns().size(); j++) {
        ColumnChunkMetaData a = w.getColumns().get(j);
        ColumnChunkMetaData b = g.getColumns().get(j);
        String at = where + " chunk " + i + "." + j;
        assertEquals(a.getPath(), b.getPath(), at);
        assertEquals(a.getPrimitiveType(), b.getPrimitiveType(), at);
        assertEquals(a.getEncodings(), b.getEncodings(), at);
        assertEquals(stats(a.getEncodingStats()), stats(b.getEncodingStats()), at);
        assertEquals(a.getStatistics(), b.getStatistics(), at);
        assertEquals(a.getRowGroupOrdinal(), b.getRowGroupOrdinal(), at);
        assertEquals(a.getBloomFilterOffset(), b.getBloomFilterOffset(), at);
        assertEquals(a.getBloomFilterLength(), b.getBloomFilterLength(), at);
        assertEquals(ref(a.getColumnIndexReference()), ref(b.getColumnIndexReference()), at);
        assertEquals(ref(a.getOffsetIndexReference()), ref(b.getOffsetIndexReference()), at);
      }
    }
  }

  private static JsonNode json(ParquetMetadata footer) {
    try {
      return JSON.readTree(ParquetMetadata.toJSON(footer));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** EncodingStats has no equals: its counts, per encoding, as text. */
  private static String stats(org.apache.parquet.column.EncodingStats s) {
    if (s == null) {
      return "none";
    }
    StringBuilder b = new StringBuilder(s.usesV2Pages() ? "v2" : "v1");
    for (var e : org.apache.parquet.column.Encoding.values()) {
      b.append(' ').append(s.getNumDictionaryPagesEncodedAs(e));
      b.append('/').append(s.getNumDataPagesEncodedAs(e));
    }
    return b.toString();
  }

  private static String ref(org.apache.parquet.internal.hadoop.metadata.IndexReference r) {
    return r == null ? "none" : r.getOffset() + "+" + r.getLength();
  }

  private static void dropStatistics(FileMetaData m) {
    for (RowGroup g : m.getRow_groups()) {
      for (ColumnChunk c : g.getColumns()) {
        c.getMeta_data().unsetStatistics();
        c.getMeta_data().unsetSize_statistics();
        c.getMeta_data().unsetGeospatial_statistics();
      }
    }
  }
}
