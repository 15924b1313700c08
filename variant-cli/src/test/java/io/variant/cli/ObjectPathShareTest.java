// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static io.variant.cli.DriftSummaryTest.line;
import static io.variant.cli.Fixtures.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * convert's summary and meta count the values an object path sends whole to its residual (values
 * that are not objects), which a footer's statistics cannot tell from the other fields of partially
 * shredded objects: the writer counts them into the footer.
 */
class ObjectPathShareTest {
  /** Shreds every object of {@link #rows}, inside its list too. */
  static final String PLAN =
      "{\"a\": [{\"x\": int64}], \"o\": {\"k\": int64, \"p\": {\"q\": int64}}}";

  private static final Pattern SHARE =
      Pattern.compile("  (\\S+): ([\\d,]+) typed \\(.*\\), ([\\d,]+) residual \\(.*\\)");

  @TempDir Path dir;

  /**
   * 1,000 rows. {@code $.o} is an object in 700 of them and a string in 300; inside those 700
   * objects {@code $.o.p} is an object in 400 and a number in 300. {@code $.a} holds 4 elements,
   * objects but for the last of every other row: 500 of 4,000 are numbers. Every object also has a
   * field the plan leaves out, so each is partially shredded.
   */
  static String rows() {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      String p = i % 2 == 0 ? "{\"q\": " + i + ", \"z\": 1}" : String.valueOf(i);
      String o = i % 10 < 7 ? "{\"k\": " + i + ", \"p\": " + p + ", \"y\": 2}" : "\"s" + i + "\"";
      String last = i % 2 == 0 ? "7" : "{\"x\": 3, \"w\": 4}";
      s.append("{\"o\": ")
          .append(o)
          .append(", \"a\": [{\"x\": 0, \"w\": 1}, {\"x\": 1, \"w\": 1}, {\"x\": 2, \"w\": 1}, ")
          .append(last)
          .append("]}\n");
    }
    return s.toString();
  }

  /** {@code convert IN -o OUT --plan PLAN OPTIONS...}, which must succeed. */
  private static CliRunner.Result convert(Path in, Path out, String... options) {
    List<String> args =
        new ArrayList<>(List.of("convert", in.toString(), "-o", out.toString(), "--plan", PLAN));
    args.addAll(List.of(options));
    return ok(args.toArray(String[]::new));
  }

  private static void assertObjectShares(CliRunner.Result convert, String meta) {
    assertTrue(
        line(convert, "residual:").endsWith("; highest: $.o.p 42.9%, $.o 30.0%, $.a[*] 12.5%"),
        convert.err());
    for (String warned :
        List.of(
            "warning: $.o sent 30.0% of its 1,000 values to the residual",
            "warning: $.o.p sent 42.9% of its 700 values to the residual",
            "warning: $.a[*] sent 12.5% of its 4,000 values to the residual")) {
      assertTrue(convert.err().contains(warned), convert.err());
    }
    for (String shown :
        List.of(
            "  $: 1,000 typed (100.0%), 0 residual (0.0%)",
            "  $.o: 700 typed (70.0%), 300 residual (30.0%)",
            "  $.o.p: 400 typed (57.1%), 300 residual (42.9%)",
            "  $.o.p.q: 400 typed (100.0%), 0 residual (0.0%)",
            "  $.a[*]: 3,500 typed (87.5%), 500 residual (12.5%)")) {
      assertTrue(meta.contains(shown + "\n"), meta);
    }
  }

  @Test
  void theSummaryAndMetaCountTheValuesAnObjectPathSendsToItsResidual() throws IOException {
    Path in = Files.writeString(dir.resolve("o.ndjson"), rows());
    for (String layout : List.of("spec", "draft")) {
      for (String threads : List.of("1", "2")) {
        Path out = dir.resolve("o-" + layout + threads + ".parquet");
        CliRunner.Result r = convert(in, out, "--threads", threads, "--layout", layout);
        assertObjectShares(r, ok("meta", out.toString()).out());
      }
    }
  }

  @Test
  void numberedFilesEachCountTheirOwnRows() throws IOException {
    Path in = Files.writeString(dir.resolve("o.ndjson"), rows());
    Path out = dir.resolve("parts.parquet");
    CliRunner.Result r =
        convert(in, out, "--max-file-size", "8K", "--row-group-size", "4K", "--chunk-size", "8K");
    List<Path> parts = PartNames.of(out).existing();
    assertTrue(parts.size() > 1, r.err());
    long typed = 0;
    long residual = 0;
    for (Path p : parts) {
      String objectLine =
          ok("meta", p.toString())
              .out()
              .lines()
              .filter(l -> l.startsWith("  $.o: "))
              .findFirst()
              .orElseThrow();
      String[] words = objectLine.replace(",", "").split(" +");
      typed += Long.parseLong(words[2]);
      residual += Long.parseLong(words[5]);
    }
    assertEquals(700, typed);
    assertEquals(300, residual);
    assertTrue(r.err().contains("warning: $.o sent 30.0% of its 1,000 values"), r.err());
  }

  /**
   * 3,000 rows whose {@code $.o} is an object of three varied fields in 70% of them and a string in
   * 30%: inference shreds it as an object.
   */
  private static String inferable() {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      String o =
          i % 10 < 7
              ? String.format(
                  "{\"id\": %d, \"name\": \"user-%d\", \"score\": %d}",
                  1_000_000_007L * i % 999_999_937L, i * 7919 % 5000, i * 31 % 100_000)
              : "\"s" + i + "\"";
      s.append("{\"o\": ").append(o).append(", \"n\": ").append(i).append("}\n");
    }
    return s.toString();
  }

  @Test
  void planExplainGivesTheSameShareAsTheSummary() throws IOException {
    Path in = Files.writeString(dir.resolve("o.ndjson"), inferable());
    String table = ok("plan", in.toString(), "--explain").out();
    assertTrue(table.contains("\n   3000   100.0%    70.0%     30.0%  object  $.o\n"), table);

    Path out = dir.resolve("inferred.parquet");
    CliRunner.Result r = ok("convert", in.toString(), "-o", out.toString());
    assertTrue(r.err().contains("(plan inferred from all 3000 rows)"), r.err());
    assertTrue(r.err().contains("warning: $.o sent 30.0% of its 3,000 values"), r.err());
    String meta = ok("meta", out.toString()).out();
    assertTrue(meta.contains("  $.o: 2,100 typed (70.0%), 900 residual (30.0%)\n"), meta);
  }

  @Test
  void theDraftLayoutCountsTheSameIntoItsFooter() throws IOException {
    Path in = Files.writeString(dir.resolve("o.ndjson"), rows());
    Path spec = dir.resolve("spec.parquet");
    Path draft = dir.resolve("draft.parquet");
    convert(in, spec);
    convert(in, draft, "--layout", "draft");
    String key = "variant.object_counts.variant";
    String counted = FooterKeys.value(spec, key);
    assertTrue(counted.contains("\"$.o\":[700,300]"), counted);
    assertEquals(counted, FooterKeys.value(draft, key));
  }

  @Test
  void metaSaysAnObjectPathIsNotCountedInAFileWithoutCounts() throws IOException {
    Path file = FooterKeys.withoutObjectCounts(dir.resolve("other.parquet"), PLAN, rows());
    String meta = ok("meta", file.toString()).out();
    assertTrue(
        meta.contains(
            "  $.o: object path, not counted (no variant.object_counts.variant in the footer)\n"),
        meta);
    assertTrue(meta.contains("  $.o.k: 700 typed (100.0%), 0 residual (0.0%)\n"), meta);
    assertTrue(meta.contains("  $.a[*].x: 3,500 typed (100.0%), 0 residual (0.0%)\n"), meta);
  }

  @Test
  void theMapReduceSummaryCountsObjectPathsAsTheLocalOneDoes() throws IOException {
    Path in = Files.writeString(dir.resolve("o.ndjson"), rows());
    for (String layout : List.of("spec", "draft")) {
      Path out = dir.resolve("mr-" + layout);
      CliRunner.Result r = MapReduceRuns.convert(in, out, 3, "--plan", PLAN, "--layout", layout);
      assertEquals(0, r.exitCode(), r.err());
      List<Path> parts = MapReduceRuns.parts(out);
      assertTrue(parts.size() >= 3, parts.toString());
      assertObjectShares(r, metaOfAll(parts));
    }
  }

  /** {@code meta}'s lines of every part file, each typed path's counts summed over them. */
  private static String metaOfAll(List<Path> parts) throws IOException {
    Map<String, long[]> sums = new LinkedHashMap<>();
    for (Path p : parts) {
      for (String l : ok("meta", p.toString()).out().lines().toList()) {
        Matcher m = SHARE.matcher(l);
        if (m.matches()) {
          long[] n = sums.computeIfAbsent(m.group(1), k -> new long[2]);
          n[0] += Long.parseLong(m.group(2).replace(",", ""));
          n[1] += Long.parseLong(m.group(3).replace(",", ""));
        }
      }
    }
    StringBuilder out = new StringBuilder();
    sums.forEach(
        (path, n) ->
            out.append(
                String.format(
                    Locale.ROOT,
                    "  %s: %,d typed (%.1f%%), %,d residual (%.1f%%)%n",
                    path,
                    n[0],
                    100.0 * n[0] / (n[0] + n[1]),
                    n[1],
                    100.0 * n[1] / (n[0] + n[1]))));
    return out.toString();
  }
}
