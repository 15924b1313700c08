// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.FixedDictionaryBuilder;
import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantSink;
import java.lang.ref.WeakReference;

/**
 * {@link Rebuilder}'s fast path for the spec layout with a sorted row dictionary, which this
 * project's writer and most others write: the row's Variant keeps the row's dictionary, so every
 * key the rebuild writes is already a field id of it. The ids of each object plan's names are found
 * once per distinct dictionary (one merge of two sorted lists, cached by the dictionary's bytes),
 * residuals are copied byte for byte, and values are written by a {@link FixedDictionaryBuilder},
 * which needs no key table and no sort. The plan is walked as a tree of {@link RebuildNode}s.
 *
 * <p>It <b>declines</b> a row (returns {@code null}) whenever it cannot produce exactly what the
 * general path produces: a plan key that is not in the dictionary in a row that has that field, a
 * residual over another dictionary or with fields out of key order, and every invalid combination.
 * The general path then rebuilds the row or reports the error, so results and messages are the same
 * either way and errors cost nothing here.
 */
final class FixedDictionaryRebuild {
  /** Declines a row; thrown without a stack trace, caught in {@link #rebuild}. */
  private static final class Decline extends RuntimeException {
    Decline() {
      super(null, null, false, false);
    }
  }

  private static final Decline DECLINE = new Decline();
  // A power of two, in sets of WAYS by hash, least recently used dropped. The 3,000-row event log
  // has 551 distinct row dictionaries: direct-mapped, 40 slots held two or more of them and 8% of
  // rows were resolved again (copied, merged); in sets of 4 none is, after its first row.
  static final int CACHED_DICTIONARIES = 4096;
  static final int WAYS = 4;

  /**
   * One dictionary's ids: {@code ids[node.object][k]} is the field id of {@code node.names[k]}, or
   * -1. Results refer to {@code dictionary}, a private copy, never to the caller's buffer.
   */
  private static final WeakReference<VariantMetadata> NOT_SEEN = new WeakReference<>(null);

  private static final class Resolution {
    final VariantMetadata dictionary;
    final int[][] ids;
    // the caller's metadata object last found to hold these bytes: a reader hands the same object
    // to every row of one dictionary entry, and a VariantMetadata's bytes do not change (it caches
    // their decoded keys), so that object is recognized without comparing its bytes again. Weak:
    // the cache must not keep the caller's buffers alive.
    WeakReference<VariantMetadata> seen = NOT_SEEN;

    Resolution(VariantMetadata dictionary, int[][] ids) {
      this.dictionary = dictionary;
      this.ids = ids;
    }
  }

  private final RebuildNode root;
  private final int objectCount;
  private final boolean typedWins;
  private final FixedDictionaryBuilder b;
  private final Resolution[] cache = new Resolution[CACHED_DICTIONARIES];
  private final int[] hashes = new int[CACHED_DICTIONARIES]; // bytesHash() of cache[i]'s dictionary
  private int[][] ids;

  FixedDictionaryRebuild(ShreddingPlan plan, RebuildOptions options) {
    int[] count = {0};
    this.root = new RebuildNode(plan, count);
    this.objectCount = count[0];
    this.typedWins = options.residualKeyConflict() == RebuildOptions.ResidualKeyConflict.TYPED_WINS;
    this.b = new FixedDictionaryBuilder(options.limits()).checkCopies(options.checkResiduals());
  }

  /**
   * The row rebuilt over {@code rowMetadata} (sorted), or {@code null} if this path declines it.
   */
  Variant rebuild(VariantMetadata rowMetadata, ShreddedSource source) {
    return appendRow(rowMetadata, source) ? b.build() : null;
  }

  /**
   * {@link #rebuild} handing the row to {@code sink} ({@link FixedDictionaryBuilder#buildTo});
   * returns false, handing nothing, if this path declines the row.
   */
  boolean rebuildTo(VariantMetadata rowMetadata, ShreddedSource source, VariantSink sink) {
    if (!appendRow(rowMetadata, source)) {
      return false;
    }
    b.buildTo(sink); // outside appendRow: what the sink throws is not a decline
    return true;
  }

