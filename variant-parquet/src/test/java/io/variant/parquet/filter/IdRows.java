// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import io.variant.core.Variant;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Files of the pruning properties: row i holds i in column "id" and {@code rows[i]} in VARIANT
 * column "e"; and the ids that come back.
 */
final class IdRows {
  private IdRows() {}

  /** Writes the rows through a builder that declares "id" and "e". */
  static void write(VariantParquetWriter.Builder builder, List<Variant> rows) throws IOException {
    try (VariantParquetWriter w = builder.build()) {
      for (int i = 0; i < rows.size(); i++) {
        w.write(VariantRecord.builder().set("id", (long) i).set("e", rows.get(i)).build());
      }
    }
  }

  /** The ids the reader returns with {@code filter}: the rows of the row groups it keeps. */
  static List<Long> read(Path file, VariantCondition filter) throws IOException {
    List<Long> ids = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.builder(file).filter(filter).build()) {
      for (VariantRecord row : r) {
        ids.add((Long) row.get("id"));
      }
    }
    return ids;
  }

  /** The ids of {@code rows} rows that lie in the kept row groups, in order. */
  static List<Long> kept(KeptRowGroups kept, int rows) {
    List<Long> ids = new ArrayList<>();
    for (long i = 0; i < rows; i++) {
      if (kept.keeps(i)) {
        ids.add(i);
      }
    }
    return ids;
  }
}
