// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Large documents: a few rows of about 1.5 MB each, mostly long arrays of numbers (integers,
 * doubles, decimals) and short strings, plus small nested records: the shape of a time series or an
 * exported table.
 */
final class LargeDocumentGenerator {
  static final int ROWS = 4;
  private static final int ARRAY_LENGTH = 40_000;

  private LargeDocumentGenerator() {}

  static List<String> generate(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    JsonText j = new JsonText();
    List<String> rows = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      j.startObject();
      j.key("series").string("series-" + i);
      j.key("start").number(1_700_000_000_000L + i * 86_400_000L);
      j.key("counts").startArray();
      for (int k = 0; k < ARRAY_LENGTH; k++) {
        j.number(r.nextInt(1 << 20));
      }
      j.endArray();
      j.key("readings").startArray();
      for (int k = 0; k < ARRAY_LENGTH; k++) {
        j.number(r.nextDouble() * 1000);
      }
      j.endArray();
      j.key("prices").startArray();
      for (int k = 0; k < ARRAY_LENGTH; k++) {
        j.decimal(r.nextInt(100_000), 2);
      }
      j.endArray();
      j.key("labels").startArray();
      for (int k = 0; k < ARRAY_LENGTH; k++) {
        j.string("label-" + r.nextInt(5000));
      }
      j.endArray();
      j.key("points").startArray();
      for (int k = 0; k < ARRAY_LENGTH / 8; k++) {
        j.startObject()
            .key("x")
            .number(r.nextInt(4096))
            .key("y")
            .number(r.nextInt(4096))
            .key("tag")
            .string("p" + r.nextInt(100))
            .endObject();
      }
      j.endArray();
      j.endObject();
      rows.add(j.take());
    }
    return rows;
  }
}
