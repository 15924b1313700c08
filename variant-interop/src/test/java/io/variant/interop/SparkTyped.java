// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A {@link TypedCorpus} as Spark SQL builds it: typed columns (Java values in external rows) turned
 * into one Variant per row by {@code to_variant_object(named_struct(...))}, and the shredding
 * schema that types every field as itself.
 */
final class SparkTyped {
  private SparkTyped() {}

  /** The rows of {@code corpus} as a {@code row BIGINT, v VARIANT} data frame. */
  static Dataset<Row> variants(SparkSession spark, TypedCorpus corpus) {
    StructType schema = new StructType().add("row", DataTypes.LongType, false);
    for (TypedField f : corpus.fields) {
      schema = schema.add("t_" + f.key, type(f), true);
    }
    for (TypedField f : corpus.objFields) {
      schema = schema.add("o_" + f.key, type(f), true);
    }
    schema =
        schema
            .add("arr", DataTypes.createArrayType(type(TypedField.TS), true), false)
            .add("mix", DataTypes.StringType, false);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < corpus.rows.size(); i++) {
      TypedCorpus.Row r = corpus.rows.get(i);
      List<Object> values = new ArrayList<>();
      values.add((long) i);
      corpus.fields.forEach(f -> values.add(r.top().get(f)));
      corpus.objFields.forEach(f -> values.add(r.obj().get(f)));
      values.add(r.arr());
      values.add(r.mix().key);
      rows.add(RowFactory.create(values.toArray()));
    }
    String top =
        corpus.fields.stream()
            .map(f -> "'" + f.key + "', t_" + f.key)
            .collect(Collectors.joining(", "));
    String obj =
        corpus.objFields.stream()
            .map(f -> "'" + f.key + "', o_" + f.key)
            .collect(Collectors.joining(", "));
    String mix =
        corpus.mixFields.stream()
            .map(f -> " WHEN '" + f.key + "' THEN CAST(t_" + f.key + " AS VARIANT)")
            .collect(Collectors.joining("", "CASE mix", " END"));
    return spark
        .createDataFrame(rows, schema)
        .selectExpr(
            "row",
            "to_variant_object(named_struct("
                + top
                + ", 'obj', named_struct("
                + obj
                + "), 'arr', arr, 'mix', "
                + mix
                + ")) AS v");
  }

  /**
   * The shredding schema (for {@code spark.sql.variant.forceShreddingSchemaForTest}) typing every
   * field as itself, {@code mix} as a date.
   */
  static String forcedSchema(TypedCorpus corpus) {
    return corpus.schema(
        new TypedCorpus.SchemaSyntax(
            (name, type) -> "`" + name + "`: " + type,
            members -> "struct<" + members + ">",
            element -> "array<" + element + ">",
            f -> f.sparkType.toLowerCase()));
  }

  static DataType type(TypedField f) {
    if (f.sparkType == null) {
      throw new IllegalArgumentException("Spark SQL has no column type for " + f);
    }
    return DataType.fromDDL(f.sparkType);
  }
}
