// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.peer;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.List;
import org.apache.spark.types.variant.Variant;
import org.apache.spark.types.variant.VariantSchema;
import org.apache.spark.types.variant.VariantShreddingWriter;
import org.apache.spark.types.variant.VariantShreddingWriter.ShreddedResult;
import org.apache.spark.types.variant.VariantShreddingWriter.ShreddedResultBuilder;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Spark 4.2's shredding ({@code VariantShreddingWriter.castShredded}) for the same plan as ours:
 * the plan translated to Spark's {@link VariantSchema} (field layout as Spark's own {@code
 * SparkShreddingUtils} builds it: top level {@code metadata, value, typed_value}, nested {@code
 * value, typed_value}), and a result that hands everything to a {@link Blackhole}, as our
 * benchmark's sink does.
 */
public final class SparkShredding {
  private final VariantSchema schema;
  private final Builder builder;

  private SparkShredding(VariantSchema schema, Blackhole bh) {
    this.schema = schema;
    this.builder = new Builder(bh);
  }

  /** Spark's shredding for {@code plan}, consuming into {@code bh}. */
  public static SparkShredding of(ShreddingPlan plan, Blackhole bh) {
    return new SparkShredding(schema(plan, true), bh);
  }

  /** Shreds one row. */
  public Object shred(Variant v) {
    return VariantShreddingWriter.castShredded(v, schema, builder);
  }

  /**
   * Spark's schema for {@code plan}; Spark has no time, nanosecond-timestamp or int8/16 of its own
   * beyond these.
   */
  static VariantSchema schema(ShreddingPlan plan, boolean topLevel) {
    int metadataIdx = topLevel ? 0 : -1;
    int valueIdx = topLevel ? 1 : 0;
    int typedIdx = valueIdx + 1;
    int n = typedIdx + 1;
    return switch (plan.shape()) {
      case RESIDUAL -> new VariantSchema(-1, valueIdx, metadataIdx, valueIdx + 1, null, null, null);
      case OBJECT -> {
        List<ShreddingPlan.Field> fields = plan.asObject().fields();
        VariantSchema.ObjectField[] out = new VariantSchema.ObjectField[fields.size()];
        for (int i = 0; i < out.length; i++) {
          out[i] =
              new VariantSchema.ObjectField(
                  fields.get(i).name(), schema(fields.get(i).plan(), false));
        }
        yield new VariantSchema(typedIdx, valueIdx, metadataIdx, n, null, out, null);
      }
      case ARRAY ->
          new VariantSchema(
              typedIdx,
              valueIdx,
              metadataIdx,
              n,
              null,
              null,
              schema(plan.asArray().element(), false));
      case SCALAR ->
          new VariantSchema(
              typedIdx, valueIdx, metadataIdx, n, scalar(plan.asScalar().type()), null, null);
    };
  }

  private static VariantSchema.ScalarType scalar(ShreddedType t) {
    return switch (t.kind()) {
      case BOOLEAN -> new VariantSchema.BooleanType();
      case INT8 -> new VariantSchema.IntegralType(VariantSchema.IntegralSize.BYTE);
      case INT16 -> new VariantSchema.IntegralType(VariantSchema.IntegralSize.SHORT);
      case INT32 -> new VariantSchema.IntegralType(VariantSchema.IntegralSize.INT);
      case INT64 -> new VariantSchema.IntegralType(VariantSchema.IntegralSize.LONG);
      case FLOAT -> new VariantSchema.FloatType();
      case DOUBLE -> new VariantSchema.DoubleType();
      case DECIMAL -> new VariantSchema.DecimalType(t.precision(), t.scale());
      case DATE -> new VariantSchema.DateType();
      case TIMESTAMP -> new VariantSchema.TimestampType();
      case TIMESTAMP_NTZ -> new VariantSchema.TimestampNTZType();
      case BINARY -> new VariantSchema.BinaryType();
      case STRING -> new VariantSchema.StringType();
      case UUID -> new VariantSchema.UuidType();
      case TIME, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
          throw new IllegalArgumentException(
              "Spark 4.2 cannot shred " + t + "; pick a plan without it");
    };
  }

  /**
   * Spark's result tree, consumed as it is built (Spark makes one result per shredded node, as
   * here).
   */
  private static final class Builder implements ShreddedResultBuilder {
    private final Blackhole bh;

    Builder(Blackhole bh) {
      this.bh = bh;
    }

    @Override
    public ShreddedResult createEmpty(VariantSchema schema) {
      return new Result(bh);
    }

    @Override
    public boolean allowNumericScaleChanges() {
      return true; // like our LOSSLESS default: numbers change scale or kind when exact
    }
  }

  private static final class Result implements ShreddedResult {
    private final Blackhole bh;

    Result(Blackhole bh) {
      this.bh = bh;
    }

    @Override
    public void addArray(ShreddedResult[] array) {
      bh.consume(array);
    }

    @Override
    public void addObject(ShreddedResult[] values) {
      bh.consume(values);
    }

    @Override
    public void addVariantValue(byte[] result) {
      bh.consume(result);
    }

    @Override
    public void addScalar(Object result) {
      bh.consume(result);
    }

    @Override
    public void addMetadata(byte[] result) {
      bh.consume(result);
    }
  }
}
