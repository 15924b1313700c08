// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/** The row groups parquet-java keeps for a predicate, as ordinals and row ranges. */
record KeptRowGroups(int total, List<Integer> ordinals, List<long[]> rowRanges) {

  static KeptRowGroups of(Path file, VariantCondition predicate) throws IOException {
    LocalInputFile in = new LocalInputFile(file);
    int total;
    MessageType schema;
    try (ParquetFileReader all = ParquetFileReader.open(in)) {
      total = all.getRowGroups().size();
      schema = all.getFileMetaData().getSchema();
    }
    ParquetReadOptions options =
        RowGroupPruning.configure(
                ParquetReadOptions.builder(new PlainParquetConfiguration()),
                predicate.toParquetFilter(schema))
            .build();
    List<Integer> ordinals = new ArrayList<>();
    List<long[]> ranges = new ArrayList<>();
    try (ParquetFileReader kept = ParquetFileReader.open(in, options)) {
      for (BlockMetaData b : kept.getRowGroups()) {
        ordinals.add(b.getOrdinal());
        ranges.add(new long[] {b.getRowIndexOffset(), b.getRowIndexOffset() + b.getRowCount()});
      }
    }
    return new KeptRowGroups(total, ordinals, ranges);
  }

  /** True if row {@code index} (0-based, in file order) is in a kept row group. */
  boolean keeps(long index) {
    return rowRanges.stream().anyMatch(r -> r[0] <= index && index < r[1]);
  }
}
