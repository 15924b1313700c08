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
 * <p><b>Thread safety:</b> none; one per column writer.
 */
final class RowMetadata {
  private final VariantMetadata shared; // null under AS_WRITTEN
  private final Binary sharedBytes;
  private final VariantBuilder rebase;
  private VariantMetadata lastMetadata; // AS_WRITTEN: rows often share one metadata object
  private Binary lastBytes;
  private long rebasedRows;

  RowMetadata(MetadataPolicy policy, VariantMetadata sharedDictionary) {
    this.shared = policy == MetadataPolicy.SHARED_DICTIONARY ? sharedDictionary : null;
    this.sharedBytes = shared == null ? null : Binary.fromConstantByteArray(shared.toBytes());
    this.rebase = shared == null ? null : VariantBuilder.withMetadata(shared);
  }

  /**
   * The row to split: {@code v} itself if it already uses the shared dictionary (or the policy keeps row
   * metadata), else {@code v} re-encoded over the shared dictionary, extended by any keys it lacks.
   */
  Variant apply(Variant v) {
    if (shared == null || v.metadata() == shared || v.metadata().sameBytes(shared)) {
      return v;
    }
    rebasedRows++;
    try {
      return rebase.appendVariant(v).build();
    } finally {
      rebase.reset();
    }
  }

  /** The bytes of {@code v}'s metadata for the {@code metadata} column. */
  Binary bytes(Variant v) {
    VariantMetadata m = v.metadata();
    if (shared != null && (m == shared || m.sameBytes(shared))) {
      return sharedBytes;
    }
    if (m != lastMetadata) {
      lastMetadata = m;
      lastBytes = Binary.fromConstantByteArray(m.toBytes());
    }
    return lastBytes;
  }

  /** Rows re-encoded so far (for measuring the policy's cost). */
  long rebasedRows() {
    return rebasedRows;
  }
}
