// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.schema;

import io.variant.shredding.ResidualMetadata;
import io.variant.shredding.ShreddingPlan;
import org.apache.parquet.schema.Type.Repetition;

/**
 * The two Parquet layouts of a shredded Variant column. Each constant is the strategy for
 * everything that differs between them (column names, repetitions, where residual metadata lives);
 * schema, writer and reader ask it instead of testing which layout they have. Chosen once per
 * column.
 */
public enum ShreddingLayout {
  /**
   * The current Parquet spec: {@code metadata}, {@code value}, {@code typed_value}; every residual
   * uses the top-level metadata. The default. spec: VariantShredding §Shredded Value Types
   */
  SPEC(
      VariantSchema.VALUE,
      VariantSchema.TYPED_VALUE,
      VariantSchema.TYPED_VALUE,
      Repetition.REQUIRED,
      ResidualMetadata.ROW),
  /**
   * Seed 002's draft: {@code untyped_value} (metadata ‖ value, self-contained), {@code object},
   * {@code array}, {@code typed_value}; no top-level metadata column and no VARIANT annotation.
   */
  DRAFT(
      VariantSchema.UNTYPED_VALUE,
      VariantSchema.OBJECT,
      VariantSchema.ARRAY,
      Repetition.OPTIONAL,
      ResidualMetadata.EMBEDDED);

  private final String residualColumn;
  private final String objectColumn;
  private final String arrayColumn;
  private final Repetition slotRepetition;
  private final ResidualMetadata residualMetadata;

  ShreddingLayout(
      String residualColumn,
      String objectColumn,
      String arrayColumn,
      Repetition slotRepetition,
      ResidualMetadata residualMetadata) {
    this.residualColumn = residualColumn;
    this.objectColumn = objectColumn;
    this.arrayColumn = arrayColumn;
    this.slotRepetition = slotRepetition;
    this.residualMetadata = residualMetadata;
  }

  /** Name of every slot's residual column: {@code value} or {@code untyped_value}. */
  public String residualColumn() {
    return residualColumn;
  }

  /**
   * Name of the typed child of a slot of {@code shape} (a residual slot has none: {@code null}).
   */
  public String typedColumn(ShreddingPlan.Shape shape) {
    return switch (shape) {
      case SCALAR -> VariantSchema.TYPED_VALUE;
      case OBJECT -> objectColumn;
      case ARRAY -> arrayColumn;
      case RESIDUAL -> null;
    };
  }

  /** True if {@code name} is a typed child's name in this layout. */
  public boolean isTypedColumn(String name) {
    return name.equals(VariantSchema.TYPED_VALUE)
        || name.equals(objectColumn)
        || name.equals(arrayColumn);
  }

  /**
   * Repetition of object field groups and list element groups: required in the spec (spec:
   * VariantShredding §Objects, §Arrays), optional in the draft.
   */
  public Repetition slotRepetition() {
    return slotRepetition;
  }

  /**
   * True if the column has a top-level {@code metadata} column (and the VARIANT annotation) that
   * every residual's field ids index.
   */
  public boolean hasMetadataColumn() {
    return residualMetadata == ResidualMetadata.ROW;
  }

  /** Which dictionary residuals index, as the splitter and rebuilder need it. */
  public ResidualMetadata residualMetadata() {
    return residualMetadata;
  }
}