  /** Appends the row to the builder; false if this path declines it. */
  private boolean appendRow(VariantMetadata rowMetadata, ShreddedSource source) {
    Resolution r = resolve(rowMetadata);
    ids = r.ids;
    // resolve() found the row's dictionary holds the cached one's bytes: its residuals, which
    // refer to the row's object, are not compared again
    b.start(r.dictionary, rowMetadata);
    try {
      if (!append(root, source)) {
        b.appendNull();
      }
      return true;
    } catch (Decline | IllegalArgumentException | VariantException e) {
      return false;
    }
  }

  private Resolution resolve(VariantMetadata m) {
    int hash = m.bytesHash();
    int set = hash & (CACHED_DICTIONARIES - WAYS); // the set's first way
    int w = 0;
    Resolution r = null;
    for (; w < WAYS; w++) {
      Resolution c = cache[set + w];
      if (c == null) {
        break;
      }
      if (c.seen.get() == m || (hashes[set + w] == hash && c.dictionary.sameBytes(m))) {
        r = c;
        break;
      }
    }
    if (r == null) {
      VariantMetadata own = VariantMetadata.of(m.toBytes());
      b.start(own);
      int[][] resolved = new int[objectCount][];
      fill(root, resolved);
      r = new Resolution(own, resolved);
      w = Math.min(w, WAYS - 1); // a full set drops its least recently used
    }
    // most recently used first: rows mostly repeat a few dictionaries, found at the first way
    for (int i = set + w; i > set; i--) {
      cache[i] = cache[i - 1];
      hashes[i] = hashes[i - 1];
    }
    cache[set] = r;
    hashes[set] = hash;
    if (r.seen.get() != m) {
      r.seen = new WeakReference<>(m);
    }
    return r;
  }

  private void fill(RebuildNode n, int[][] resolved) {
    if (n.object >= 0) {
      resolved[n.object] = new int[n.names.length];
      b.idsOf(n.names, resolved[n.object]);
      for (RebuildNode f : n.fields) {
        fill(f, resolved);
      }
    } else if (n.element != null) {
      fill(n.element, resolved);
    }
  }

  /**
   * Appends the slot's value, preceded by field id {@code key} when it is not negative; returns
   * false, appending nothing, if the slot is missing (both parts null).
   */
  private boolean append(RebuildNode n, ShreddedSource s, int key) {
    boolean typed = n.shredded && s.hasTyped();
    Variant residual = s.residual();
    if (!typed && residual == null) {
      return false;
    }
    if (key >= 0) {
      b.key(key);
    }
    if (!typed) {
      b.appendVariant(residual);
      return true;
    }
    switch (n.shape) {
      case SCALAR -> {
        if (residual != null) {
          throw DECLINE;
        }
        typed(n, s);
      }
      case ARRAY -> {
        if (residual != null) {
          throw DECLINE;
        }
        b.startArray(n.headerGuess);
        RebuildNode e = n.element;
        int count = s.elementCount();
        if (e.leaf) {
          for (int i = 0; i < count; i++) {
            leafElement(e, s.element(i));
          }
        } else {
          for (int i = 0; i < count; i++) {
            if (!append(e, s.element(i), -1)) {
              b.appendNull();
            }
          }
        }
        b.endArray();
        closed(n);
      }
      case OBJECT -> object(n, s, residual);
      case RESIDUAL -> throw new AssertionError(n.plan); // not shredded
    }
    return true;
  }

  /**
   * Appends a list element whose slot is a leaf ({@link #append} for such a slot, and Variant null
   * when it is missing): a long list of numbers or strings takes no recursive call per element.
   */
  private void leafElement(RebuildNode e, ShreddedSource s) {
    if (!leaf(e, s, -1)) {
      b.appendNull(); // invalid (N/N element): Variant null, as the general path reads it
    }
  }

  /**
   * {@link #append} for a leaf slot (a scalar or residual-only one): small enough to be inlined
   * where it is called, so that an object's scalar fields take no recursive call each.
   */
  private boolean leaf(RebuildNode n, ShreddedSource s, int key) {
    Variant residual = s.residual();
    if (n.shredded && s.hasTyped()) {
      if (residual != null) {
        throw DECLINE;
      }
      if (key >= 0) {
        b.key(key);
      }
      TypedScalarRebuild.append(b, n.type, s);
      return true;
    }
    if (residual == null) {
      return false;
    }
    if (key >= 0) {
      b.key(key);
    }
    b.appendVariant(residual);
    return true;
  }

