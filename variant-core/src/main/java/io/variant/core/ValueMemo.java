// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;

/**
 * {@link VariantValidator}'s memo: value start (a byte position, {@code >= 0}) to what its check
 * found (a container's subtree height, 0 for a checked scalar). Open addressing over {@code int}
 * arrays: the {@code HashMap<Integer, Integer>} and {@code BitSet} it replaces boxed every position
 * and cost about 5% of validating a row (hot paths allocate nothing per row). {@link #clear()} is
 * O(1): an entry counts only when its stamp is the current generation, so a validator reused for
 * many small values (a rebuild checking a row's residual copies) does not refill its tables.
 */
final class ValueMemo {
  /** A table grown past this many slots by one large value is dropped, not kept, on clear. */
  private static final int KEPT_SLOTS = 1 << 12;

  private static final int FIRST_SLOTS = 16;
  private static final int[] NONE = {};

  // slot i is table[3i .. 3i+2] = {stamp, position, value}: a probe reads one cache line. Made at
  // the first put: Variant.validate() makes a validator per value, and a row without containers
  // or long strings never stores anything.
  private int[] table = NONE;
  private int slots;
  private int generation = 1;
  private int size;

  private void allocate(int n) {
    table = new int[3 * n];
    slots = n;
    generation = 1;
    size = 0;
  }

  /** Forgets every entry. */
  void clear() {
    if (slots > KEPT_SLOTS) {
      table = NONE;
      slots = 0;
    }
    size = 0;
    if (++generation == 0) { // wrapped after 2^32 clears: stale stamps could match again
      Arrays.fill(table, 0);
      generation = 1;
    }
  }

  /** What was stored for {@code position}, or -1 if nothing was. */
  int get(int position) {
    if (size == 0) {
      return -1;
    }
    int mask = slots - 1;
    int[] t = table;
    for (int i = slot(position, mask); t[3 * i] == generation; i = (i + 1) & mask) {
      if (t[3 * i + 1] == position) {
        return t[3 * i + 2];
      }
    }
    return -1;
  }

  /** Stores {@code value} ({@code >= 0}) for {@code position}, which must not be stored yet. */
  void put(int position, int value) {
    if (2 * (size + 1) > slots) {
      grow();
    }
    insert(position, value);
  }

  private void insert(int position, int value) {
    int mask = slots - 1;
    int[] t = table;
    int i = slot(position, mask);
    while (t[3 * i] == generation) {
      i = (i + 1) & mask;
    }
    t[3 * i] = generation;
    t[3 * i + 1] = position;
    t[3 * i + 2] = value;
    size++;
  }

  private void grow() {
    int[] old = table;
    int live = generation;
    allocate(Math.max(FIRST_SLOTS, 2 * slots));
    for (int i = 0; i < old.length; i += 3) {
      if (old[i] == live) {
        insert(old[i + 1], old[i + 2]);
      }
    }
  }

  /** Positions of one value's children are close together: mix them before masking. */
  private static int slot(int position, int mask) {
    int h = position * 0x9E3779B9;
    return (h ^ (h >>> 16)) & mask;
  }
}
