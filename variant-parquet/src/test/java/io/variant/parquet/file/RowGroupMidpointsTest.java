// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.read.ParquetFuzzSeeds;
import io.variant.testkit.ParquetTesting;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;

/**
 * {@link RowGroupMidpoints} places each row group where parquet-java's range filter places it, on
 * every parquet-testing file and this project's fuzz seeds, whichever reader made the footer: a
 * range of one byte at a row group's midpoint keeps that row group, and only row groups of that
 * midpoint.
 */
class RowGroupMidpointsTest {
  private static final ParquetMetadataConverter CONVERTER = new ParquetMetadataConverter();

  @Test
  void eachRowGroupLiesWhereParquetJavasRangeFilterFindsIt() throws IOException {
    int groups = 0;
    for (InputFile f : files()) {
      ParquetMetadata ours = FooterReader.read(f, false);
      if (ours == null) {
        continue; // a footer parquet-java reads alone
      }
      long[] midpoints = RowGroupMidpoints.of(f, ours);
      assertArrayEquals(midpoints, RowGroupMidpoints.of(f, FooterReader.read(f, true)), f + "");
      assertArrayEquals(midpoints, RowGroupMidpoints.of(f, parquetJavas(f)), f + "");
      byte[] footer = FooterReader.footerBytes(f);
      for (int i = 0; i < midpoints.length; i++) {
        long m = midpoints[i];
        List<Long> kept = new ArrayList<>();
        for (BlockMetaData b :
            CONVERTER
                .readParquetMetadata(
                    new ByteArrayInputStream(footer), ParquetMetadataConverter.range(m, m + 1))
                .getBlocks()) {
          kept.add(b.getRowIndexOffset());
        }
        long first = ours.getBlocks().get(i).getRowIndexOffset();
        assertTrue(kept.contains(first), f + ": row group " + i + " at " + m + " not in " + kept);
        for (int j = 0; j < midpoints.length; j++) {
          long offset = ours.getBlocks().get(j).getRowIndexOffset();
          assertEquals(midpoints[j] == m, kept.contains(offset), f + ": row group " + j);
        }
        groups++;
      }
    }
    assertTrue(groups > 100, groups + " row groups");
  }

  private static ParquetMetadata parquetJavas(InputFile f) throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            f, ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return r.getFooter();
    }
  }

  private static List<InputFile> files() throws IOException {
    List<InputFile> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(ParquetTesting.dir())) {
      s.filter(p -> p.toString().endsWith(".parquet"))
          .sorted()
          .forEach(p -> files.add(new LocalInputFile(p)));
    }
    for (byte[] seed : ParquetFuzzSeeds.files()) {
      files.add(new BytesInputFile(seed));
    }
    return files;
  }
}
