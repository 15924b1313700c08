package io.variant.parquet.read;

import io.variant.shredding.RebuildOptions;
import java.util.Set;

/**
 * Options of {@link VariantParquetReader}.
 *
 * @param rebuild how invalid-but-readable shredded data is treated (default: fail on every invalid
 *     combination; {@link RebuildOptions#lenient()} lets typed values win, as parquet-testing cases 043 and
 *     125 allow)
 * @param columns the top-level columns to read, or {@code null} for every readable column
 */
public record VariantReadOptions(RebuildOptions rebuild, Set<String> columns) {
  private static final VariantReadOptions DEFAULTS = new VariantReadOptions(RebuildOptions.defaults(), null);

  public VariantReadOptions {
    if (rebuild == null) {
      throw new NullPointerException("rebuild");
    }
    columns = columns == null ? null : Set.copyOf(columns);
  }

  /** Strict rebuild, every column. */
  public static VariantReadOptions defaults() {
    return DEFAULTS;
  }

  public VariantReadOptions withRebuild(RebuildOptions options) {
    return new VariantReadOptions(options, columns);
  }

  /** Reads only the named top-level columns, in file order. */
  public VariantReadOptions withColumns(String... names) {
    return new VariantReadOptions(rebuild, Set.of(names));
  }
}
