// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import java.util.Arrays;

/**
 * {@link KeyTable}'s lookups by {@code String}: each name a builder was given maps to its cached
 * key, so that a repeated name is neither encoded nor hashed as bytes again. Open addressing on
 * {@code String.hashCode}, which a String caches.
 */
final class NameIndex {
  private String[] names = new String[32];
  private int[] keys = new int[32];
  private int count;

  /** The key of {@code name}, or -1 if it has none. */
  int get(String name) {
    int mask = names.length - 1;
    for (int slot = KeyBytes.mix(name.hashCode()) & mask; ; slot = (slot + 1) & mask) {
      String s = names[slot];
      if (s == null) {
        return -1;
      }
      if (s == name || s.equals(name)) {
        return keys[slot];
      }
    }
  }

  /** Maps {@code name}, which has no key yet, to {@code key}. */
  void put(String name, int key) {
    int mask = names.length - 1;
    int slot = KeyBytes.mix(name.hashCode()) & mask;
    while (names[slot] != null) {
      slot = (slot + 1) & mask;
    }
    names[slot] = name;
    keys[slot] = key;
    if (++count * 2 > names.length) {
      rehash();
    }
  }

  /** Forgets every name (the cache's keys are renumbered). */
  void clear() {
    Arrays.fill(names, null);
    count = 0;
  }

  private void rehash() {
    String[] oldNames = names;
    int[] oldKeys = keys;
    names = new String[oldNames.length * 2];
    keys = new int[names.length];
    int mask = names.length - 1;
    for (int i = 0; i < oldNames.length; i++) {
      if (oldNames[i] != null) {
        int slot = KeyBytes.mix(oldNames[i].hashCode()) & mask;
        while (names[slot] != null) {
          slot = (slot + 1) & mask;
        }
        names[slot] = oldNames[i];
        keys[slot] = oldKeys[i];
      }
    }
  }
}
