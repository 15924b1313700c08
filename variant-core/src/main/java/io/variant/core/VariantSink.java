// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

/**
 * Where a producer of whole Variants (a rebuild, a reader) puts each one, for consumers that copy
 * the bytes somewhere else anyway (e.g. a columnar batch): a value the producer has built in its
 * own buffer comes as bytes lent for the duration of the call, so it is copied once, by the sink,
 * and no {@link Variant} is made of it.
 *
 * <pre>{@code
 * VariantSink sink = new VariantSink() {
 *   public void add(Variant v) { add(v.metadata(), v.valueBytes(), 0, v.valueBytes().length); }
 *   public void add(VariantMetadata m, byte[] value, int offset, int length) {
 *     out.write(value, offset, length); // copied now: the array is the producer's
 *   }
 * };
 * }</pre>
 *
 * <p>A producer gives each value once, by one of the two methods, and checks it as it would check
 * the {@link Variant} it would otherwise return.
 */
public interface VariantSink {
  /** Takes a whole Variant the producer already holds as one. */
  void add(Variant v);

  /**
   * Takes the value encoded in {@code value[offset, offset + length)} over the dictionary {@code
   * metadata}. The array belongs to the producer and is overwritten after the call returns: copy
   * what you keep.
   */
  void add(VariantMetadata metadata, byte[] value, int offset, int length);
}
