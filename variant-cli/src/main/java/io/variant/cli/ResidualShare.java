// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.infer.CoverageReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * How many values of each typed path of a written file went to its residual instead of its typed
 * column: drift made visible. Read from the footer, without reading a row: a typed leaf's {@code
 * typed_value} column holds its typed values and the sibling {@code value} column the others
 * (values of another type, Variant nulls); both count their non-null entries in every row group's
 * statistics. Spec layout only.
 *
 * @param paths per typed path ({@code $.user.id}, {@code $.items[*].price}): typed and residual
 *     value counts
 */
record ResidualShare(Map<String, Counts> paths) {
  /** What the summary and {@code meta} say of a column in the draft layout. */
  static final String DRAFT =
      "draft layout: typed and residual shares are counted for the spec layout only";

  /** Values of one typed path. */
  record Counts(long typed, long residual) {
    double share() {
      return typed + residual == 0 ? 0 : (double) residual / (typed + residual);
    }
  }

  /** The counts of VARIANT column {@code column} over {@code files}. */
  static ResidualShare of(List<Path> files, String column) throws IOException {
    List<InputFile> inputs = new ArrayList<>();
    for (Path file : files) {
      inputs.add(new LocalInputFile(file));
    }
    return ofInputs(inputs, column);
  }

  /** The counts of VARIANT column {@code column} over {@code files}, local or on a store. */
  static ResidualShare ofInputs(List<InputFile> files, String column) throws IOException {
    Map<String, long[]> typed = new LinkedHashMap<>();
    Map<String, long[]> residual = new LinkedHashMap<>();
    for (InputFile file : files) {
      count(file, column, typed, residual);
    }
    Map<String, Counts> out = new LinkedHashMap<>();
    typed.forEach(
        (path, t) -> out.put(path, new Counts(t[0], residual.getOrDefault(path, new long[1])[0])));
    return new ResidualShare(out);
  }

