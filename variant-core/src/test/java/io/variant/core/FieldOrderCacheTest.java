// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A builder that meets the same key sequences row after row takes their order from its {@link
 * FieldOrderCache}: the bytes must stay those of a fresh builder, for sequences in and out of
 * order, nested, with duplicates (never cached) after a cached sequence, and after the key table
 * reuses its key numbers.
 */
class FieldOrderCacheTest {
  @Test
  void repeatedSequencesWriteWhatAFreshBuilderWrites() {
    for (DuplicateKeys duplicates : DuplicateKeys.values()) {
      BuilderOptions options = BuilderOptions.defaults().withDuplicateKeys(duplicates);
      VariantBuilder reused = new VariantBuilder(options);
      Trials.run(
          "repeatedSequencesWriteWhatAFreshBuilderWrites",
          Math.max(1, Trials.trials() / 10),
          rnd -> {
            List<List<String>> shapes = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
              shapes.add(shape(rnd));
            }
            for (int row = 0; row < 30; row++) {
              long seed = rnd.nextLong();
              List<String> shape = shapes.get(rnd.nextInt(shapes.size()));
              List<String> inner = shapes.get(rnd.nextInt(shapes.size()));
              boolean duplicated = shape.size() != new java.util.HashSet<>(shape).size();
              if (duplicated && duplicates == DuplicateKeys.REJECT) {
                reused.reset();
                assertThrows(DuplicateKeyException.class, () -> row(reused, shape, inner, seed));
                continue;
              }
              Variant expected = row(new VariantBuilder(options), shape, inner, seed);
              reused.reset();
              Variant again = row(reused, shape, inner, seed);
              assertArrayEquals(expected.valueBytes(), again.valueBytes(), shape.toString());
              assertArrayEquals(expected.metadataBytes(), again.metadataBytes());
            }
          });
    }
  }

  @Test
  void reusedKeyNumbersDoNotReuseAnOrder() {
    VariantBuilder b = new VariantBuilder();
    List<String> descending = List.of("d", "c", "b", "a", "_");
    Variant first = flat(b, descending);
    assertEquals(List.of("_", "a", "b", "c", "d"), names(first));
    // More keys than the key table caches: the next reset clears it, and it numbers keys from 0.
    b.reset();
    b.startObject();
    for (int i = 0; i <= KeyTable.MAX_CACHED_KEYS; i++) {
      b.key("k" + i).appendNull();
    }
    b.endObject().build();
    // The same key numbers 0-4 as the first row, now for keys that come in order.
    Variant later = flat(b, List.of("a", "b", "c", "d", "e"));
    assertEquals(List.of("a", "b", "c", "d", "e"), names(later));
    assertEquals(4, later.field("e").longValue());
  }

  private static List<String> names(Variant v) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < v.fieldCount(); i++) {
      out.add(v.fieldName(i));
    }
    return out;
  }

  private static Variant flat(VariantBuilder b, List<String> keys) {
    b.reset();
    b.startObject();
    for (int i = 0; i < keys.size(); i++) {
      b.key(keys.get(i)).appendLong(i);
    }
    return b.endObject().build();
  }

  /** 1-12 keys of a small alphabet, shuffled; sometimes one repeated. */
  private static List<String> shape(Random rnd) {
    List<String> keys = new ArrayList<>();
    for (int i = 0, n = 1 + rnd.nextInt(12); i < n; i++) {
      keys.add("f" + i);
    }
    Collections.shuffle(keys, rnd);
    if (rnd.nextInt(4) == 0) {
      keys.add(keys.get(rnd.nextInt(keys.size())));
    }
    return keys;
  }

  /** An object of {@code shape} whose values vary with {@code seed}; some hold an inner object. */
  private static Variant row(VariantBuilder b, List<String> shape, List<String> inner, long seed) {
    Random values = new Random(seed);
    b.startObject();
    for (String key : shape) {
      b.key(key);
      switch (values.nextInt(3)) {
        case 0 -> b.appendLong(values.nextInt(1 << values.nextInt(30)));
        case 1 -> b.appendString("s".repeat(values.nextInt(70)));
        default -> {
          b.startObject();
          for (String k : new java.util.LinkedHashSet<>(inner)) {
            b.key(k).appendLong(values.nextInt(100));
          }
          b.endObject();
        }
      }
    }
    return b.endObject().build();
  }
}
