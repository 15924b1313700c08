// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A path through a shredded key with a dot in it, first, inside or last, gives no filter:
 * parquet-java's filter API splits a column path at its dots, so it would name a column the file
 * does not have. The reader still returns every row that matches.
 */
class DottedKeyPruningTest {
  private static final String[] KEYS = {".x", "x.y", "x.", "plain"};

  @TempDir Path dir;

  @Test
  void keysWithADotAnywhereGiveNoFilterAndEveryMatchIsRead() throws IOException {
    StringBuilder plan = new StringBuilder("{");
    for (String k : KEYS) {
      plan.append(plan.length() > 1 ? ", " : "").append('"').append(k).append("\": int64");
    }
    Path file = dir.resolve("dots.parquet");
    List<Variant> rows = new ArrayList<>();
    for (long i = 0; i < 40; i++) {
      VariantBuilder b = new VariantBuilder();
      b.startObject();
      for (String k : KEYS) {
        b.key(k).appendLong(i);
      }
      rows.add(b.endObject().build());
    }
    IdRows.write(
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("e", ShreddingPlan.parse(plan.append('}').toString()))
            .rowGroupRowLimit(10),
        rows);
    MessageType schema;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      schema = r.getFileMetaData().getSchema();
    }
    for (String k : KEYS) {
      VariantPredicate p = VariantPredicate.eq("e", "$['" + k + "']", Literal.of(25));
      assertEquals(k.equals("plain"), p.toFilterPredicate(schema).isPresent(), "a filter for " + k);
      List<Long> ids = IdRows.read(file, p);
      List<Long> matching = new ArrayList<>();
      for (long id : ids) {
        if (p.test(rows.get((int) id))) {
          matching.add(id);
        }
      }
      assertEquals(List.of(25L), matching, k);
      assertEquals(k.equals("plain") ? 10 : 40, ids.size(), k + ": the row groups read");
    }
  }
}
