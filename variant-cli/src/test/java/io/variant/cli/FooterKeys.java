// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.ParquetWriters;
import io.variant.parquet.write.VariantColumn;
import io.variant.parquet.write.VariantWriteSupport;
import io.variant.parquet.write.WriteOptions;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.RecordConsumer;

/** A footer's key-value metadata, and files whose footers lack our writer's own keys. */
final class FooterKeys {
  private FooterKeys() {}

  /** The value of {@code key} in {@code file}'s footer, or null. */
  static String value(Path file, String key) throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return r.getFooter().getFileMetaData().getKeyValueMetaData().get(key);
    }
  }

  /**
   * Writes the NDJSON {@code rows} into column {@code variant} shredded by {@code plan}, as another
   * writer would: the same columns and values, and nothing in the footer but parquet-java's own.
   */
  static Path withoutObjectCounts(Path file, String plan, String rows) throws IOException {
    VariantWriteSupport ours =
        new VariantWriteSupport(List.of(VariantColumn.of("variant", ShreddingPlan.parse(plan))));
    try (ParquetWriter<VariantRecord> w =
        ParquetWriters.open(new LocalOutputFile(file), new Other(ours), WriteOptions.defaults())) {
      for (String json : rows.lines().toList()) {
        w.write(VariantRecord.builder().set("variant", VariantJson.parse(json)).build());
      }
    }
    return file;
  }

  /** Writes what {@code ours} writes, but adds nothing to the footer when the file ends. */
  private static final class Other extends WriteSupport<VariantRecord> {
    private final VariantWriteSupport ours;

    Other(VariantWriteSupport ours) {
      this.ours = ours;
    }

    @Override
    public WriteContext init(Configuration configuration) {
      return ours.init(configuration);
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
      return ours.init(configuration);
    }

    @Override
    public void prepareForWrite(RecordConsumer consumer) {
      ours.prepareForWrite(consumer);
    }

    @Override
    public void write(VariantRecord record) {
      ours.write(record);
    }
  }
}
