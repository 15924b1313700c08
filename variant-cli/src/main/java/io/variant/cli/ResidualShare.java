// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.parquet.ObjectCountsFooter;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ObjectSlotCounts;
import io.variant.shredding.infer.CoverageReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * How many values of each typed path of a written file went to its residual instead of its typed
 * column: drift made visible. Read from the footer, without reading a row: a typed leaf's {@code
 * typed_value} column holds its typed values and the sibling {@code value} column the others
 * (values of another type, Variant nulls); both count their non-null entries in every row group's
 * statistics. An object path's {@code value} column also holds the unshredded fields of partially
 * shredded objects, so statistics cannot count its residual values: those come from the counts this
 * project's writers put in the footer ({@link ObjectCountsFooter}), and are unknown in a file
 * without them. Spec layout only.
 *
 * @param paths per typed path ({@code $.user.id}, {@code $.items[*].price}, {@code $.user}), in
 *     schema order: typed and residual value counts
 * @param uncounted the object paths among them whose files did not count them (their counts are 0):
 *     shown as not counted, left out of the summary
 */
record ResidualShare(Map<String, Counts> paths, Set<String> uncounted) {
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
    Set<String> uncounted = new LinkedHashSet<>();
    for (InputFile file : files) {
      count(file, column, typed, residual, uncounted);
    }
    Map<String, Counts> out = new LinkedHashMap<>();
    typed.forEach(
        (path, t) -> out.put(path, new Counts(t[0], residual.getOrDefault(path, new long[1])[0])));
    return new ResidualShare(out, uncounted);
  }

  private static void count(
      InputFile file,
      String column,
      Map<String, long[]> typed,
      Map<String, long[]> residual,
      Set<String> uncounted)
      throws IOException {
    try (ParquetFileReader r =
        ParquetFileReader.open(
            file, ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      MessageType schema = r.getFooter().getFileMetaData().getSchema();
      ObjectSlotCounts written =
          ObjectCountsFooter.read(r.getFooter().getFileMetaData().getKeyValueMetaData(), column);
      Set<String> objectsCounted = new HashSet<>(); // once per file, not per row group
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        Set<String> listsCounted = new HashSet<>();
        for (ColumnChunkMetaData c : b.getColumns()) {
          countLists(schema, c, column, listsCounted, typed);
          String[] p = c.getPath().toArray();
          if (p.length < 2 || !p[0].equals(column)) {
            continue;
          }
          String last = p[p.length - 1];
          String leaf = jsonPath(p);
          if (leaf != null && last.equals(VariantSchema.VALUE) && isObjectSlot(schema, p)) {
            if (objectsCounted.add(leaf)) {
              countObject(leaf, written, typed, residual, uncounted);
            }
            continue;
          }
          if (leaf == null || c.getStatistics() == null || c.getStatistics().getNumNulls() < 0) {
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

  /** True if the slot whose {@code value} column is {@code p} is shredded as an object. */
  private static boolean isObjectSlot(MessageType schema, String[] p) {
    GroupType slot = schema.getType(Arrays.copyOf(p, p.length - 1)).asGroupType();
    if (!slot.containsField(VariantSchema.TYPED_VALUE)) {
      return false;
    }
    Type typed = slot.getType(VariantSchema.TYPED_VALUE);
    return !typed.isPrimitive()
        && !(typed.getLogicalTypeAnnotation()
            instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation);
  }

  /**
   * Adds object path {@code path}'s counts from the footer's {@code written} (null if it has none)
   * to {@code typed} and {@code residual}, or marks it {@code uncounted}; the path takes its place
   * in {@code typed}'s order either way.
   */
  private static void countObject(
      String path,
      ObjectSlotCounts written,
      Map<String, long[]> typed,
      Map<String, long[]> residual,
      Set<String> uncounted) {
    long[] t = typed.computeIfAbsent(path, k -> new long[1]);
    ObjectSlotCounts.Slot slot =
        written == null
            ? null
            : written.slots().stream().filter(x -> x.path().equals(path)).findFirst().orElse(null);
    if (slot == null) {
      uncounted.add(path);
      return;
    }
    t[0] += slot.typed();
    residual.computeIfAbsent(path, k -> new long[1])[0] += slot.residual();
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

  /** The typed paths whose counts are known, in schema order. */
  Map<String, Counts> counted() {
    Map<String, Counts> out = new LinkedHashMap<>(paths);
    out.keySet().removeAll(uncounted);
    return out;
  }

  /** All residual values over all typed values and residual values of counted typed paths. */
  Counts overall() {
    long t = 0;
    long r = 0;
    for (Counts c : counted().values()) {
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
    Map<String, Counts> counted = counted();
    if (counted.isEmpty()) {
      return lines;
    }
    Counts all = overall();
    List<Map.Entry<String, Counts>> ranked = new ArrayList<>(counted.entrySet());
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
            counted.size(),
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
