// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * Builds a metadata dictionary that is sorted by unsigned UTF-8 bytes, free of duplicates and
 * marked {@code sorted_strings = 1}, with the smallest offset width. spec: VariantEncoding
 * §Metadata encoding
 *
 * <pre>{@code
 * VariantMetadata m = new MetadataBuilder().add("b").add("a").add("b").build(); // ["a", "b"]
 * }</pre>
 *
 * Not thread-safe.
 */
public final class MetadataBuilder {
  private final TreeSet<byte[]> keys = new TreeSet<>(Utf8::compare);

  /** Adds a key; adding one twice keeps one copy. */
  public MetadataBuilder add(String key) {
    keys.add(Utf8.encode(key));
    return this;
  }

  /** Adds every key. */
  public MetadataBuilder addAll(Collection<String> more) {
    for (String k : more) {
      add(k);
    }
    return this;
  }

  /** Adds every key of an existing dictionary. */
  public MetadataBuilder addAll(VariantMetadata metadata) {
    for (int i = 0; i < metadata.size(); i++) {
      add(metadata.key(i));
    }
    return this;
  }

  /** Number of distinct keys so far. */
  public int size() {
    return keys.size();
  }

  /** The sorted dictionary. */
  public VariantMetadata build() {
    return VariantMetadata.of(encode(new ArrayList<>(keys), true));
  }

  /** Encodes keys in the given order with the smallest offset width. */
  static byte[] encode(List<byte[]> keys, boolean sorted) {
    long total = 0;
    for (byte[] k : keys) {
      total += k.length;
    }
    MetadataWriter w = new MetadataWriter(keys.size(), total, sorted);
    for (byte[] k : keys) {
      w.key(k, 0, k.length);
    }
    return w.finish();
  }
}
