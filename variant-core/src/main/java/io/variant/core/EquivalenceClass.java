// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * The spec's equivalence classes: values of one class must behave the same in user expressions,
 * whatever their physical type. spec: VariantEncoding §Encoding types (Equivalence Class column)
 */
public enum EquivalenceClass {
  NULL,
  BOOLEAN,
  /** int8 to int64 and decimal4 to decimal16: compared by exact value. */
  EXACT_NUMERIC,
  DOUBLE,
  FLOAT,
  DATE,
  /** Timestamps with time zone, microsecond and nanosecond. */
  TIMESTAMP,
  /** Timestamps without time zone, microsecond and nanosecond. */
  TIMESTAMP_NTZ,
  TIME_NTZ,
  BINARY,
  STRING,
  UUID,
  OBJECT,
  ARRAY
}
