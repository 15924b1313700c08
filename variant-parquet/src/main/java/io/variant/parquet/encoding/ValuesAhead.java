// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

/**
 * Takes the values of a leaf outside lists as {@link LeafPages} decodes its levels, a batch at a
 * time ({@link LeafPages#decodeAhead}): a row then takes its value from the batch instead of
 * walking the page decoder. What it decodes, and into what, is the reader's.
 */
public interface ValuesAhead {
  /**
   * Decodes up to {@code n} values of the page ahead from {@code values}: the values of the levels
   * just decoded (those that hold a value), in order.
   *
   * @return true if it took all {@code n}; false if it left some to be read value by value or
   *     stopped at one that does not decode
   */
  boolean fill(PageValues values, int n);
}
