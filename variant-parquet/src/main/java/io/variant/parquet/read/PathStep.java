package io.variant.parquet.read;

/** One step of a projected path: an object key or an array index. */
sealed interface PathStep permits PathStep.Key, PathStep.Index {
  /** Object field {@code name}. */
  record Key(String name) implements PathStep {}

  /** Array element {@code index} (0-based). */
  record Index(int index) implements PathStep {}
}
