// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.path.Segment;
import io.variant.shredding.RebuildOptions;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Reads one path of one VARIANT column, requesting only the columns the path needs. See {@link
 * VariantPathReader}.
 */
final class PathReadSupport extends ReadSupport<PathValue> {
  private final String column;
  private final List<Segment> steps;
  private final RebuildOptions options;

  PathReadSupport(String column, List<Segment> steps, RebuildOptions options) {
    this.column = column;
    this.steps = List.copyOf(steps);
    this.options = options;
  }

  @Override
  public ReadContext init(InitContext context) {
    return new ReadContext(new FileColumns(context.getFileSchema()).requestedSchema(column, steps));
  }

  @Override
  @SuppressWarnings(
      "deprecation") // abstract in ReadSupport; readers built on a Hadoop Configuration call it
  public RecordMaterializer<PathValue> prepareForRead(
      Configuration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return materializer(readContext.getRequestedSchema());
  }

  @Override
  public RecordMaterializer<PathValue> prepareForRead(
      ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return materializer(readContext.getRequestedSchema());
  }

  private RecordMaterializer<PathValue> materializer(MessageType requested) {
    RowConverter root = new RowConverter(requested, options);
    PathResolver resolver = new PathResolver(root.variantColumn(0), steps, options);
    return new RecordMaterializer<>() {
      @Override
      public PathValue getCurrentRecord() {
        return resolver.resolve();
      }

      @Override
      public GroupConverter getRootConverter() {
        return root;
      }
    };
  }
}
