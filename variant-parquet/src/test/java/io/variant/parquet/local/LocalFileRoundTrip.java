// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.local;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.read.PathValue;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import io.variant.parquet.write.VariantParquetWriter;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What a user of local files does with variant-parquet alone, run in a JVM of its own by {@link
 * LocalFilesWithoutHadoopTest} with a class path it chose: {@code write FILE} writes {@link #ROWS}
 * rows with the writer's defaults; {@code read FILE} prints the rows a filtered reader returns and
 * the values a projection reads, one line each. It prints whether Hadoop's classes are there, so
 * that the test knows what the class path held.
 */
final class LocalFileRoundTrip {
  static final int ROWS = 200;
  static final int ROWS_PER_GROUP = 50;
  static final long WANTED = 123; // the filter's $.k: one row group of four holds it

  private LocalFileRoundTrip() {}

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args[1]);
    System.out.println("hadoop-common: " + present("org.apache.hadoop.conf.Configuration"));
    System.out.println("mapreduce: " + present("org.apache.hadoop.mapreduce.InputFormat"));
    if (args[0].equals("write")) {
      write(file);
    } else {
      read(file);
    }
  }

  static Variant row(long i) {
    String tags = i % 3 == 0 ? ", \"tags\": [\"a\", " + i + ", null]" : "";
    return VariantJson.parse(
        "{\"k\": " + i + ", \"user\": {\"name\": \"u" + i + "\u00e9\"}" + tags + "}");
  }

  private static void write(Path file) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("v")
            .inferFromFirst(ROWS)
            .rowGroupRowLimit(ROWS_PER_GROUP)
            .build()) {
      for (long i = 0; i < ROWS; i++) {
        w.write(VariantRecord.builder().set("id", i).set("v", row(i)).build());
      }
    }
    System.out.println("written: " + ROWS);
  }

  private static void read(Path file) throws IOException {
    VariantPredicate wanted = VariantPredicate.eq("v", "$.k", Literal.of(WANTED));
    try (VariantParquetReader r = VariantParquetReader.builder(file).filter(wanted).build()) {
      for (VariantRecord rec : r) {
        System.out.println("row: " + rec.get("id") + " " + VariantJson.toJson(rec.variant("v")));
      }
    }
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader names = r.project("v", VariantPath.parse("$.user.name"))) {
      for (PathValue name : names) {
        System.out.println("name: " + name.value().stringValue());
      }
    }
  }

  private static String present(String className) {
    try {
      // not initialized: Configuration's static initializer would load Woodstox, which a reader
      // does not need
      Class.forName(className, false, LocalFileRoundTrip.class.getClassLoader());
      return "present";
    } catch (ClassNotFoundException e) {
      return "absent";
    }
  }
}
