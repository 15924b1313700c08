// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.hadoop.PlanSample;
import io.variant.hadoop.VariantParquetInputFormat;
import io.variant.hadoop.VariantParquetOutputFormat;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.testkit.Gen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/**
 * Spark writes and reads VARIANT part files through its Hadoop API with variant-hadoop's formats,
 * as README's "Running on a cluster" shows: NDJSON lines become rows with {@code
 * saveAsNewAPIHadoopFile} and {@link VariantParquetOutputFormat} (one plan, sampled across the
 * input splits before the job), and come back with {@code newAPIHadoopFile} and {@link
 * VariantParquetInputFormat}, whole and projected to one path. Runs on the module's shared Spark
 * context, with several partitions so that several tasks write part files.
 */
class SparkHadoopApiTest {
  @TempDir Path dir;

  @Test
  void sparkWritesAndReadsOurPartFilesRowForRow() throws Exception {
    Path in = Files.createDirectories(dir.resolve("in"));
    Random rnd = new Random(51);
    List<String> lines = new ArrayList<>();
    for (int f = 0; f < 3; f++) {
      List<String> file = new ArrayList<>();
      for (int i = 0; i < 150; i++) {
        file.add(event(rnd, f * 1000 + i));
      }
      Files.write(in.resolve("part" + f + ".ndjson"), file);
      lines.addAll(file);
    }
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(SparkSessions.shared().sparkContext());
    Job write = Job.getInstance(sc.hadoopConfiguration());
    FileInputFormat.addInputPath(write, new org.apache.hadoop.fs.Path(in.toString()));
    FileInputFormat.setMaxInputSplitSize(write, Files.size(in.resolve("part0.ndjson")) / 2);
    PlanSample sample = PlanSample.of(write, 200);
    VariantParquetOutputFormat.setPlan(write, sample.plan());
    VariantParquetOutputFormat.setSharedKeys(write, sample.keys());
    String out = dir.resolve("out").toString();

    sc.textFile(in.toString(), 6)
        .filter(line -> !line.isBlank())
        .mapToPair(
            line ->
                new Tuple2<Void, VariantRecord>(
                    null, VariantRecord.builder().set("variant", VariantJson.parse(line)).build()))
        .saveAsNewAPIHadoopFile(
            out,
            Void.class,
            VariantRecord.class,
            VariantParquetOutputFormat.class,
            write.getConfiguration());

    List<Path> parts;
    try (Stream<Path> s = Files.list(Path.of(out))) {
      parts =
          s.filter(
                  p ->
                      p.getFileName().toString().startsWith("part-")
                          && p.toString().endsWith(".parquet"))
              .toList();
    }
    assertTrue(parts.size() >= 3, "one part file per task: " + parts);
    List<Variant> direct = new ArrayList<>();
    for (Path p : parts) {
      try (VariantParquetReader r = VariantParquetReader.open(p)) {
        assertEquals(sample.plan(), r.plans().get("variant"), p.toString());
        r.forEach(row -> direct.add(row.variant("variant")));
      }
    }
    assertSameRows(lines, direct);

    Job read = Job.getInstance(sc.hadoopConfiguration());
    List<String> back =
        sc.newAPIHadoopFile(
                out,
                VariantParquetInputFormat.class,
                Void.class,
                VariantRecord.class,
                read.getConfiguration())
            .map(
                t ->
                    VariantJson.toJson(
                        t._2().variant("variant"))) // rows travel to the driver as JSON text
            .collect();
    assertSameRows(lines, back.stream().map(VariantJson::parse).toList());

    VariantParquetInputFormat.setProjection(read, "variant", VariantPath.parse("$.user.id"));
    List<String> ids =
        sc.newAPIHadoopFile(
                out,
                VariantParquetInputFormat.class,
                Void.class,
                VariantRecord.class,
                read.getConfiguration())
            .map(t -> String.valueOf(t._2().variant("variant")))
            .collect();
    List<String> expected = new ArrayList<>();
    for (String l : lines) {
      expected.add(String.valueOf(VariantPath.parse("$.user.id").extract(VariantJson.parse(l))));
    }
    assertEquals(sorted(expected), sorted(ids));
  }

  private static String event(Random rnd, long id) {
    VariantBuilder b = new VariantBuilder().startObject();
    b.key("kind").appendString(rnd.nextBoolean() ? "view" : "click");
    b.key("user")
        .startObject()
        .key("id")
        .appendLong(id)
        .key("name")
        .appendString(Gen.string(rnd, 0, 10))
        .endObject();
    if (rnd.nextInt(4) == 0) {
      b.key("score").appendDouble(rnd.nextDouble());
    }
    return VariantJson.toJson(b.endObject().build());
  }

  /**
   * Row for row by {@code user.id} (unique), with Variant equality: a double in JSON text parses as
   * a decimal, which a plan may type with a wider scale, so the JSON text of a row read back can
   * differ in trailing zeros.
   */
  private static void assertSameRows(List<String> lines, List<Variant> rows) {
    Map<Long, Variant> byId = new HashMap<>();
    for (Variant v : rows) {
      assertEquals(null, byId.put(v.field("user").field("id").longValue(), v), "a row twice: " + v);
    }
    assertEquals(lines.size(), byId.size());
    for (String l : lines) {
      Variant expected = VariantJson.parse(l);
      Variant got = byId.get(expected.field("user").field("id").longValue());
      assertTrue(expected.equals(got), "wrote " + l + ", read " + got);
    }
  }

  private static List<String> sorted(List<String> l) {
    List<String> out = new ArrayList<>(l);
    out.sort(null);
    return out;
  }
}