  private static void count(
      InputFile file, String column, Map<String, long[]> typed, Map<String, long[]> residual)
      throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            file, ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      MessageType schema = r.getFooter().getFileMetaData().getSchema();
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        Set<String> listsCounted = new HashSet<>();
        for (ColumnChunkMetaData c : b.getColumns()) {
          countLists(schema, c, column, listsCounted, typed);
          String[] p = c.getPath().toArray();
          if (p.length < 2
              || !p[0].equals(column)
              || c.getStatistics() == null
              || c.getStatistics().getNumNulls() < 0) {
            continue;
          }
          String last = p[p.length - 1];
          String leaf = jsonPath(p);
          if (leaf == null) {
            continue;
          }
          long nonNull = c.getValueCount() - c.getStatistics().getNumNulls();
          if (last.equals(VariantSchema.TYPED_VALUE)) {
            typed.computeIfAbsent(leaf, k -> new long[1])[0] += nonNull;
          } else if (last.equals(VariantSchema.VALUE)) {
            residual.computeIfAbsent(leaf, k -> new long[1])[0] += nonNull;
          }
        }
      }
    }
  }

  /**
   * Counts the lists of each array slot above {@code c} (one of its leaves) that are typed, once
   * per slot and row group: a value of another kind sits in the slot's own {@code value} column,
   * counted as any slot's. Read from the leaf's level histograms, where its writer kept them: the
   * entries at or above the level where the slot's list is defined, less those that continue a list
   * (a repetition level deeper than the slot's), are the lists themselves.
   */
  private static void countLists(
      MessageType schema,
      ColumnChunkMetaData c,
      String column,
      Set<String> counted,
      Map<String, long[]> typed) {
    String[] p = c.getPath().toArray();
    if (p.length < 2 || !p[0].equals(column)) {
      return;
    }
    for (int i = 2; i + 2 < p.length; i++) {
      if (!p[i - 1].equals(VariantSchema.TYPED_VALUE)
          || !p[i].equals(VariantSchema.LIST)
          || !p[i + 1].equals(VariantSchema.ELEMENT)) {
        continue;
      }
      String[] list = Arrays.copyOf(p, i); // the slot's typed_value: the list group
      String slot = jsonPath(Arrays.copyOf(p, i)); // [.., slot, typed_value] names the slot
      if (slot == null || !counted.add(slot)) {
        continue;
      }
      SizeStatistics size = c.getSizeStatistics();
      List<Long> defs = size == null ? null : size.getDefinitionLevelHistogram();
      List<Long> reps = size == null ? null : size.getRepetitionLevelHistogram();
      if (defs == null || defs.isEmpty() || reps == null || reps.isEmpty()) {
        continue; // no histograms: the slot is left out, as before
      }
      int defined = schema.getMaxDefinitionLevel(list);
      int depth = schema.getMaxRepetitionLevel(list);
      long lists = 0;
      for (int d = defined; d < defs.size(); d++) {
        lists += defs.get(d);
      }
      for (int r = depth + 1; r < reps.size(); r++) {
        lists -= reps.get(r);
      }
      typed.computeIfAbsent(slot, k -> new long[1])[0] += lists;
    }
  }

  /**
   * The JSONPath of the slot a column belongs to: {@code [v, typed_value, user, typed_value, id,
   * value]} is {@code $.user.id}; {@code list, element} is {@code [*]}. Null for a path that is no
   * slot's leaf.
   */
  private static String jsonPath(String[] p) {
    StringBuilder out = new StringBuilder("$");
    int i = 1;
    while (i < p.length - 1) {
      if (!p[i].equals(VariantSchema.TYPED_VALUE)) {
        return null;
      }
      i++;
      if (i + 1 < p.length - 1
          && p[i].equals(VariantSchema.LIST)
          && p[i + 1].equals(VariantSchema.ELEMENT)) {
        out.append("[*]");
        i += 2;
      } else if (i < p.length - 1) {
        out.append(CoverageReport.fieldSegment(p[i]));
        i++;
      }
    }
    return out.toString();
  }

  /** All residual values over all typed values and residual values of typed paths. */
  Counts overall() {
    long t = 0;
    long r = 0;
    for (Counts c : paths.values()) {
      t += c.typed();
      r += c.residual();
    }
    return new Counts(t, r);
  }

  /**
   * The summary lines: overall share and the paths with the highest shares, then one warning per
   * path whose share exceeds {@code warnAbove}; empty if the file has no typed path.
   */
  List<String> summary(double warnAbove) {
    List<String> lines = new ArrayList<>();
    if (paths.isEmpty()) {
      return lines;
    }
    Counts all = overall();
    List<Map.Entry<String, Counts>> ranked = new ArrayList<>(paths.entrySet());
    ranked.sort((a, b) -> Double.compare(b.getValue().share(), a.getValue().share()));
    List<String> top = new ArrayList<>();
    for (Map.Entry<String, Counts> e : ranked.subList(0, Math.min(3, ranked.size()))) {
      if (e.getValue().residual() > 0) {
        top.add(String.format(Locale.ROOT, "%s %s", e.getKey(), percent(e.getValue().share())));
      }
    }
    lines.add(
        String.format(
            Locale.ROOT,
            "residual: %s of %,d values at %d typed paths%s",
            percent(all.share()),
            all.typed() + all.residual(),
            paths.size(),
            top.isEmpty() ? "" : "; highest: " + String.join(", ", top)));
    for (Map.Entry<String, Counts> e : ranked) {
      if (e.getValue().share() > warnAbove) {
        lines.add(
            String.format(
                Locale.ROOT,
                "warning: %s sent %s of its %,d values to the residual (more than %s): "
                    + "its type may not fit the data; see 'variant plan --explain'",
                e.getKey(),
                percent(e.getValue().share()),
                e.getValue().typed() + e.getValue().residual(),
                percent(warnAbove)));
      }
    }
    return lines;
  }

  private static String percent(double share) {
    String s = String.format(Locale.ROOT, "%.1f%%", 100 * share);
    return share > 0 && s.equals("0.0%") ? "<0.1%" : s;
  }
}
