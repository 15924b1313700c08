// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;

/**
 * Reads a file with parquet-java's generic example model, independently of this library's reader.
 */
final class RawParquet {
  private RawParquet() {}

  static ParquetMetadata footer(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter();
    }
  }

  static List<Group> rows(Path file) throws IOException {
    List<Group> out = new ArrayList<>();
    try (ParquetReader<Group> r = new GroupReader(new LocalInputFile(file)).build()) {
      for (Group g = r.read(); g != null; g = r.read()) {
        out.add(g);
      }
    }
    return out;
  }

  private static final class GroupReader extends ParquetReader.Builder<Group> {
    GroupReader(InputFile file) {
      super(file, new PlainParquetConfiguration());
    }

    @Override
    protected ReadSupport<Group> getReadSupport() {
      return new GroupReadSupport();
    }
  }
}
