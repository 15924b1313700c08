// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.sizes;

import io.variant.cli.VariantCli;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;

/**
 * The size table ({@code bench/SIZES.md}): for each NDJSON corpus, the same rows written as a JSON
 * string column (the bar, 1.00), as an unshredded Variant column, by {@code variant convert} with
 * its defaults (the inferred plan), and by DuckDB's auto-shredding {@code COPY ... TO ... (FORMAT
 * parquet)}, every file ZSTD-compressed. Then, per file of ours, where the bytes go: compressed
 * bytes per column group (metadata, residual values, typed values), the count of row groups and of
 * leaf columns.
 *
 * <p>Run through {@code bench/sizes}, which generates the corpora; by hand: {@code java -cp
 * benchmarks.jar:duckdb_jdbc.jar io.variant.bench.sizes.SizeTable DIR name=file.ndjson ...} (DIR
 * receives the Parquet files). Without DuckDB's JDBC driver on the class path its column says "-";
 * where DuckDB fails (out of memory under its {@link DuckDbFile#memoryLimit()}, {@code
 * -Dsizes.duckdb.memory=8GB} to change it) it says "failed", with DuckDB's reason below the table.
 * The table closes with the targets of {@code bench/SIZES.md}, each met, missed or not checked
 * ({@link SizeTargets}). {@code -Dsizes.extra='LABEL=ARGS;LABEL=ARGS'} adds a column per LABEL:
 * {@code variant convert} with ARGS (space-separated) added to its defaults, e.g. {@code with
 * --infer-temporal=--infer-temporal}.
 */
