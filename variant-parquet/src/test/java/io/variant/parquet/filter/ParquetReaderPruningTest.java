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
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RowGroupPruning#configure(ParquetReader.Builder, FilterCompat.Filter)}: a parquet-java
 * reader (here parquet-avro's, reading only the id column) returns every row of the row groups the
 * predicate's filter keeps and no other, also the rows of a kept row group that do not match.
 */
class ParquetReaderPruningTest {
  @TempDir Path dir;

  @Test
  void aParquetReaderReadsEveryRowOfTheKeptRowGroupsOnly() throws IOException {
    Path file = dir.resolve("x.parquet");
    List<Variant> rows = new ArrayList<>();
    for (long i = 0; i < 40; i++) {
      VariantBuilder b = new VariantBuilder();
      rows.add(b.startObject().key("x").appendLong(i).endObject().build());
    }
    IdRows.write(
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("e", ShreddingPlan.parse("{\"x\": int64}"))
            .rowGroupRowLimit(10),
        rows);
    VariantPredicate p = VariantPredicate.between("e", "$.x", Literal.of(12), Literal.of(21));
    List<Long> expected = IdRows.kept(KeptRowGroups.of(file, p), rows.size());
    assertEquals(20, expected.size(), "rows 10 to 29: groups 1 and 2");
    assertEquals(expected, ids(file, p.toParquetFilter(schema(file))));
  }

  private static MessageType schema(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFileMetaData().getSchema();
    }
  }

  private static List<Long> ids(Path file, FilterCompat.Filter filter) throws IOException {
    Schema idOnly = SchemaBuilder.record("m").fields().optionalLong("id").endRecord();
    Configuration conf = new Configuration();
    AvroReadSupport.setRequestedProjection(conf, idOnly);
    AvroReadSupport.setAvroReadSchema(conf, idOnly);
    List<Long> ids = new ArrayList<>();
    try (ParquetReader<GenericRecord> r =
        RowGroupPruning.configure(
                AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file)).withConf(conf),
                filter)
            .build()) {
      for (GenericRecord g = r.read(); g != null; g = r.read()) {
        ids.add((Long) g.get("id"));
      }
    }
    return ids;
  }
}
