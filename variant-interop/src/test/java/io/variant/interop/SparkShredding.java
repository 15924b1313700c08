// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import java.util.LinkedHashMap;
import java.util.Map;

/** How Spark SQL shreds a VARIANT column it writes to Parquet, as SQL confs. */
enum SparkShredding {
  /** {@code spark.sql.variant.writeShredding.enabled=false}: unshredded. */
  OFF("unshredded"),
  /**
   * Shredding on, the schema inferred by Spark itself from the first rows it buffers ({@code
   * spark.sql.variant.inferShreddingSchema}).
   */
  INFERRED("shredded (its inferred schema)"),
  /** Shredding on, with a given schema ({@code spark.sql.variant.forceShreddingSchemaForTest}). */
  FORCED("shredded (forced schema)");

  /** How a matrix cell names the writer. */
  final String label;

  SparkShredding(String label) {
    this.label = label;
  }

  /**
   * {@link Comparison#engineWrote} on a file Spark wrote this way, read back by Spark as Variant
   * values ({@code sparkRows}' first column); where Spark shredded, it rebuilds integers and
   * decimals with the smallest width ({@link KnownDifference#SPARK_NUMBER_WIDTH_BY_VALUE}).
   */
  void compare(
      String writer,
      java.util.List<io.variant.core.Variant> truth,
      java.util.List<io.variant.core.Variant> ours,
      java.util.List<org.apache.spark.sql.Row> sparkRows) {
    Comparison.engineWrote(
        writer,
        Engine.SPARK,
        "Variant value",
        Comparison.Equality.VARIANT,
        java.util.Set.of(),
        this == OFF
            ? java.util.Set.of()
            : java.util.Set.of(KnownDifference.SPARK_NUMBER_WIDTH_BY_VALUE),
        truth,
        ours,
        SparkValues.variants(sparkRows, 0));
  }

  /** The confs to write with; {@code forcedSchema} (Spark DDL) is used by {@link #FORCED} only. */
  Map<String, String> conf(String forcedSchema) {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("spark.sql.variant.writeShredding.enabled", Boolean.toString(this != OFF));
    conf.put("spark.sql.variant.inferShreddingSchema", Boolean.toString(this == INFERRED));
    if (this == FORCED) {
      conf.put("spark.sql.variant.forceShreddingSchemaForTest", forcedSchema);
    }
    return conf;
  }
}
