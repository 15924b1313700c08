// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.core.json.VariantJson;
import io.variant.testkit.Gen;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Stress of what core documents as safe to share: {@link Variant} (immutable), {@link
 * VariantMetadata} (safe to share; caches decoded keys and, for unsorted dictionaries, a lookup map
 * lazily) and {@link VariantJson} (every method from any thread; caches a factory for the last
 * custom limits). Each round wraps the same bytes in fresh objects, so every cache starts cold,
 * releases 8 threads together on them and compares what each thread saw with a single-threaded run.
 */
class SharedUseStressTest {
  private static final int THREADS = 8;
  private static final int ROUNDS = 60;
  private static final Limits[] LIMITS = {
    Limits.defaults(),
    Limits.defaults().withMaxDepth(500),
    Limits.defaults().withMaxExpansion(2),
    Limits.defaults().withMaxValueBytes(1 << 22)
  };

  @Test
  void sharedValuesMetadataAndJsonGiveEveryThreadTheSameAnswers() throws Exception {
    Random rnd = new Random(1313);
    List<byte[][]> encoded = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Variant v = Gen.variant(rnd, Gen.Config.defaults().withBudgetBytes(3_000));
      Variant n =
          i % 2 == 0 ? Gen.nonCanonical(rnd, v) : v; // unsorted dictionaries build the lookup map
      encoded.add(new byte[][] {n.metadataBytes(), n.valueBytes()});
    }
    List<String> expected = answers(wrap(encoded), 0);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      for (int round = 0; round < ROUNDS; round++) {
        List<Variant> shared = wrap(encoded); // cold caches
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Future<List<String>>> seen = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          int thread = t;
          seen.add(
              pool.submit(
                  () -> {
                    start.await(30, TimeUnit.SECONDS);
                    return answers(shared, thread);
                  }));
        }
        for (Future<List<String>> f : seen) {
          assertEquals(expected, f.get(60, TimeUnit.SECONDS), "round " + round);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static List<Variant> wrap(List<byte[][]> encoded) {
    List<Variant> out = new ArrayList<>();
    for (byte[][] e : encoded) {
      VariantMetadata m = VariantMetadata.of(e[0]);
      out.add(Variant.of(m, e[1], 0, e[1].length));
    }
    return out;
  }

  /**
   * Everything a thread can ask of the shared objects, as text; {@code thread} varies the order and
   * limits.
   */
  private static List<String> answers(List<Variant> values, int thread) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < values.size(); k++) {
      Variant v = values.get((k + thread * 5) % values.size());
      StringBuilder b = new StringBuilder();
      VariantMetadata m = v.metadata();
      for (int id = m.size() - 1; id >= 0; id--) {
        String key = m.key(id);
        b.append(key)
            .append('=')
            .append(m.key(m.idOf(key)))
            .append(';'); // first id of a duplicate: same key
      }
      b.append(VariantJson.toJson(v, LIMITS[(k + thread) % LIMITS.length]))
          .append('|')
          .append(v.hashCode());
      if (v.isObject()) {
        for (int i = 0; i < v.fieldCount(); i++) {
          b.append('|').append(VariantEquality.physical(v.field(v.fieldName(i)), v.fieldValue(i)));
        }
      }
      out.add(b.toString());
    }
    // Answers in a fixed order, whatever order this thread asked in.
    List<String> ordered = new ArrayList<>(out);
    for (int k = 0; k < values.size(); k++) {
      ordered.set((k + thread * 5) % values.size(), out.get(k));
    }
    return ordered;
  }
}
