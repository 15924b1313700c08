// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The last few values made from per-file inputs that files written by one writer repeat (a footer's
 * schema, the columns of that schema), found by a linear scan: a reader opens a file with a handful
 * of schemas in play, and a scan of a few keys by identity or by comparing bytes costs less than
 * hashing them. The oldest entry gives way to a new one. <b>Thread safety:</b> safe; the values
 * must be immutable, as every reader that finds one shares it.
 *
 * @param <K> what a value was made from
 * @param <V> the value
 */
final class RecentCache<K, V> {
  private final Object[] keys;
  private final Object[] values;
  private int next;

  RecentCache(int size) {
    keys = new Object[size];
    values = new Object[size];
  }

  /** The value of the most recent key that {@code matches} accepts, or {@code null}. */
  @SuppressWarnings("unchecked")
  synchronized V find(Predicate<K> matches) {
    for (int n = 0, i = next; n < keys.length; n++) {
      i = (i == 0 ? keys.length : i) - 1;
      if (keys[i] != null && matches.test((K) keys[i])) {
        return (V) values[i];
      }
    }
    return null;
  }

  /**
   * The value kept for this very {@code key} object, or else the one {@code make} makes (and that
   * is kept if it makes one without throwing).
   */
  V byIdentity(K key, Supplier<V> make) {
    V known = find(k -> k == key);
    if (known == null) {
      known = make.get();
      add(key, known);
    }
    return known;
  }

  /** Keeps {@code value} for {@code key}, in place of the oldest entry. */
  synchronized void add(K key, V value) {
    keys[next] = key;
    values[next] = value;
    next = (next + 1) % keys.length;
  }
}
