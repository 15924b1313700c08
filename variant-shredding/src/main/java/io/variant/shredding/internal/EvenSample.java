// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Picks a sample spread evenly across a list: what plan inference sees should stand for the whole
 * input, not its first part (the CLI's size check over sampled rows, the MapReduce job's choice of
 * input splits to sample).
 */
public final class EvenSample {
  private EvenSample() {}

  /**
   * At most {@code most} items of {@code items}, evenly spaced and in their order, the first among
   * them; {@code items} itself when it has no more than {@code most}.
   *
   * @throws IllegalArgumentException if {@code most} is negative
   */
  public static <T> List<T> of(List<T> items, int most) {
    if (most < 0) {
      throw new IllegalArgumentException("Cannot sample " + most + " items");
    }
    if (items.size() <= most) {
      return items;
    }
    List<T> out = new ArrayList<>(most);
    for (int i = 0; i < most; i++) {
      out.add(items.get((int) ((long) i * items.size() / most)));
    }
    return out;
  }
}
