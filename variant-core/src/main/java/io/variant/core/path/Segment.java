// SPDX-License-Identifier: Apache-2.0
package io.variant.core.path;

/**
 * One step of a {@link VariantPath}: an object field by name, or an array element by position. Java
 * 17 has no pattern {@code switch}, so dispatch with {@code instanceof}:
 *
 * <pre>{@code
 * for (Segment s : VariantPath.parse("$.items[0].price").segments()) {
 *   if (s instanceof Segment.Key k) { ... k.name() ... } else { ... ((Segment.Index) s).index() ... }
 * }
 * }</pre>
 */
public sealed interface Segment permits Segment.Key, Segment.Index {
  /**
   * The field named {@code name} of an object (any string, the empty one included). Its constructor
   * throws {@link NullPointerException} if {@code name} is null.
   */
  record Key(String name) implements Segment {
    public Key {
      if (name == null) {
        throw new NullPointerException("name");
      }
    }
  }

  /**
   * The element at 0-based position {@code index} of an array. Its constructor throws {@link
   * IllegalArgumentException} if {@code index} is negative.
   */
  record Index(int index) implements Segment {
    public Index {
      if (index < 0) {
        throw new IllegalArgumentException(
            "Cannot index an array at " + index + ": indices start at 0");
      }
    }
  }
}
