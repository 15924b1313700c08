// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * variant-parquet on local files with Hadoop's jars taken off the class path: each case runs {@link
 * LocalFileRoundTrip} in a JVM of its own, on this test's class path less the jars it names.
 *
 * <p>Writing needs no Hadoop jar. Reading needs hadoop-common and hadoop-mapreduce-client-core, and
 * nothing of their closures: parquet-java's {@code ParquetReadOptions.Builder} (which every reader
 * of a Parquet file goes through) asks {@code ParquetInputFormat.getFilter}, and {@code
 * ParquetInputFormat} extends MapReduce's {@code FileInputFormat}.
 */
class LocalFilesWithoutHadoopTest {
  @TempDir Path dir;

  /** Hadoop's own jars, its shaded Guava, and the XML and collection libraries its conf reads. */
  private static final Predicate<String> HADOOP_AND_ITS_ADD_BACKS =
      jar ->
          jar.startsWith("hadoop-")
              || jar.startsWith("woodstox-")
              || jar.startsWith("stax2-")
              || jar.startsWith("commons-collections4-");

  @Test
  void writesWithNoHadoopJarOnTheClassPath() throws Exception {
    Path file = dir.resolve("events.parquet");

    List<String> out = run(HADOOP_AND_ITS_ADD_BACKS, "write", file);

    assertEquals(List.of("hadoop-common: absent", "mapreduce: absent", "written: 200"), out);
    assertEquals(expectedReads(), run(jar -> false, "read", file));
  }

  @Test
  void readsWithHadoopCommonAndMapReduceCoreAloneOfHadoop() throws Exception {
    Path file = dir.resolve("events.parquet");
    run(HADOOP_AND_ITS_ADD_BACKS, "write", file);
    Predicate<String> allButTwo =
        jar ->
            HADOOP_AND_ITS_ADD_BACKS.test(jar)
                && !jar.startsWith("hadoop-common-")
                && !jar.startsWith("hadoop-mapreduce-client-core-");

    List<String> out = run(allButTwo, "read", file);

    assertEquals(expectedReads(), out);
  }

  @Test
  void readingWithoutTheMapReduceClientFailsOnParquetInputFormatsSuperclass() throws Exception {
    // Pins the reason README gives for the MapReduce jar: when parquet-java stops loading
    // ParquetInputFormat to read a local file, this fails, and variant-parquet can drop the jar.
    Path file = dir.resolve("events.parquet");
    run(HADOOP_AND_ITS_ADD_BACKS, "write", file);

    Result r = start(jar -> jar.startsWith("hadoop-mapreduce-"), "read", file);

    assertTrue(r.exitCode != 0, String.join("\n", r.lines));
    assertTrue(
        r.lines.stream()
            .anyMatch(
                l ->
                    l.contains(
                        "NoClassDefFoundError: org/apache/hadoop/mapreduce/lib/input/FileInputFormat")),
        String.join("\n", r.lines));
  }

  /** The filter keeps the one row group that holds $.k = 123; the projection reads every row. */
  private static List<String> expectedReads() {
    List<String> lines = new ArrayList<>(List.of("hadoop-common: present", "mapreduce: present"));
    long first =
        LocalFileRoundTrip.WANTED
            / LocalFileRoundTrip.ROWS_PER_GROUP
            * LocalFileRoundTrip.ROWS_PER_GROUP;
    for (long i = first; i < first + LocalFileRoundTrip.ROWS_PER_GROUP; i++) {
      lines.add("row: " + i + " " + VariantJson.toJson(LocalFileRoundTrip.row(i)));
    }
    for (long i = 0; i < LocalFileRoundTrip.ROWS; i++) {
      lines.add("name: u" + i + "\u00e9");
    }
    return lines;
  }

  private List<String> run(Predicate<String> removed, String mode, Path file) throws Exception {
    Result r = start(removed, mode, file);
    assertEquals(0, r.exitCode, String.join("\n", r.lines));
    return r.lines;
  }

  private record Result(int exitCode, List<String> lines) {}

  private Result start(Predicate<String> removed, String mode, Path file) throws Exception {
    Path log = Files.createTempFile(dir, mode, ".log");
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx256m",
            "-Dfile.encoding=UTF-8",
            "-cp",
            classPathWithout(removed),
            LocalFileRoundTrip.class.getName(),
            mode,
            file.toString());
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), "no end in 2 minutes: " + command);
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      if (!line.startsWith("SLF4J: ")) { // slf4j-api without a binding says so on stderr
        lines.add(line);
      }
    }
    return new Result(p.exitValue(), lines);
  }

  /** This test's class path less the jars whose file name {@code removed} accepts. */
  private static String classPathWithout(Predicate<String> removed) {
    List<String> kept = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!removed.test(Path.of(entry).getFileName().toString())) {
        kept.add(entry);
      }
    }
    return String.join(File.pathSeparator, kept);
  }
}
