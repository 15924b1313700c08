// SPDX-License-Identifier: Apache-2.0
package com.example;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/** Event logs from a fixed seed: NDJSON files whose rows have unique {@code user.id}s. */
final class Events {
  private Events() {}

  /**
   * Writes {@code files} NDJSON files of {@code rows} lines each under {@code dir}.
   *
   * @return every row by its {@code user.id}
   */
  static Map<Long, Variant> write(Path dir, int files, int rows) throws IOException {
    Files.createDirectories(dir);
    Random rnd = new Random(files * 1000L + rows);
    Map<Long, Variant> all = new TreeMap<>();
    for (int f = 0; f < files; f++) {
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        long id = f * 100_000L + i;
        String line = line(rnd, id);
        lines.add(line);
        all.put(id, VariantJson.parse(line));
      }
      Files.write(dir.resolve("events-" + f + ".ndjson"), lines);
    }
    return all;
  }

  private static String line(Random rnd, long id) {
    StringBuilder b = new StringBuilder("{\"kind\": \"");
    b.append(rnd.nextInt(3) == 0 ? "click" : "view").append('"');
    b.append(", \"user\": {\"id\": ").append(id).append(", \"name\": \"u").append(id);
    b.append(rnd.nextBoolean() ? "\u00e9" : "").append("\"}");
    if (rnd.nextInt(4) == 0) {
      b.append(", \"score\": ").append(rnd.nextInt(10_000) / 100.0);
    }
    if (rnd.nextInt(3) == 0) {
      b.append(", \"tags\": [\"a\", ").append(rnd.nextInt(100)).append(", null]");
    }
    if (rnd.nextInt(10) == 0) {
      b.append(", \"ts\": \"2026-11-").append(10 + rnd.nextInt(19)).append("T10:00:00Z\"");
    }
    return b.append('}').toString();
  }
}
