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
    int n = keys.size();
    int offsetSize = Layout.widthFor((int) Math.min(Math.max(total, n), Integer.MAX_VALUE));
    long size = 1 + (long) offsetSize * (n + 2) + total;
    if (size > Limits.MAX_ARRAY_BYTES || total > 0xFFFFFFFFL) {
      throw new VariantLimitException(
          "Cannot build metadata: " + size + " bytes exceeds the array limit");
    }
    byte[] out = new byte[(int) size];
    out[0] = (byte) Layout.metadataHeader(offsetSize, sorted);
    LittleEndian.write(out, 1, n, offsetSize);
    int offsets = 1 + offsetSize;
    int bytes = offsets + (n + 1) * offsetSize;
    int o = 0;
    for (int i = 0; i < n; i++) {
      LittleEndian.write(out, offsets + i * offsetSize, o, offsetSize);
      byte[] k = keys.get(i);
      System.arraycopy(k, 0, out, bytes + o, k.length);
      o += k.length;
    }
    LittleEndian.write(out, offsets + n * offsetSize, o, offsetSize);
    return out;
  }
}
