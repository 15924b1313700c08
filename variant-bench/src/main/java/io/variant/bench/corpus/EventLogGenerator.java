// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Event logs with type drift: a stable envelope ({@code id}, {@code ts}, {@code type}, {@code
 * actor}) and a payload whose shape depends on the event type; the {@code value} field drifts from
 * integers to doubles to strings to decimals over the log, and optional fields come and go. About
 * 5% of strings carry escapes or non-ASCII text, as real logs do.
 */
final class EventLogGenerator {
  static final int ROWS = 4000;
  private static final String[] TYPES = {
    "push", "pull_request", "issue_comment", "watch", "release", "login"
  };
  private static final String[] NAMES = {
    "ada", "grace", "linus", "Siobhán", "Łukasz", "maría", "李雷", "dev🙂", "ken", "barbara"
  };
  private static final String[] WORDS = {
    "fix",
    "add",
    "remove",
    "parser",
    "speed",
    "bench",
    "tests",
    "docs",
    "variant",
    "shred",
    "encode",
    "metadata",
    "dictionary",
    "refactor",
    "release",
    "notes",
    "bump",
    "version"
  };

  private EventLogGenerator() {}

  static List<String> generate(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    JsonText j = new JsonText();
    List<String> rows = new ArrayList<>(ROWS);
    long ts = 1_732_400_000_000L;
    for (int i = 0; i < ROWS; i++) {
      ts += r.nextInt(5000);
      String type = TYPES[r.nextInt(TYPES.length)];
      j.startObject();
      j.key("id").number(10_000_000_000L + i);
      j.key("ts").string(isoMillis(ts));
      j.key("type").string(type);
      j.key("actor")
          .startObject()
          .key("id")
          .number(r.nextInt(100_000))
          .key("login")
          .string(NAMES[r.nextInt(NAMES.length)] + r.nextInt(1000))
          .key("site_admin")
          .bool(r.nextInt(50) == 0)
          .endObject();
      if (r.nextInt(4) != 0) {
        j.key("repo")
            .startObject()
            .key("id")
            .number(r.nextInt(1_000_000))
            .key("name")
            .string("org" + r.nextInt(50) + "/" + WORDS[r.nextInt(WORDS.length)])
            .endObject();
      }
      driftingValue(j.key("value"), r, i);
      payload(j.key("payload"), r, type);
      if (r.nextInt(3) == 0) {
        j.key("tags").startArray();
        for (int t = r.nextInt(5); t >= 0; t--) {
          j.string(WORDS[r.nextInt(WORDS.length)]);
        }
        j.endArray();
      }
      j.endObject();
      rows.add(j.take());
    }
    return rows;
  }

  /**
   * int, then double, then string, then decimal, with nulls sprinkled in: what a schema-less log
   * does.
   */
  private static void driftingValue(JsonText j, SplittableRandom r, int i) {
    if (r.nextInt(20) == 0) {
      j.nul();
      return;
    }
    switch ((i * 4 / ROWS + r.nextInt(2)) % 4) {
      case 0 -> j.number(r.nextInt(1000));
      case 1 -> j.number(r.nextDouble() * 1e6);
      case 2 -> j.string("v" + r.nextInt(10_000));
      default -> j.decimal(r.nextLong(1_000_000), 2);
    }
  }

  private static void payload(JsonText j, SplittableRandom r, String type) {
    j.startObject();
    switch (type) {
      case "push" -> {
        j.key("size").number(r.nextInt(5) + 1);
        j.key("commits").startArray();
        for (int c = r.nextInt(4); c >= 0; c--) {
          j.startObject()
              .key("sha")
              .string(hex(r, 40))
              .key("message")
              .string(sentence(r))
              .key("distinct")
              .bool(r.nextBoolean())
              .endObject();
        }
        j.endArray();
      }
      case "pull_request" ->
          j.key("number")
              .number(r.nextInt(50_000))
              .key("title")
              .string(sentence(r))
              .key("merged")
              .bool(r.nextBoolean())
              .key("additions")
              .number(r.nextInt(2000))
              .key("deletions")
              .number(r.nextInt(2000))
              .key("score")
              .decimal(r.nextInt(10_000), 3);
      case "issue_comment" ->
          j.key("issue")
              .number(r.nextInt(50_000))
              .key("body")
              .string(sentence(r) + " " + sentence(r));
      case "release" ->
          j.key("tag")
              .string("v" + r.nextInt(10) + "." + r.nextInt(30) + "." + r.nextInt(10))
              .key("prerelease")
              .bool(r.nextInt(5) == 0)
              .key("assets")
              .number(r.nextInt(12));
      default ->
          j.key("ip")
              .string(
                  r.nextInt(256)
                      + "."
                      + r.nextInt(256)
                      + "."
                      + r.nextInt(256)
                      + "."
                      + r.nextInt(256))
              .key("ok")
              .bool(r.nextInt(10) != 0);
    }
    j.endObject();
  }

  private static String sentence(SplittableRandom r) {
    StringBuilder s = new StringBuilder();
    for (int w = r.nextInt(3, 12); w > 0; w--) {
      s.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
    }
    switch (r.nextInt(20)) {
      case 0 -> s.append("\"quoted\"\nline");
      case 1 -> s.append("naïve café – ünïcödé 日本語");
      default -> s.append("end");
    }
    return s.toString();
  }

  private static String hex(SplittableRandom r, int digits) {
    StringBuilder s = new StringBuilder(digits);
    for (int i = 0; i < digits; i++) {
      s.append(Character.forDigit(r.nextInt(16), 16));
    }
    return s.toString();
  }

  private static String isoMillis(long epochMillis) {
    return java.time.Instant.ofEpochMilli(epochMillis).toString();
  }
}
