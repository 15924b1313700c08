// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.core.MetadataBuilder;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantMetadata;
import java.util.List;
import org.apache.parquet.io.api.Binary;

/**
 * Applies a column's {@link MetadataPolicy} to each row: decides, once per distinct row dictionary
 * ({@link DictionaryCache}), whether rows carrying it are written as they are or re-based, and
 * hands out the {@code metadata} column's bytes as one shared {@link Binary} per dictionary (no
 * copy per row; Parquet's dictionary encoding then sees few distinct values).
 *
 * <ul>
 *   <li>{@link MetadataPolicy#ROW_KEYS}: a dictionary holding every plan key is kept; one lacking
 *       some is re-based onto its own keys plus the plan's (sorted), the same target for every row
 *       of that shape.
 *   <li>{@link MetadataPolicy#SHARED_DICTIONARY}: everything not byte-identical to the shared
 *       dictionary is re-based onto it (and re-encoded, with its own keys added, when it has keys
 *       the shared one lacks).
 *   <li>{@link MetadataPolicy#AS_WRITTEN}: nothing is re-based.
 * </ul>
 *
 * Re-basing rewrites the value's field ids in a copy ({@link Variant#translateIds}); only a row
 * whose dictionary is unsorted or has duplicates is re-encoded. The base dictionary itself (rows
 * built with {@code VariantBuilder.withMetadata(base)}) is recognised by identity. A {@link
 * VariantMetadata} is treated as immutable: a caller must not change the bytes under one it has
 * handed over.
 *
 * <p><b>Thread safety:</b> none; one per column writer.
 */
final class RowMetadata {
  private final VariantMetadata base;
  private final Binary baseBytes;
  private final DictionaryCache cache;
  private VariantBuilder rebase; // made on the first row that needs re-encoding, for rebaseTarget
  private VariantMetadata rebaseTarget;
  private VariantMetadata lastMetadata;
  private VariantMetadata residualTarget; // the last row's, when only its residuals are re-based
  private DictionaryCache.Entry lastEntry;
  private Binary current;
  private long rebasedRows;

  /**
   * @param base the column's base dictionary: the shared one, or the plan's keys (see {@link
   *     VariantColumn})
   * @param planKeys every object key of the plan, which {@link MetadataPolicy#ROW_KEYS} puts in
   *     each row
   */
  RowMetadata(MetadataPolicy policy, VariantMetadata base, List<String> planKeys) {
    this.base = base;
    this.baseBytes = Binary.fromConstantByteArray(base.toBytes());
    DictionaryCache.Decision decision =
        switch (policy) {
          case AS_WRITTEN -> m -> null;
          case SHARED_DICTIONARY -> m -> m.sameBytes(base) ? null : base;
          case ROW_KEYS ->
              m ->
                  holdsAll(m, planKeys)
                      ? null
                      : new MetadataBuilder().addAll(m).addAll(planKeys).build();
        };
    // ROW_KEYS targets are the row's keys plus the plan's; a shared dictionary may lack some
    this.cache = new DictionaryCache(decision, policy == MetadataPolicy.ROW_KEYS);
  }

  private static boolean holdsAll(VariantMetadata m, List<String> keys) {
    for (String k : keys) {
      if (m.idOf(k) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The row to split: {@code v} itself, or {@code v} re-based as the policy asks. Afterwards {@link
   * #bytes()} gives the returned row's metadata bytes.
   *
   * @throws io.variant.core.VariantFormatException if a row to re-base is malformed
   */
  Variant apply(Variant v) {
    residualTarget = null;
    VariantMetadata m = v.metadata();
    if (m == base) {
      current = baseBytes;
      return v;
    }
    DictionaryCache.Entry e = m == lastMetadata ? lastEntry : cache.get(m);
    lastMetadata = m;
    lastEntry = e;
    current = e.bytes;
    if (e.target == null) {
      return v;
    }
    rebasedRows++;
    if (e.residualsTranslate) {
      residualTarget = e.target; // split as it is: only residuals hold field ids (residual())
      return v;
    }
    Variant translated =
        v.translateIds(e.target); // its ids rewritten in a copy: no key decoded, nothing re-encoded
    return translated != null ? translated : reencode(v, e.target);
  }

  /**
   * A residual of the row the last {@link #apply} returned, over the dictionary whose bytes {@link
   * #bytes()} gives. A row whose keys all appear in its target, in a sorted dictionary, is split as
   * it is and only its residuals are re-based here: typed values hold no field ids, so a row that
   * shreds well copies little or nothing (re-basing the whole row copied all of it).
   */
  Variant residual(Variant r) {
    VariantMetadata t = residualTarget;
    if (t == null || !(r.isObject() || r.isArray())) {
      return r; // nothing to re-base, or a scalar: no field ids
    }
    Variant translated = r.translateIds(t);
    return translated != null ? translated : reencode(r, t); // t holds every key: none added
  }

  /**
   * True if {@link #residual} re-bases the residuals of the row the last {@link #apply} returned.
   */
  boolean rebasesResiduals() {
    return residualTarget != null;
  }

  /**
   * {@code v} re-encoded over {@code target}, plus any key of {@code v} that {@code target} lacks.
   */
  private Variant reencode(Variant v, VariantMetadata target) {
    if (rebaseTarget != target) {
      rebase = VariantBuilder.withMetadata(target);
      rebaseTarget = target;
    }
    try {
      Variant out = rebase.appendVariant(v).build();
      if (out.metadata() != target) {
        current =
            Binary.fromConstantByteArray(out.metadataBytes()); // keys added: this row's own bytes
      }
      return out;
    } finally {
      rebase.reset();
    }
  }

  /** The metadata bytes of the row the last {@link #apply} returned. */
  Binary bytes() {
    return current;
  }

  /** Rows re-based so far, by rewriting ids or re-encoding (for measuring the policy's cost). */
  long rebasedRows() {
    return rebasedRows;
  }
}
