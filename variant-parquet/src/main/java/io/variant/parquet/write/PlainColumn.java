// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import java.util.Objects;

/**
 * An ordinary optional column: a record value of {@link PlainType#javaType()} or {@code null}.
 *
 * @param name the Parquet field name and record key
 * @param type its type
 */
public record PlainColumn(String name, PlainType type) implements WriteColumn {
  /**
   * @throws NullPointerException if {@code name} or {@code type} is null
   */
  public PlainColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }
}
