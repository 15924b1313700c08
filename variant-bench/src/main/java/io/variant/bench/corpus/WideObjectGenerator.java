// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Wide objects: each row has 200 to 400 top-level keys drawn from a pool of 500 metric names
 * (realistic lengths, 12 to 30 bytes), in a per-row shuffled order, with integer, double, string
 * and boolean values. This stresses the key dictionary and the per-object field sort.
 */
final class WideObjectGenerator {
  static final int ROWS = 600;
  private static final int POOL = 500;

  private WideObjectGenerator() {}

  static List<String> generate(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String[] pool = new String[POOL];
    String[] parts = {
      "cpu", "mem", "disk", "net", "io", "gc", "heap", "thread", "queue", "cache", "latency",
      "error"
    };
    for (int i = 0; i < POOL; i++) {
      pool[i] =
          parts[i % parts.length] + "." + parts[(i / parts.length) % parts.length] + "_metric_" + i;
    }
    JsonText j = new JsonText();
    List<String> rows = new ArrayList<>(ROWS);
    int[] order = new int[POOL];
    for (int i = 0; i < ROWS; i++) {
      for (int k = 0; k < POOL; k++) {
        order[k] = k;
      }
      for (int k = POOL - 1; k > 0; k--) { // Fisher-Yates
        int s = r.nextInt(k + 1);
        int t = order[k];
        order[k] = order[s];
        order[s] = t;
      }
      int width = r.nextInt(200, 401);
      j.startObject();
      j.key("host").string("host-" + r.nextInt(64));
      for (int k = 0; k < width; k++) {
        int key = order[k];
        j.key(pool[key]);
        switch (key % 4) {
          case 0 -> j.number(r.nextInt(1_000_000));
          case 1 -> j.number(r.nextDouble() * 100);
          case 2 -> j.string("s" + r.nextInt(100));
          default -> j.bool(r.nextBoolean());
        }
      }
      j.endObject();
      rows.add(j.take());
    }
    return rows;
  }
}