public final class SizeTable {
  private SizeTable() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    Files.createDirectories(dir);
    Map<String, List<String>> extras = extras(System.getProperty("sizes.extra", ""));
    StringBuilder table = new StringBuilder();
    table.append(
        "| corpus | rows | JSON column (ZSTD) | unshredded Variant | ours, inferred | DuckDB 2.0 VARIANT | ours ÷ DuckDB | typed leaves |");
    extras.keySet().forEach(label -> table.append(' ').append(label).append(" |"));
    table.append("\n|---|---:|---:|---:|---:|---:|---:|---:|");
    extras.keySet().forEach(label -> table.append("---:|"));
    table.append('\n');
    List<SizeTargets.Corpus> checked = new ArrayList<>();
    StringBuilder duckFailures = new StringBuilder();
    String duckMemory = DuckDbFile.memoryLimit();
    StringBuilder where = new StringBuilder();
    for (int i = 1; i < args.length; i++) {
      String name = args[i].substring(0, args[i].indexOf('='));
      Path ndjson = Path.of(args[i].substring(name.length() + 1));
      List<String> lines =
          Files.readAllLines(ndjson, StandardCharsets.UTF_8).stream()
              .filter(l -> !l.isBlank())
              .toList();
      Path json = dir.resolve(name + ".json.parquet");
      Path unshredded = dir.resolve(name + ".unshredded.parquet");
      Path ours = dir.resolve(name + ".ours.parquet");
      Path duck = dir.resolve(name + ".duckdb.parquet");
      writeJsonColumn(lines, json);
      boolean arraysOfScalars = writeUnshredded(lines, unshredded);
      String summary = convert(ndjson, ours, List.of());
      DuckDbFile duckFile = DuckDbFile.write(ndjson, duck, duckMemory);
      long duckBytes = duckFile.bytes();
      if (duckFile.failed()) {
        duckFailures.append(
            String.format(
                Locale.ROOT,
                "- DuckDB failed on %s (memory_limit %s): %s%n",
                name,
                duckMemory,
                duckFile.failure()));
      }
      double bar = Files.size(json);
      Footer f = Footer.of(ours);
      table.append(
          String.format(
              Locale.ROOT,
              "| %s | %,d | 1.00 (%s) | %.2f (%s) | **%.2f** (%s) | %s | %s | %d |%n",
              name,
              lines.size(),
              mb(Files.size(json)),
              Files.size(unshredded) / bar,
              mb(Files.size(unshredded)),
              Files.size(ours) / bar,
              mb(Files.size(ours)),
              duckBytes >= 0
                  ? String.format(Locale.ROOT, "%.2f (%s)", duckBytes / bar, mb(duckBytes))
                  : duckFile.failed() ? "failed" : "-",
              duckBytes >= 0
                  ? String.format(Locale.ROOT, "%.2f", Files.size(ours) / (double) duckBytes)
                  : duckFile.failed() ? "failed" : "-",
              f.typedLeaves()));
      table.setLength(table.length() - 1); // the line's end: extra columns follow
      int extra = 0;
      long temporal = -1;
      for (Map.Entry<String, List<String>> e : extras.entrySet()) {
        Path other = dir.resolve(name + ".extra" + extra++ + ".parquet");
        convert(ndjson, other, e.getValue());
        if (e.getValue().contains("--infer-temporal")) {
          temporal = Files.size(other);
        }
        table.append(
            String.format(
                Locale.ROOT,
                " %.2f (%s, %d typed) |",
                Files.size(other) / bar,
                mb(Files.size(other)),
                Footer.of(other).typedLeaves()));
      }
      table.append('\n');
      checked.add(
          new SizeTargets.Corpus(
              name,
              lines.size(),
              Files.size(json),
              Files.size(unshredded),
              Files.size(ours),
              duckFile,
              arraysOfScalars,
              temporal));
      where
          .append("\n### ")
          .append(name)
          .append("\n\n`variant convert`: ")
          .append(summary.strip())
          .append("\n\n");
      where.append(f.breakdown("ours")).append('\n');
      where.append(Footer.of(unshredded).breakdown("unshredded")).append('\n');
      if (duckBytes >= 0) {
        where.append(Footer.of(duck).breakdown("DuckDB")).append('\n');
      }
    }
    System.out.print(table);
    if (duckFailures.length() > 0) {
      System.out.print("\n" + duckFailures);
    }
    System.out.println();
    System.out.print(SizeTargets.verdict(checked));
    System.out.println("\n## Where the bytes go (compressed bytes per column group)");
    System.out.print(where);
  }

  /** The rows as one ZSTD JSON string column {@code json}: the bar of the size rows. */
  public static void writeJsonColumn(List<String> lines, Path out) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out).overwrite().stringColumn("json").build()) {
      for (String l : lines) {
        w.write(VariantRecord.builder().set("json", l).build());
      }
    }
  }

  /**
   * The rows as an unshredded Variant column {@code out}; returns whether every row is an array of
   * scalars (the rows {@link SizeTargets} holds to the JSON column).
   */
  private static boolean writeUnshredded(List<String> lines, Path out) throws IOException {
    boolean arraysOfScalars = !lines.isEmpty();
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(out)
            .overwrite()
            .variantColumn("variant", ShreddingPlan.residual())
            .build()) {
      for (String l : lines) {
        Variant v = VariantJson.parse(l);
        arraysOfScalars = arraysOfScalars && arrayOfScalars(v);
        w.write(VariantRecord.builder().set("variant", v).build());
      }
    }
    return arraysOfScalars;
  }

  private static boolean arrayOfScalars(Variant v) {
    if (!v.isArray()) {
      return false;
    }
    for (int i = 0; i < v.size(); i++) {
      if (v.element(i).isObject() || v.element(i).isArray()) {
        return false;
      }
    }
    return true;
  }

  /** "LABEL=ARGS;LABEL=ARGS" as labels and their argument lists, in order. */
  private static Map<String, List<String>> extras(String spec) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String item : spec.split(";")) {
      int eq = item.indexOf('=');
      if (eq > 0) {
        out.put(item.substring(0, eq).strip(), List.of(item.substring(eq + 1).strip().split(" +")));
      }
    }
    return out;
  }

  /**
   * {@code variant convert IN -o OUT --overwrite ARGS...} in this JVM; returns its summary line.
   */
  private static String convert(Path in, Path out, List<String> args) {
    StringWriter err = new StringWriter();
    List<String> command =
        new ArrayList<>(List.of("convert", in.toString(), "-o", out.toString(), "--overwrite"));
    command.addAll(args);
    int code =
        VariantCli.commandLine(
                new ByteArrayInputStream(new byte[0]),
                new ByteArrayOutputStream(),
                new PrintWriter(err, true))
            .execute(command.toArray(new String[0]));
    if (code != 0) {
      throw new IllegalStateException("variant convert failed: " + err);
    }
    return err.toString();
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.2f MB", bytes / 1e6);
  }

  /** Compressed bytes per column group of one Parquet file, from its footer. */
  record Footer(
      Path file,
      int rowGroups,
      int leaves,
      Map<String, Long> groups,
      Map<String, Long> biggest,
      long total) {
    static Footer of(Path file) throws IOException {
      try (ParquetFileReader r =
          ParquetFileReader.open(
              new LocalInputFile(file),
              ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
        Map<String, Long> groups = new LinkedHashMap<>();
        Map<String, Long> columns = new TreeMap<>();
        List<BlockMetaData> blocks = r.getFooter().getBlocks();
        int leaves = 0;
        for (BlockMetaData b : blocks) {
          leaves = b.getColumns().size();
          for (ColumnChunkMetaData c : b.getColumns()) {
            String path = c.getPath().toDotString();
            groups.merge(group(path), c.getTotalSize(), Long::sum);
            columns.merge(path, c.getTotalSize(), Long::sum);
          }
        }
        Map<String, Long> biggest = new LinkedHashMap<>();
        columns.entrySet().stream()
            .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
            .limit(6)
            .forEach(e -> biggest.put(e.getKey(), e.getValue()));
        return new Footer(file, blocks.size(), leaves, groups, biggest, Files.size(file));
      }
    }

    /**
     * metadata, residual ({@code value} columns), typed ({@code typed_value} leaves), or the column
     * itself.
     */
    private static String group(String path) {
      String[] parts = path.split("\\.");
      String last = parts[parts.length - 1];
      if (last.equals("metadata")) {
        return "metadata";
      }
      if (last.equals("value")) {
        return parts.length <= 2 ? "top-level value" : "field residuals (value)";
      }
      if (Stream.of(parts).anyMatch(p -> p.equals("typed_value"))) {
        return "typed values";
      }
      return path;
    }

    long typedLeaves() {
      return (leaves - 2)
          / 2; // each typed leaf comes with its residual column; metadata + top value
    }

    String breakdown(String label) {
      StringBuilder sb = new StringBuilder();
      sb.append(
          String.format(
              Locale.ROOT,
              "- %s: %s in %d row group(s), %d leaf columns; footer and headers %s%n",
              label,
              mb(total),
              rowGroups,
              leaves,
              mb(total - groups.values().stream().mapToLong(Long::longValue).sum())));
      groups.forEach(
          (g, n) ->
              sb.append(
                  String.format(
                      Locale.ROOT, "  - %s: %s (%.0f%%)%n", g, mb(n), 100.0 * n / total)));
      List<String> top = new ArrayList<>();
      biggest.forEach((c, n) -> top.add(String.format(Locale.ROOT, "`%s` %s", c, mb(n))));
      sb.append("  - largest columns: ").append(String.join(", ", top)).append('\n');
      return sb.toString();
    }
  }
}
