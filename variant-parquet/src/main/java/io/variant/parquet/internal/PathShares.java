// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import io.variant.parquet.ObjectCountsFooter;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ObjectSlotCounts;
import io.variant.shredding.PlanText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * How many values of each typed path of a VARIANT column went to its typed column and how many to
 * its residual (values of another type, Variant nulls): the shares {@code variant convert}'s
 * summary, {@code variant meta} and {@code ConvertJob} report, read from footers without reading a
 * row, in either layout. A scalar path counts the non-null entries of its typed leaf and of its
 * residual column in every row group's statistics, an array path its lists from the level
 * histograms of a leaf under them and its residual column's non-null entries. An object path's
 * residual column also holds the unshredded fields of partially shredded objects, so statistics
 * cannot count its residual values: they come from the counts this project's writers keep in the
 * footer ({@link ObjectCountsFooter}), and are unknown in a file without them.
 *
 * <p>Paths are named as {@link ObjectSlotCounts} names them ({@code $}, {@code $.user.id}, {@code
 * $.items[*]}) and listed in schema order, a slot before the slots under it. A residual-only slot
 * is no typed path. Chunks without statistics or histograms count nothing. Immutable.
 *
 * @param paths per typed path: typed and residual value counts
 * @param uncounted the object paths among them that some file did not count (no footer entry):
 *     their counts are unknown, left out of {@link #counted()} and {@link #overall()}
 */
public record PathShares(Map<String, Counts> paths, Set<String> uncounted) {
  private static final PathShares NONE = new PathShares(Map.of(), Set.of());

  /** Values of one typed path, or of several. */
  public record Counts(long typed, long residual) {
    /** Residual values over all values; 0 with none. */
    public double residualShare() {
      return typed + residual == 0 ? 0 : (double) residual / (typed + residual);
    }

    /** Typed values over all values; 0 with none. */
    public double typedShare() {
      return typed + residual == 0 ? 0 : (double) typed / (typed + residual);
    }

    Counts plus(Counts other) {
      return new Counts(typed + other.typed, residual + other.residual);
    }
  }

  public PathShares {
    paths = Collections.unmodifiableMap(new LinkedHashMap<>(paths));
    uncounted = Collections.unmodifiableSet(new LinkedHashSet<>(uncounted));
  }

  /** No typed path. */
  public static PathShares none() {
    return NONE;
  }

  /**
   * The shares of VARIANT column {@code column} over {@code files}, each footer read once.
   *
   * @throws io.variant.parquet.schema.VariantSchemaException if a file's column is no readable
   *     VARIANT group
   */
  public static PathShares read(List<InputFile> files, String column) throws IOException {
    PathShares all = NONE;
    for (InputFile file : files) {
      try (ParquetFileReader r =
          ParquetFileReader.open(
              file, ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
        all = all.plus(of(r.getFooter(), column));
      }
    }
    return all;
  }

  /**
   * The shares of VARIANT column {@code column} of one file, from its footer; none if it has no
   * such column.
   *
   * @throws io.variant.parquet.schema.VariantSchemaException if the column is no readable VARIANT
   *     group
   */
  public static PathShares of(ParquetMetadata footer, String column) {
    MessageType schema = footer.getFileMetaData().getSchema();
    if (!schema.containsField(column)) {
      return NONE;
    }
    Type group = schema.getType(column);
    if (!VariantSchema.isVariantGroup(group)) {
      return NONE;
    }
    ShreddedSchemaNode root = VariantSchema.describe(group.asGroupType());
    ObjectSlotCounts written =
        ObjectCountsFooter.read(footer.getFileMetaData().getKeyValueMetaData(), column);
    Walk walk = new Walk(schema, footer.getBlocks(), written);
    walk.slot(root, "$", new String[] {column});
    return new PathShares(walk.paths, walk.uncounted);
  }

  /**
   * These shares and {@code other}'s added path by path: this one's paths in order, then those only
   * {@code other} has; a path either left uncounted stays uncounted.
   */
  public PathShares plus(PathShares other) {
    if (other.paths.isEmpty()) {
      return this;
    }
    Map<String, Counts> sum = new LinkedHashMap<>(paths);
    other.paths.forEach((path, c) -> sum.merge(path, c, Counts::plus));
    Set<String> notCounted = new LinkedHashSet<>(uncounted);
    notCounted.addAll(other.uncounted);
    return new PathShares(sum, notCounted);
  }

  /** The typed paths whose counts are known, in schema order. */
  public Map<String, Counts> counted() {
    Map<String, Counts> out = new LinkedHashMap<>(paths);
    out.keySet().removeAll(uncounted);
    return out;
  }

  /** The typed and residual values of all counted typed paths together. */
  public Counts overall() {
    Counts all = new Counts(0, 0);
    for (Counts c : counted().values()) {
      all = all.plus(c);
    }
    return all;
  }

  /** One file's walk down its column's slots, adding each typed path's counts. */
  private static final class Walk {
    private final MessageType schema;
    private final List<Map<ColumnPath, ColumnChunkMetaData>> groups = new ArrayList<>();
    private final ObjectSlotCounts written; // null: the footer has no entry
    final Map<String, Counts> paths = new LinkedHashMap<>();
    final Set<String> uncounted = new LinkedHashSet<>();

    Walk(MessageType schema, List<BlockMetaData> blocks, ObjectSlotCounts written) {
      this.schema = schema;
      this.written = written;
      for (BlockMetaData b : blocks) {
        Map<ColumnPath, ColumnChunkMetaData> chunks = new LinkedHashMap<>(); // in column order
        for (ColumnChunkMetaData c : b.getColumns()) {
          chunks.put(c.getPath(), c);
        }
        groups.add(chunks);
      }
    }

    /** Counts the slot {@code node} at JSONPath {@code path} and Parquet path {@code at}. */
    void slot(ShreddedSchemaNode node, String path, String[] at) {
      switch (node.shape()) {
        case RESIDUAL -> {} // no typed column: not a typed path
        case SCALAR -> {
          long typed = node.hasTyped() ? nonNull(child(at, node.typedField())) : -1;
          if (typed >= 0) {
            add(path, new Counts(typed, residual(node, at)));
          }
        }
        case OBJECT -> {
          object(path);
          for (ShreddedSchemaNode field : node.fields()) {
            String name = field.group().getName();
            slot(field, path + PlanText.fieldSegment(name), child(at, node.typedField(), name));
          }
        }
        case ARRAY -> {
          String[] listAt = child(at, node.typedField());
          long lists = lists(listAt);
          if (lists >= 0) {
            add(path, new Counts(lists, residual(node, at)));
          }
          GroupType list = node.group().getType(node.typedField()).asGroupType();
          String repeated = list.getType(0).getName(); // a 3-level LIST, as describe checked
          slot(
              node.element(),
              path + "[*]",
              child(listAt, repeated, node.element().group().getName()));
        }
      }
    }

    /** An object path: its counts from the footer entry, or uncounted. */
    private void object(String path) {
      ObjectSlotCounts.Slot slot = null;
      for (ObjectSlotCounts.Slot s :
          written == null ? List.<ObjectSlotCounts.Slot>of() : written.slots()) {
        slot = s.path().equals(path) ? s : slot;
      }
      if (slot == null) {
        uncounted.add(path);
        add(path, new Counts(0, 0)); // takes its place in schema order
      } else {
        add(path, new Counts(slot.typed(), slot.residual()));
      }
    }

    /** The non-null entries of {@code node}'s residual column; 0 without it or its statistics. */
    private long residual(ShreddedSchemaNode node, String[] at) {
      return node.hasValue() ? Math.max(0, nonNull(child(at, node.valueField()))) : 0;
    }

    /**
     * The non-null entries of leaf {@code column} over the row groups whose chunk has statistics
     * that count its nulls; -1 if none has.
     */
    private long nonNull(String[] column) {
      ColumnPath key = ColumnPath.get(column);
      long sum = -1;
      for (Map<ColumnPath, ColumnChunkMetaData> chunks : groups) {
        ColumnChunkMetaData c = chunks.get(key);
        Statistics<?> s = c == null ? null : c.getStatistics();
        if (s != null && s.isNumNullsSet() && s.getNumNulls() >= 0) {
          sum = Math.max(sum, 0) + c.getValueCount() - s.getNumNulls();
        }
      }
      return sum;
    }

    /**
     * The lists of the list group at {@code list} (a slot's typed child), over the row groups where
     * the first leaf under it has level histograms; -1 if none has. A leaf has an entry per list
     * that is null, empty or holds elements, plus one per element after a list's first: the entries
     * at or above the level where the list is defined, less those that continue a list (a
     * repetition level deeper than the list's), are the lists that are there.
     */
    private long lists(String[] list) {
      int defined = schema.getMaxDefinitionLevel(list);
      int depth = schema.getMaxRepetitionLevel(list);
      long sum = -1;
      for (Map<ColumnPath, ColumnChunkMetaData> chunks : groups) {
        ColumnChunkMetaData leaf = firstUnder(chunks, list);
        SizeStatistics size = leaf == null ? null : leaf.getSizeStatistics();
        List<Long> defs = size == null ? null : size.getDefinitionLevelHistogram();
        List<Long> reps = size == null ? null : size.getRepetitionLevelHistogram();
        if (defs == null || defs.isEmpty() || reps == null || reps.isEmpty()) {
          continue;
        }
        long lists = 0;
        for (int d = defined; d < defs.size(); d++) {
          lists += defs.get(d);
        }
        for (int r = depth + 1; r < reps.size(); r++) {
          lists -= reps.get(r);
        }
        sum = Math.max(sum, 0) + lists;
      }
      return sum;
    }

    private static ColumnChunkMetaData firstUnder(
        Map<ColumnPath, ColumnChunkMetaData> chunks, String[] prefix) {
      for (Map.Entry<ColumnPath, ColumnChunkMetaData> e : chunks.entrySet()) {
        String[] p = e.getKey().toArray();
        if (p.length > prefix.length && Arrays.equals(Arrays.copyOf(p, prefix.length), prefix)) {
          return e.getValue();
        }
      }
      return null;
    }

    private void add(String path, Counts c) {
      paths.merge(path, c, Counts::plus);
    }

    private static String[] child(String[] at, String... names) {
      String[] out = Arrays.copyOf(at, at.length + names.length);
      System.arraycopy(names, 0, out, at.length, names.length);
      return out;
    }
  }
}