  private boolean append(RebuildNode n, ShreddedSource s) {
    return append(n, s, -1);
  }

  /**
   * spec: VariantShredding §Objects. The plan's fields (in id order) merged with the residual
   * object's fields (in id order too when the residual is in key order, else declined).
   */
  private void object(RebuildNode n, ShreddedSource s, Variant residual) {
    if (residual != null && !residual.isObject()) {
      throw DECLINE;
    }
    b.startObject(n.headerGuess);
    // most objects have no residual: their loop is kept apart from the merge, whose inlined
    // residual reads (field ids, values) otherwise filled the compiler's inlining budget for this
    // method and left endObject, closed and nested objects as calls
    if (residual == null) {
      int[] fieldIds = ids[n.object];
      for (int k = 0; k < fieldIds.length; k++) {
        field(n, k, s, fieldIds[k]);
      }
    } else {
      merged(n, s, residual);
    }
    b.endObject();
    closed(n);
  }

  /**
   * The fields of an object slot with a residual object, merged in id order: one loop with one
   * place that appends a plan field and one that copies a residual field (the residual's accessors
   * inline its header parse at each place that reads it, which took the compiler's inlining budget
   * for this method and its caller).
   */
  private void merged(RebuildNode n, ShreddedSource s, Variant residual) {
    int[] fieldIds = ids[n.object];
    int rn = residualIds(n, residual);
    int[] rids = n.residualIds;
    int nk = fieldIds.length;
    int j = 0;
    for (int k = 0; k < nk || j < rn; ) {
      int rid = j < rn ? rids[j] : Integer.MAX_VALUE;
      int id = k < nk ? fieldIds[k] : Integer.MAX_VALUE;
      // a plan field when it comes first, or is not in the dictionary (-1)
      if (id <= rid || id < 0) {
        if (id == rid) {
          if (!typedWins) {
            throw DECLINE; // the general path reports the conflict
          }
          j++; // the shredded field wins, even when missing
        }
        field(n, k++, s, id);
      } else {
        b.key(rid).appendField(residual, j++);
      }
    }
  }

  /**
   * Reads the residual object's field ids, in field order, into {@code n.residualIds} and returns
   * their count; declines unless they increase (out of key order, or a duplicate key): the general
   * path decides those.
   */
  private static int residualIds(RebuildNode n, Variant residual) {
    int rn = residual.fieldCount();
    int[] rids = n.residualIds;
    if (rids.length < rn) {
      rids = n.residualIds = new int[rn];
    }
    int previous = -1;
    for (int j = 0; j < rn; j++) {
      int id = residual.fieldId(j);
      if (id <= previous) {
        throw DECLINE;
      }
      rids[j] = previous = id;
    }
    return rn;
  }

  /**
   * Appends the object's field {@code k} (in id order) under field id {@code id} if present. Small
   * enough to be inlined into the object loops, so that a missing field (most of a wide plan's, in
   * any one row) takes no call: {@link #presentField} does the work.
   */
  private void field(RebuildNode n, int k, ShreddedSource s, int id) {
    ShreddedSource fs = s.field(n.planIndex[k]);
    if (fs != null) { // a missing field appends nothing
      presentField(n, k, fs, id);
    }
  }

  /** {@link #field} for field {@code k}, whose slot {@code fs} is present. */
  private void presentField(RebuildNode n, int k, ShreddedSource fs, int id) {
    RebuildNode f = n.fields[k];
    if (id < 0) {
      if (present(f, fs)) {
        throw DECLINE; // its key is not in the row's dictionary: the general path adds it
      }
    } else if (f.leaf) {
      leaf(f, fs, id);
    } else {
      append(f, fs, id);
    }
  }

  /**
   * Keeps the header size of {@code n}, just closed, as its next guess. The top level keeps the
   * largest: room it does not use costs nothing (the value starts later), too little costs a move.
   */
  private void closed(RebuildNode n) {
    int size = b.lastHeaderSize();
    n.headerGuess = n == root ? Math.max(n.headerGuess, size) : size;
  }

  /** True unless the slot is missing (both parts null). */
  private static boolean present(RebuildNode n, ShreddedSource s) {
    return (n.shredded && s.hasTyped()) || s.residual() != null;
  }

  private void typed(RebuildNode n, ShreddedSource s) {
    TypedScalarRebuild.append(b, n.type, s);
  }
}
