package io.variant.shredding.infer;

import io.variant.core.VariantType;

/**
 * The groups of Variant types that inference counts per path. A path is typed with a family when most of
 * its values belong to it; values of one family can all go into one typed column without loss.
 *
 * <ul>
 *   <li>{@link #EXACT_NUMERIC} unifies int8 to int64 and decimal4 to decimal16: any of them fits a wide
 *       enough integer or decimal column (seed 002, lossless widening).
 *   <li>{@link #FLOAT} and {@link #DOUBLE} stay apart from each other and from exact numerics: no widening
 *       crosses equivalence classes.
 *   <li>Timestamps split by zone and unit: microsecond and nanosecond values need different columns, and
 *       lossless widening covers only exact numerics (digest §D.3).
 *   <li>{@link #NULL} is counted but never chosen: a Variant null has no typed form and always goes to the
 *       residual.
 *   <li>{@link #UNKNOWN} holds primitive type ids newer than this library; they stay in the residual.
 * </ul>
 */
enum TypeFamily {
  NULL,
  BOOLEAN,
  EXACT_NUMERIC,
  FLOAT,
  DOUBLE,
  DATE,
  TIME,
  TIMESTAMP,
  TIMESTAMP_NTZ,
  TIMESTAMP_NANOS,
  TIMESTAMP_NTZ_NANOS,
  BINARY,
  STRING,
  UUID,
  OBJECT,
  ARRAY,
  UNKNOWN;

  /** The family of a Variant type; the one place that groups types for inference. */
  static TypeFamily of(VariantType type) {
    return switch (type) {
      case NULL -> NULL;
      case BOOLEAN_TRUE, BOOLEAN_FALSE -> BOOLEAN;
      case INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16 -> EXACT_NUMERIC;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case DATE -> DATE;
      case TIME_NTZ_MICROS -> TIME;
      case TIMESTAMP_MICROS -> TIMESTAMP;
      case TIMESTAMP_NTZ_MICROS -> TIMESTAMP_NTZ;
      case TIMESTAMP_NANOS -> TIMESTAMP_NANOS;
      case TIMESTAMP_NTZ_NANOS -> TIMESTAMP_NTZ_NANOS;
      case BINARY -> BINARY;
      case STRING -> STRING;
      case UUID -> UUID;
      case OBJECT -> OBJECT;
      case ARRAY -> ARRAY;
    };
  }
}
