// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * {@link RowGroupPruning#ignoredStatistics} for a chunk whose statistics count its nulls but give
 * no min or max (parquet-java drops NaN bounds when it reads a footer): its values, all but the
 * nulls, are bounded by nothing; an all-null chunk has no value to bound.
 */
class UnboundedStatisticsTest {
  private static ColumnChunkMetaData chunk(long values, long nulls) {
    PrimitiveType type =
        Types.optional(PrimitiveType.PrimitiveTypeName.DOUBLE).named("typed_value");
    Statistics<?> stats = Statistics.getBuilderForReading(type).withNumNulls(nulls).build();
    return ColumnChunkMetaData.get(
        ColumnPath.get("e", "typed_value", "d", "typed_value"),
        type,
        CompressionCodecName.UNCOMPRESSED,
        null,
        Set.of(Encoding.PLAIN),
        stats,
        4,
        0,
        values,
        100,
        100);
  }

  @Test
  void namesTheValuesThatNoMinOrMaxBounds() {
    assertEquals(
        Optional.of("no min or max for its 10 values"),
        RowGroupPruning.ignoredStatistics(chunk(10, 0)));
    assertEquals(
        Optional.of("no min or max for its 6 values"),
        RowGroupPruning.ignoredStatistics(chunk(10, 4)));
    assertEquals(
        Optional.of("no min or max for its 1,000,000 values"),
        RowGroupPruning.ignoredStatistics(chunk(1_000_001, 1)));
  }

  @Test
  void anAllNullChunkNeedsNoBound() {
    assertEquals(Optional.empty(), RowGroupPruning.ignoredStatistics(chunk(10, 10)));
  }
}
