// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.encoding;

import org.apache.parquet.bytes.BytesInput;

/**
 * How {@link SmallestEncodingWriter} weighs its candidates: the size of bytes once compressed as
 * the file's pages are. Called while a page is being written; must not keep or change what it is
 * given.
 */
@FunctionalInterface
public interface PageWeigher {
  /** The size of {@code bytes} compressed. */
  long compressedSize(BytesInput bytes);

  /**
   * The size of a dictionary page compressed. A column chunk of one page writes the very page it
   * weighed, so an implementation may keep the compressed bytes to hand them to the page writer
   * instead of compressing the same bytes again.
   */
  default long dictionaryPageSize(BytesInput page) {
    return compressedSize(page);
  }
}
