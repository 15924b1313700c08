// SPDX-License-Identifier: Apache-2.0
package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/**
 * README.md's Spark application on the class path a user's build gives it: Spark's own jars (with
 * Spark's parquet-java and Jackson) and variant-spark. It is run in-process in Spark local mode and
 * submitted as README's spark-submit command says, and every row its readers return (the filter,
 * the projection, Spark SQL's {@code variant_get} and {@code to_json}) is compared with the rows
 * written.
 */
class EventsToVariantTest {
  private static SparkSession spark;
  private static JavaSparkContext sc;

  @TempDir Path dir;

  @BeforeAll
  static void startSpark() {
    spark =
        SparkSession.builder()
            .master("local[1]")
            .appName("events-to-variant-test")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
  }

  @AfterAll
  static void stopSpark() {
    spark.stop();
  }

  @Test
  void runsOnSparksOwnParquetJava() throws Exception {
    // the setting this module exists for: Spark's parquet-java beside the one variant-spark holds
    assertEquals("1.17.0", versionOf("org.apache.parquet.Version"), "Spark 4.2.0's parquet-java");
    assertEquals(
        "1.18.1", versionOf("io.variant.shaded.org.apache.parquet.Version"), "variant-spark's");
  }

  private static String versionOf(String versionClass) throws Exception {
    return (String) Class.forName(versionClass).getField("VERSION_NUMBER").get(null);
  }

  @Test
  void writesAndReadsEveryRowAndRecordsSurviveTakeAndAShuffle() throws Exception {
    Map<Long, Variant> events = Events.write(dir.resolve("in"), 3, 150);
    String out = dir.resolve("out").toString();
    EventsToVariant.write(sc, dir.resolve("in").toString(), out);
    var rows = EventsToVariant.clicks(sc, out);

    List<VariantRecord> taken = rows.take(3);
    List<VariantRecord> shuffled =
        rows.mapToPair(
                r ->
                    new Tuple2<>(r.variant("variant").field("user").field("id").longValue() % 7, r))
            .groupByKey(3)
            .flatMap(g -> g._2().iterator())
            .collect();

    assertEquals(3, taken.size());
    byId(taken).forEach((id, v) -> assertEquals(events.get(id), v));
    assertEquals(byId(rows.collect()), byId(shuffled));
    assertEveryRowReadsBack(events, out);
  }

  @Test
  void readmeSubmitCommandRunsTheApplicationJar() throws Exception {
    Map<Long, Variant> events = Events.write(dir.resolve("in"), 2, 100);
    Path out = dir.resolve("out");
    List<String> submit =
        ReadmeSpark.submitArguments(
            appJar(), variantSparkJar(), dir.resolve("in").toString(), out.toString());
    // spark-submit's launcher adds the --add-opens flags JDK 17 needs; this JVM was given the same
    List<String> command = new ArrayList<>(List.of(javaBin(), "-Xmx1g", "-XX:+UseSerialGC"));
    command.addAll(addOpens());
    command.addAll(List.of("-cp", sparkClassPath(), "org.apache.spark.deploy.SparkSubmit"));
    command.addAll(submit);
    Path log = dir.resolve("submit.log");

    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "spark-submit did not finish in 5 minutes");

    String printed = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), printed);
    long clicks =
        events.values().stream().filter(v -> v.field("kind").stringValue().equals("click")).count();
    assertTrue(printed.contains("clicks: " + clicks + "\n"), printed);
    assertTrue(printed.contains("users: " + events.size() + "\n"), printed);
    assertTrue(printed.contains("rows: " + events.size() + "\n"), printed);
    assertEveryRowReadsBack(events, out.toString());
  }

  /** The application's three readers, row for row, against the rows written. */
  private static void assertEveryRowReadsBack(Map<Long, Variant> events, String out)
      throws Exception {
    Map<Long, Variant> expectedClicks = new TreeMap<>();
    events.forEach(
        (id, v) -> {
          if (v.field("kind").stringValue().equals("click")) {
            expectedClicks.put(id, v);
          }
        });
    assertEquals(expectedClicks, byId(EventsToVariant.clicks(sc, out).collect()));

    List<Long> ids = new ArrayList<>(EventsToVariant.userIds(sc, out).collect());
    ids.sort(null);
    assertEquals(new ArrayList<>(events.keySet()), ids);

    Map<Long, Variant> sql = new TreeMap<>();
    for (Row row : EventsToVariant.withSparkSql(spark, out).collectAsList()) {
      Variant v = VariantJson.parse(row.getString(1));
      assertEquals(row.getLong(0), v.field("user").field("id").longValue(), row.toString());
      assertEquals(null, sql.put(row.getLong(0), v), "a row twice: " + row);
    }
    assertEquals(events, sql);
  }

  private static Map<Long, Variant> byId(List<VariantRecord> rows) {
    Map<Long, Variant> m = new TreeMap<>();
    for (VariantRecord r : rows) {
      Variant v = r.variant("variant");
      assertEquals(null, m.put(v.field("user").field("id").longValue(), v), "a row twice: " + v);
    }
    return m;
  }

  /** The application jar {@code mvn package} made (this test runs after the package phase). */
  private static String appJar() {
    Path jar = Path.of("target", "events-app-1.0.jar");
    assertTrue(Files.isRegularFile(jar), "no " + jar.toAbsolutePath() + ": run mvn verify");
    return jar.toString();
  }

  /** The variant-spark jar this build resolved, the one jar README's --packages brings. */
  private static String variantSparkJar() throws Exception {
    Path jar =
        Path.of(VariantRecord.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertTrue(jar.toString().endsWith(".jar"), "variant-spark is not a packaged jar: " + jar);
    return jar.toString();
  }

  /**
   * Spark and its dependencies only: this test's class path less this project and variant-spark.
   */
  private static String sparkClassPath() throws Exception {
    String variantSpark = variantSparkJar();
    List<String> kept = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath().normalize();
      if (!p.toString().equals(Path.of(variantSpark).toAbsolutePath().normalize().toString())
          && !p.startsWith(Path.of("target").toAbsolutePath())) {
        kept.add(entry);
      }
    }
    return String.join(File.pathSeparator, kept);
  }

  private static List<String> addOpens() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens"))
        .toList();
  }

  private static String javaBin() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
