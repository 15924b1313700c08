// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/**
 * A reused builder that meets a handful of key sequences in turn (rows of a stream with a few
 * shapes, interleaved) keeps the sorted dictionary of each in its {@link DictionarySorter}: from
 * the second round on, each row's metadata is the very instance the first round made, and every
 * row's bytes are a fresh builder's. Direct-mapped, two of these sequences shared a slot and
 * evicted each other on every round.
 */
class DictionaryCacheTest {
  private static final int SEQUENCES = 16;

  @Test
  void alternatingSequencesStayCached() {
    VariantBuilder reused = new VariantBuilder();
    VariantMetadata[] first = new VariantMetadata[SEQUENCES];
    for (int round = 0; round < 4; round++) {
      for (int s = 0; s < SEQUENCES; s++) {
        reused.reset();
        Variant v = row(reused, s);
        Variant fresh = row(new VariantBuilder(), s);
        assertArrayEquals(fresh.valueBytes(), v.valueBytes());
        assertArrayEquals(fresh.metadataBytes(), v.metadataBytes());
        if (round == 0) {
          first[s] = v.metadata();
        } else {
          assertSame(first[s], v.metadata(), "sequence " + s + ", round " + round);
        }
      }
    }
  }

  /**
   * Sequence {@code s}: an object of {@code s + 3} keys in descending order (their ids change when
   * the dictionary is sorted) with a nested object that repeats two of them.
   */
  private static Variant row(VariantBuilder b, int s) {
    b.startObject();
    for (int i = s + 2; i >= 0; i--) {
      b.key("f" + (char) ('a' + i)).appendLong(i);
    }
    b.key("inner").startObject().key("fb").appendLong(s).key("fa").appendNull().endObject();
    return b.endObject().build();
  }
}
