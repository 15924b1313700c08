// SPDX-License-Identifier: Apache-2.0
package com.example;

import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.hadoop.PlanSample;
import io.variant.hadoop.VariantParquetInputFormat;
import io.variant.hadoop.VariantParquetOutputFormat;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantPredicate;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/** NDJSON event logs to shredded VARIANT Parquet files, read back three ways. */
public final class EventsToVariant {
  public static void main(String[] args) throws IOException, InterruptedException {
    SparkSession spark = SparkSession.builder().appName("events-to-variant").getOrCreate();
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    write(sc, args[0], args[1]);
    System.out.println("clicks: " + clicks(sc, args[1]).count());
    System.out.println("users: " + userIds(sc, args[1]).distinct().count());
    System.out.println("rows: " + withSparkSql(spark, args[1]).count());
    spark.stop();
  }

  /** Writes the NDJSON lines under input as Parquet part files in output, one plan for all. */
  public static void write(JavaSparkContext sc, String input, String output)
      throws IOException, InterruptedException {
    Job job = Job.getInstance(sc.hadoopConfiguration());
    FileInputFormat.addInputPath(job, new Path(input));
    PlanSample sample = PlanSample.of(job, 10_000); // rows sampled across the input splits
    VariantParquetOutputFormat.setPlan(job, sample.plan());
    VariantParquetOutputFormat.setSharedKeys(job, sample.keys());
    VariantParquetOutputFormat.setProjectWriter(job, true); // as `variant convert` writes
    sc.textFile(input)
        .filter(line -> !line.isBlank())
        .mapToPair(
            line ->
                new Tuple2<>(
                    (Void) null,
                    VariantRecord.builder().set("variant", VariantJson.parse(line)).build()))
        .saveAsNewAPIHadoopFile(
            output,
            Void.class,
            VariantRecord.class,
            VariantParquetOutputFormat.class,
            job.getConfiguration());
  }

  /** The rows whose $.kind is "click": row groups without one are skipped, other rows dropped. */
  public static JavaRDD<VariantRecord> clicks(JavaSparkContext sc, String output)
      throws IOException {
    Job job = Job.getInstance(sc.hadoopConfiguration());
    VariantParquetInputFormat.setFilter(
        job, VariantPredicate.eq("variant", "$.kind", Literal.of("click")));
    return read(sc, output, job);
  }

  /** Every row's $.user.id, reading only the columns that path needs. */
  public static JavaRDD<Long> userIds(JavaSparkContext sc, String output) throws IOException {
    Job job = Job.getInstance(sc.hadoopConfiguration());
    VariantParquetInputFormat.setProjection(job, "variant", VariantPath.parse("$.user.id"));
    return read(sc, output, job).map(row -> row.variant("variant").longValue());
  }

  private static JavaRDD<VariantRecord> read(JavaSparkContext sc, String output, Job job) {
    return sc.newAPIHadoopFile(
            output,
            VariantParquetInputFormat.class,
            Void.class,
            VariantRecord.class,
            job.getConfiguration())
        .values();
  }

  /** The same files through Spark SQL, which reads VARIANT columns itself. */
  public static Dataset<Row> withSparkSql(SparkSession spark, String output) {
    return spark
        .read()
        .parquet(output)
        .selectExpr(
            "variant_get(variant, '$.user.id', 'bigint') AS id", "to_json(variant) AS json");
  }
}
