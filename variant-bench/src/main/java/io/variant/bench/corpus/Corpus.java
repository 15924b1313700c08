// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.corpus;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One benchmark input: a list of JSON documents ("rows"), generated at benchmark start from a fixed
 * seed, or read from an NDJSON file. Every benchmark in the same run sees byte-identical rows, so
 * the peers are measured on the same input.
 *
 * <table>
 *   <caption>Corpora</caption>
 *   <tr><th>name</th><th>shape</th></tr>
 *   <tr><td>{@code events}</td><td>event logs with type drift, 4000 rows of 0.2-1 KB</td></tr>
 *   <tr><td>{@code wide}</td><td>600 objects with 200-400 top-level keys each (~10 KB)</td></tr>
 *   <tr><td>{@code large}</td><td>4 documents of ~1.5 MB: long arrays of numbers and strings</td></tr>
 *   <tr><td>{@code mixed}</td><td>4000 tweet-, GitHub-event- and review-shaped rows, interleaved
 *   ({@link MixedRowGenerator}): the mixed real-world shapes that convert is measured on</td></tr>
 *   <tr><td>{@code file}</td><td>the NDJSON file named by {@code -Dcorpus=FILE} (one document per line)</td></tr>
 *   <tr><td>{@code NAME=FILE}</td><td>the NDJSON file {@code FILE}, reported as {@code NAME}: several
 *   files side by side in one run, e.g. the real rows of {@code bench/real-corpora} beside the
 *   generated corpora</td></tr>
 * </table>
 *
 * <p>Immutable; {@link #named} caches each corpus per JVM.
 */
public final class Corpus {
  /** The generated corpora, in the order the report lists them. */
  public static final List<String> GENERATED = List.of("events", "wide", "large", "mixed");

  private static final long SEED = 0x5EED_7A11L;
  private static final Map<String, Corpus> CACHE = new ConcurrentHashMap<>();

  private final String name;
  private final List<String> strings;
  private final List<byte[]> rows;
  private final String probeKey;
  private volatile List<Variant> variants;

  private Corpus(String name, List<String> strings) {
    if (strings.isEmpty()) {
      throw new IllegalStateException("corpus " + name + " has no rows");
    }
    this.name = name;
    this.strings = Collections.unmodifiableList(strings);
    List<byte[]> bytes = new ArrayList<>(strings.size());
    for (String s : strings) {
      bytes.add(s.getBytes(StandardCharsets.UTF_8));
    }
    this.rows = Collections.unmodifiableList(bytes);
    this.probeKey = mostCommonTopLevelKey();
  }

  /**
   * The corpus called {@code name}: {@code events}, {@code wide}, {@code large}, {@code mixed},
   * {@code file} (needs the system property {@code corpus}, a path to an NDJSON file), or {@code
   * NAME=FILE} (the NDJSON file {@code FILE}).
   *
   * @throws IllegalArgumentException for another name
   */
  public static Corpus named(String name) {
    return CACHE.computeIfAbsent(name, Corpus::load);
  }

  private static Corpus load(String name) {
    int named = name.indexOf('=');
    if (named > 0) {
      return new Corpus(name.substring(0, named), readNdjson(Paths.get(name.substring(named + 1))));
    }
    return switch (name) {
      case "events" -> new Corpus(name, EventLogGenerator.generate(SEED));
      case "wide" -> new Corpus(name, WideObjectGenerator.generate(SEED + 1));
      case "large" -> new Corpus(name, LargeDocumentGenerator.generate(SEED + 2));
      case "mixed" -> new Corpus(name, MixedRowGenerator.generate(MixedRowGenerator.CORPUS_ROWS));
      case "file" -> new Corpus(name, readNdjson(fileProperty()));
      default ->
          throw new IllegalArgumentException(
              "unknown corpus " + name + ": events, wide, large, mixed, file or NAME=FILE");
    };
  }

  private static Path fileProperty() {
    String p = System.getProperty("corpus");
    if (p == null || p.isBlank()) {
      throw new IllegalStateException("corpus=file needs -Dcorpus=PATH to an NDJSON file");
    }
    return Paths.get(p);
  }

  private static List<String> readNdjson(Path file) {
    try {
      List<String> out = new ArrayList<>();
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          out.add(line);
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read corpus " + file.toAbsolutePath(), e);
    }
  }

  public String name() {
    return name;
  }

  /** Every row as UTF-8 bytes, in corpus order. */
  public List<byte[]> rows() {
    return rows;
  }

  /** Every row as a String, in corpus order. */
  public List<String> strings() {
    return strings;
  }

  /** Every row parsed by this project's parser (computed once). */
  public List<Variant> variants() {
    List<Variant> v = variants;
    if (v == null) {
      List<Variant> parsed = new ArrayList<>(rows.size());
      for (byte[] row : rows) {
        parsed.add(VariantJson.parse(row));
      }
      v = Collections.unmodifiableList(parsed);
      variants = v;
    }
    return v;
  }

  /** The top-level key that most rows have: what a field-lookup benchmark asks for. */
  public String probeKey() {
    return probeKey;
  }

  /** Total UTF-8 bytes over all rows. */
  public long totalBytes() {
    long n = 0;
    for (byte[] r : rows) {
      n += r.length;
    }
    return n;
  }

  /**
   * Among the top-level keys that the most rows have, the middle one in key order (neither first
   * nor last).
   */
  private String mostCommonTopLevelKey() {
    Map<String, Integer> counts = new HashMap<>();
    int sample = Math.min(rows.size(), 200);
    for (int i = 0; i < sample; i++) {
      Variant v = VariantJson.parse(rows.get(i));
      if (v.isObject()) {
        for (int f = 0, n = v.fieldCount(); f < n; f++) {
          counts.merge(v.fieldName(f), 1, Integer::sum);
        }
      }
    }
    int max = counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    List<String> common = new ArrayList<>();
    counts.forEach(
        (k, c) -> {
          if (c == max) {
            common.add(k);
          }
        });
    Collections.sort(common);
    return common.isEmpty() ? "id" : common.get(common.size() / 2);
  }

  @Override
  public String toString() {
    return name + " (" + rows.size() + " rows, " + totalBytes() + " bytes)";
  }
}
