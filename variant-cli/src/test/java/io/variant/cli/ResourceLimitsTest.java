// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Out of memory is a bug, not an outcome: limits fail their row with exit code 4, and a real OOM is
 * one line.
 */
class ResourceLimitsTest {
  @TempDir Path dir;

  /**
   * {@code levels} nested two-element arrays whose offsets both point at one child: tiny, 2^levels
   * leaves.
   */
  private static Variant sharedOffsets(int levels) {
    byte[] value = {0x0C, 0x01}; // int8 1
    for (int i = 0; i < levels; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.writeBytes(
          new byte[] {
            0x03, 0x02, 0x00, 0x00
          }); // array, 1-byte offsets, 2 elements, offsets 0 and 0
      out.write(value.length);
      out.writeBytes(value);
      value = out.toByteArray();
    }
    return Variant.of(new byte[] {0x01, 0x00, 0x00}, value); // empty dictionary
  }

  /** A Parquet file whose rows are written as they are (residual only, no shredding walks them). */
  private Path parquet(String name, Variant... rows) throws IOException {
    Path file = dir.resolve(name);
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).variantColumn("v", ShreddingPlan.residual()).build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
    }
    return file;
  }

  @Test
  void aValueWhoseSharedOffsetsExpandWithoutBoundFailsItsRowWithExitCode4() throws IOException {
    Path file = parquet("bomb.parquet", VariantJson.parse("{\"ok\": 1}"), sharedOffsets(40));
    assertTrue(Files.size(file) < 2000, "a small file: " + Files.size(file));
    for (String[] args :
        List.of(
            new String[] {"cat", file.toString()}, new String[] {"get", file.toString(), "$"})) {
      CliRunner.Result r = run("", args);
      assertEquals(4, r.exitCode(), String.join(" ", args) + ": " + r.err());
      assertTrue(r.err().startsWith(file + ": "), r.err());
      assertTrue(r.err().contains("row 2"), r.err());
      assertTrue(r.err().contains("--max-"), r.err()); // names the option that raises the limit
      assertFalse(r.err().contains("Limits.") || r.err().contains("Exception"), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
    }
    // its bytes are small and valid: hex shows them, for a bug report
    CliRunner.Result hex = run("", "cat", file.toString(), "--format", "hex");
    assertEquals(0, hex.exitCode(), hex.err());
    assertEquals(2, hex.out().lines().count());
  }

  /**
   * The trees of {@code inspect} and {@code decode --pretty} are bounded as JSON rendering is: the
   * shared-offset value ran out of memory there (or ran for ever under a large heap).
   */
  @Test
  void treesOfAValueWhoseSharedOffsetsExpandFailTheRowWithExitCode4() throws IOException {
    Path file = parquet("bomb.parquet", VariantJson.parse("{\"ok\": 1}"), sharedOffsets(40));
    CliRunner.Result inspect = run("", "inspect", file.toString(), "--row", "2");
    assertEquals(4, inspect.exitCode(), inspect.err());
    assertEquals(
        file
            + ": Cannot show the value: it expands past 872 bytes of work (4x its encoded size;"
            + " raise it with --max-expansion) because its encoding shares sub-values (column v,"
            + " row 2)",
        inspect.err().strip());
    assertEquals("", inspect.out());
    assertEquals(0, run("", "inspect", file.toString(), "--row", "1").exitCode());

    String hex = run("", "cat", file.toString(), "--format", "hex").out();
    CliRunner.Result pretty = run(hex, "decode", "--pretty");
    assertEquals(4, pretty.exitCode(), pretty.err());
    assertTrue(pretty.out().startsWith("object\n  \"ok\": int8 1\n"), pretty.out());
    assertTrue(
        pretty.err().startsWith("<stdin>:2:8: value: Cannot show the value: it expands past "),
        pretty.err());
    assertTrue(pretty.err().contains("--max-expansion"), pretty.err());
    CliRunner.Result json = run(hex, "decode"); // located at its line too, not just "variant:"
    assertEquals(4, json.exitCode(), json.err());
    assertTrue(
        json.err().startsWith("<stdin>:2:8: value: Cannot render the value: it expands past "),
        json.err());
    // the tree's text is bounded by --max-value-size as JSON is
    CliRunner.Result small =
        run(
            "",
            "inspect",
            parquet("wide.parquet", VariantJson.parse("{\"a\": [1, 2, 3, 4, 5, 6, 7, 8]}"))
                .toString(),
            "--max-value-size",
            "100");
    assertEquals(4, small.exitCode(), small.err());
    assertTrue(small.err().contains("its tree is longer than 100 characters"), small.err());
  }

  /**
   * A limit met while rebuilding a shredded row is a limit (exit code 4, naming the option), not
   * "Invalid shredded variant" with exit code 1.
   */
  @Test
  void aLimitWhileRebuildingAShreddedRowIsExitCode4() throws IOException {
    Path file = dir.resolve("shredded.parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", PlanArgument.parse("{\"s\": string}"))
            .build()) {
      w.write(
          VariantRecord.builder()
              .set("v", VariantJson.parse("{\"s\": \"" + "x".repeat(200) + "\"}"))
              .build());
    }
    for (String command : List.of("cat", "inspect")) {
      CliRunner.Result r = run("", command, file.toString(), "--max-value-size", "100");
      assertEquals(4, r.exitCode(), command + ": " + r.err());
      assertTrue(r.err().contains("raise it with --max-value-size"), r.err());
      assertFalse(r.err().contains("Invalid shredded variant"), r.err());
    }
    assertEquals(0, run("", "cat", file.toString()).exitCode());
  }

  @Test
  void maxValueSizeBoundsRenderingOnReadingCommands() throws IOException {
    Path file = parquet("big.parquet", VariantJson.parse("{\"s\": \"" + "x".repeat(5000) + "\"}"));
    assertEquals(0, run("", "cat", file.toString()).exitCode());
    CliRunner.Result r = run("", "cat", file.toString(), "--max-value-size", "1K");
    assertEquals(4, r.exitCode(), r.err());
    assertTrue(r.err().contains("--max-value-size"), r.err());
  }

  @Test
  void outOfMemoryIsOneLineAndExitCode4() {
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new RunsOutOfMemory()).setErr(new PrintWriter(err, true));
    assertEquals(4, VariantCli.execute(cmd));
    assertTrue(err.toString().startsWith("variant: out of memory (Java heap "), err.toString());
    assertEquals(1, err.toString().strip().lines().count());
  }

  @CommandLine.Command(name = "oom")
  static final class RunsOutOfMemory implements java.util.concurrent.Callable<Integer> {
    @Override
    public Integer call() {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  /** A 40 MB string on one line under a 64 MiB heap: a real OutOfMemoryError, in a child JVM. */
  @Test
  void aHugeStringUnderASmallHeapIsReportedInOneLine() throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                VariantCli.class.getName(),
                "convert",
                "-",
                "-o",
                dir.resolve("huge.parquet").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("output.txt").toFile())
            .start();
    try (OutputStream stdin = new BufferedOutputStream(p.getOutputStream(), 1 << 16)) {
      stdin.write("{\"s\": \"".getBytes(StandardCharsets.US_ASCII));
      byte[] chunk = "abcdefghij".repeat(1000).getBytes(StandardCharsets.US_ASCII);
      for (int i = 0; i < 4000; i++) {
        stdin.write(chunk);
      }
      stdin.write("\"}\n".getBytes(StandardCharsets.US_ASCII));
    } catch (IOException e) {
      // the child may fail and close its stdin before all is written
    }
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "convert did not finish"); // a hang guard
    String output = Files.readString(dir.resolve("output.txt"));
    assertEquals(4, p.exitValue(), output);
    assertEquals(1, output.strip().lines().count(), output);
    assertTrue(
        output.startsWith("variant: out of memory") || output.contains("--max-value-size"), output);
    assertFalse(Files.exists(dir.resolve("huge.parquet")));
  }

  /**
   * 256 MiB without a newline under a 128 MiB heap, on either engine: the line is refused as longer
   * than twice --max-value-size, or skipped, never read into memory whole (a sparse file).
   */
  @Test
  void aLineWithoutEndUnderASmallHeapIsTooLongOnBothEngines()
      throws IOException, InterruptedException {
    Path in = dir.resolve("endless.ndjson");
    try (RandomAccessFile f = new RandomAccessFile(in.toFile(), "rw")) {
      f.write("{\"a\": 1}\n{\"s\": \"".getBytes(StandardCharsets.US_ASCII));
      f.setLength(256L << 20);
    }
    for (String engine : List.of("local", "mapreduce")) {
      String out = dir.resolve("out-" + engine).toString();
      String failed =
          runSmallHeap("convert", "--engine", engine, "--max-value-size", "1M", in + "", "-o", out);
      String skipped =
          runSmallHeap(
              "convert",
              "--engine",
              engine,
              "--max-value-size",
              "1M",
              "--on-error",
              "skip",
              in.toString(),
              "-o",
              out + "-skipped");

      assertTrue(failed.startsWith("4\n"), engine + ": " + failed);
      assertTrue(
          failed.contains("the line is longer than 2.0 MiB (twice --max-value-size)"),
          engine + ": " + failed);
      assertTrue(skipped.startsWith("0\n"), engine + ": " + skipped);
      assertTrue(skipped.contains("1 rows written (2 read, 1 rejected"), engine + ": " + skipped);
    }
  }

  /** Runs {@code variant args} in a child JVM of 128 MiB heap; returns its exit code and output. */
  private String runSmallHeap(String... args) throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                java.toString(),
                "-Xmx128m",
                "-cp",
                System.getProperty("java.class.path"),
                VariantCli.class.getName()));
    command.addAll(List.of(args));
    Path output = dir.resolve("child-output.txt");
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "convert did not finish"); // a hang guard
    return p.exitValue() + "\n" + Files.readString(output);
  }
}
