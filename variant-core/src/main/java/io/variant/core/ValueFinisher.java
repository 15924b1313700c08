// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;

/**
 * The last step of a {@link VariantBuilder}: turns the written value and the keys it used into a
 * {@link Variant}. The dictionary is the seed when no key was added, else the keys sorted by {@link
 * DictionarySorter}; field ids are then rewritten in place from provisional (first-seen) to final
 * (sorted) ids through the id records of the {@link ContainerStack}, or, when that cannot be done
 * in place, the value is re-encoded through a reader.
 */
final class ValueFinisher {
  private final VariantMetadata seed;
  private final KeyTable keys;
  private final DictionarySorter dictionary;
  private final ValueBuffer buf;
  private final ContainerStack stack;
  private final BuilderOptions options;

  ValueFinisher(
      VariantMetadata seed,
      KeyTable keys,
      ValueBuffer buf,
      ContainerStack stack,
      BuilderOptions options) {
    this.seed = seed;
    this.keys = keys;
    this.dictionary = new DictionarySorter(keys);
    this.buf = buf;
    this.stack = stack;
    this.options = options;
  }

  /**
   * The finished value. With {@code handOver} it may take the buffer itself ({@link
   * ValueBuffer#release()}); {@code copiedVerbatim} says containers were copied without their ids
   * recorded, so ids cannot be rewritten in place.
   *
   * @throws IllegalStateException if an object or array is still open or nothing was appended
   */
  Variant finish(boolean handOver, boolean copiedVerbatim) {
    if (stack.depth() > 0) {
      throw new IllegalStateException(
          "Cannot build: "
              + stack.depth()
              + " object(s) or array(s) still open; call endObject()/endArray()");
    }
    if (!stack.rootWritten()) {
      throw new IllegalStateException("Cannot build: no value appended");
    }
    int length = buf.len;
    byte[] value = handOver ? buf.release() : Arrays.copyOf(buf.out, length);
    if (seed != null && keys.idCount() == keys.seedCount()) {
      return Variant.of(seed, value, 0, length);
    }
    VariantMetadata metadata = dictionary.finish();
    if (dictionary.identity()) {
      return Variant.of(metadata, value, 0, length);
    }
    // More than 256 keys: an object's smallest id width may change; then re-encode (rare).
    if (!copiedVerbatim && stack.rewriteIds(value, dictionary.finalIds(), keys.idCount() > 256)) {
      return Variant.of(metadata, value, 0, length);
    }
    Variant provisional =
        Variant.of(VariantMetadata.of(keys.provisionalMetadata()), value, 0, length);
    return VariantBuilder.withMetadata(metadata, options).appendVariant(provisional).build();
  }
}
