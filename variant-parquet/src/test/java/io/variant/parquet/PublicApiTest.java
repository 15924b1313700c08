// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet;

import io.variant.testkit.PublicApiContract;
import java.util.List;

/**
 * variant-parquet's public types are the API listed here, on purpose, and no type is marked
 * internal (see {@link PublicApiContract}). A new public type fails this test until it is listed,
 * made package-private, or moved to {@code io.variant.parquet.internal}.
 */
class PublicApiTest extends PublicApiContract {
  /**
   * What the README and the Javadoc present, engines' read and write supports included. Not here:
   * {@code io.variant.parquet.file} and {@code .encoding}, our Parquet engine, whose package-infos
   * mark them internal, and {@code .internal}.
   */
  private static final List<String> API =
      List.of(
          "io.variant.parquet.ObjectCountsFooter",
          "io.variant.parquet.VariantParquetException",
          "io.variant.parquet.VariantRecord",
          "io.variant.parquet.VariantRecord.Builder",
          "io.variant.parquet.filter.Literal",
          "io.variant.parquet.filter.Literal.Kind",
          "io.variant.parquet.filter.RowGroupPruning",
          "io.variant.parquet.filter.VariantCondition",
          "io.variant.parquet.filter.VariantCondition.And",
          "io.variant.parquet.filter.VariantCondition.Not",
          "io.variant.parquet.filter.VariantCondition.Or",
          "io.variant.parquet.filter.VariantPredicate",
          "io.variant.parquet.filter.VariantPredicate.Op",
          "io.variant.parquet.guard.GuardedInputFile",
          "io.variant.parquet.read.EngineReadSupports",
          "io.variant.parquet.read.PathValue",
          "io.variant.parquet.read.RowGroupVariants",
          "io.variant.parquet.read.VariantParquetReader",
          "io.variant.parquet.read.VariantParquetReader.Builder",
          "io.variant.parquet.read.VariantPathReader",
          "io.variant.parquet.read.VariantReadOptions",
          "io.variant.parquet.read.VariantReadOptions.Validation",
          "io.variant.parquet.read.VariantReadSupport",
          "io.variant.parquet.schema.ShreddedSchemaNode",
          "io.variant.parquet.schema.ShreddingLayout",
          "io.variant.parquet.schema.VariantSchema",
          "io.variant.parquet.schema.VariantSchemaException",
          "io.variant.parquet.write.EncodedRowGroup",
          "io.variant.parquet.write.MetadataPolicy",
          "io.variant.parquet.write.ParquetWriters",
          "io.variant.parquet.write.PlainColumn",
          "io.variant.parquet.write.PlainType",
          "io.variant.parquet.write.RowGroupEncoder",
          "io.variant.parquet.write.VariantColumn",
          "io.variant.parquet.write.VariantColumnWriter",
          "io.variant.parquet.write.VariantParquetWriter",
          "io.variant.parquet.write.VariantParquetWriter.Builder",
          "io.variant.parquet.write.VariantWriteSupport",
          "io.variant.parquet.write.WriteColumn",
          "io.variant.parquet.write.WriteOptions",
          "io.variant.parquet.write.WriterBuilder");

  PublicApiTest() {
    super(VariantRecord.class, API, List.of());
  }
}
