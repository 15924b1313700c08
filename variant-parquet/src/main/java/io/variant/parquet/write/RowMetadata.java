package io.variant.parquet.write;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import org.apache.parquet.io.api.Binary;

/**
 * Applies a column's {@link MetadataPolicy} to each row: re-bases rows onto the shared dictionary and hands
 * out the {@code metadata} column's bytes, reusing one {@link Binary} for every row that carries the shared
 * dictionary (so those rows cost no copy and Parquet's dictionary encoding sees one value).
 *
 * <p>Whether a row already carries the shared dictionary is decided without re-encoding: the shared
 * instance itself (rows built with {@code VariantBuilder.withMetadata(shared)}) is recognised by identity;
 * any other metadata object is compared by length, then bytes, once, and the answer is kept while the
 * following rows bring the same object. A {@link VariantMetadata} is treated as immutable: a caller must
 * not change the bytes under one it has handed over.
 *
 * <p><b>Thread safety:</b> none; one per column writer.
 */
final class RowMetadata {
  private final VariantMetadata shared; // null under AS_WRITTEN
  private final Binary sharedBytes;
  private final VariantBuilder rebase;
  private VariantMetadata lastMetadata; // the last metadata object seen, and its verdict or its bytes
  private boolean lastIsShared;
  private Binary lastBytes;
  private long rebasedRows;

  RowMetadata(MetadataPolicy policy, VariantMetadata sharedDictionary) {
    this.shared = policy == MetadataPolicy.SHARED_DICTIONARY ? sharedDictionary : null;
    this.sharedBytes = shared == null ? null : Binary.fromConstantByteArray(shared.toBytes());
    this.rebase = shared == null ? null : VariantBuilder.withMetadata(shared);
  }

  /**
   * The row to split: {@code v} itself if it already uses the shared dictionary (or the policy keeps row
   * metadata); else {@code v} with its field ids rewritten for the shared dictionary when it holds all of
   * {@code v}'s keys ({@link Variant#translateIds}), or else {@code v} re-encoded over the shared dictionary
   * extended by the keys it lacks.
   */
  Variant apply(Variant v) {
    if (shared == null || isShared(v.metadata())) {
      return v;
    }
    rebasedRows++;
    Variant translated = v.translateIds(shared); // its ids rewritten in a copy: no key decoded, nothing re-encoded
    if (translated != null) {
      return translated;
    }
    try {
      return rebase.appendVariant(v).build(); // carries the shared instance itself unless keys were added
    } finally {
      rebase.reset();
    }
  }

  /** The bytes of {@code v}'s metadata for the {@code metadata} column. */
  Binary bytes(Variant v) {
    VariantMetadata m = v.metadata();
    if (shared != null && isShared(m)) {
      return sharedBytes;
    }
    if (m != lastMetadata || lastBytes == null) {
      lastMetadata = m; // not the shared dictionary: isShared just said so, or there is none
      lastBytes = Binary.fromConstantByteArray(m.toBytes());
    }
    return lastBytes;
  }

  /** True if {@code m} encodes exactly the shared dictionary: O(1) for the shared instance and repeats. */
  private boolean isShared(VariantMetadata m) {
    if (m == shared) {
      return true;
    }
    if (m != lastMetadata) {
      lastMetadata = m;
      lastBytes = null;
      lastIsShared = m.length() == shared.length() && m.sameBytes(shared);
    }
    return lastIsShared;
  }

  /** Rows re-based so far, by rewriting ids or re-encoding (for measuring the policy's cost). */
  long rebasedRows() {
    return rebasedRows;
  }
}
