// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.testkit.Gen;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;

/**
 * Seeded NDJSON event logs for the job tests: objects with a stable core ({@code id}, {@code type},
 * {@code user.age}, {@code tags}) that the plan types, the odd mistyped value ({@code "n/a"} ages,
 * string ids) that goes to the residual, rare fields, and unicode strings from the test kit's
 * generator.
 */
final class Events {
  private static final String[] TYPES = {"click", "view", "buy", "leave"};

  private Events() {}

  /** One event as a JSON line. */
  static String line(Random rnd, long id) {
    VariantBuilder b = new VariantBuilder().startObject();
    b.key("id");
    if (rnd.nextInt(50) == 0) {
      b.appendString("x" + id);
    } else {
      b.appendLong(id);
    }
    b.key("type").appendString(TYPES[rnd.nextInt(TYPES.length)]);
    b.key("user").startObject().key("name").appendString(Gen.string(rnd, 0, 16)).key("age");
    if (rnd.nextInt(20) == 0) {
      b.appendString("n/a");
    } else {
      b.appendLong(18 + rnd.nextInt(60));
    }
    b.endObject();
    b.key("tags").startArray();
    for (int i = rnd.nextInt(4); i > 0; i--) {
      b.appendString("t" + rnd.nextInt(10));
    }
    b.endArray();
    if (rnd.nextInt(10) == 0) {
      b.key("rare" + rnd.nextInt(3)).appendDouble(rnd.nextDouble());
    }
    return VariantJson.toJson(b.endObject().build());
  }

  /**
   * Writes {@code rows} lines to {@code file} (gzip-compressed when the name ends in .gz); returns
   * the lines.
   */
  static List<String> write(Path file, Random rnd, long firstId, int rows) throws IOException {
    List<String> lines = new ArrayList<>();
    try (OutputStream raw = Files.newOutputStream(file);
        OutputStream out = file.toString().endsWith(".gz") ? new GZIPOutputStream(raw) : raw;
        Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8)) {
      for (int i = 0; i < rows; i++) {
        String line = line(rnd, firstId + i);
        lines.add(line);
        w.write(line);
        w.write('\n');
      }
    }
    return lines;
  }

  /** Each line parsed and printed again: the canonical JSON of the Variant a row should hold. */
  static List<String> canonical(List<String> lines) {
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      out.add(VariantJson.toJson(VariantJson.parse(l)));
    }
    out.sort(null);
    return out;
  }

  /** The part files of an output directory, by name. */
  static List<Path> partFiles(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(
              p ->
                  p.getFileName().toString().startsWith("part-")
                      && p.toString().endsWith(".parquet"))
          .sorted()
          .toList();
    }
  }

  /** Every row of {@code column} in the part files of {@code dir}, as canonical JSON, sorted. */
  static List<String> readAll(Path dir, String column) throws IOException {
    List<String> out = new ArrayList<>();
    for (Path p : partFiles(dir)) {
      try (VariantParquetReader r = VariantParquetReader.open(p)) {
        for (VariantRecord row : r) {
          Variant v = row.variant(column);
          out.add(VariantJson.toJson(v));
        }
      }
    }
    out.sort(null);
    return out;
  }

  /** A Configuration for the local job runner, its scratch space under {@code dir}. */
  static Configuration localConf(Path dir) {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    conf.setInt(
        "mapreduce.client.completion.pollinterval",
        50); // Job.waitForCompletion polls every 5 s by default
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 50);
    return conf;
  }
}
