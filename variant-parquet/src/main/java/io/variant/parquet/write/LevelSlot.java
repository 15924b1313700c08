// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import io.variant.parquet.write.SlotColumns.Slot;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;

/**
 * One {@link Slot} bound to the file's leaf columns: the indexes (in {@code
 * MessageType.getColumns()} order) of the leaves it writes, and the definition and repetition
 * levels its values and nulls take, all read from the schema once. {@link LevelSink} walks this
 * tree while the Splitter walks the plan; the per-row work is then array indexing.
 *
 * <p>Levels (spec: Parquet's Dremel encoding): a slot's group is defined at {@link #defined}; its
 * residual and typed scalar, when present, one level deeper ({@link #residualDefined}, {@link
 * #typedDefined}); when absent, every leaf under the missing part takes {@code defined} (the
 * deepest group that exists). The same arithmetic serves both layouts, because it reads the levels
 * from the schema: in the spec layout an object's field groups are {@code required} (a missing
 * field's leaves are null at the object's level), in the draft they are {@code optional} (null at
 * the object's level too, one less than a present field's).
 */
final class LevelSlot {
  final Slot slot; // names and typed-column kind, for the value calls and error messages
  final int defined;
  final int residualLeaf;
  final int residualDefined;
  final int typedLeaf; // scalar slots; -1 otherwise
  final int typedDefined; // level of a present typed value (scalar) or typed group (object, array)
  final int[]
      typedLeaves; // every leaf under typed_value, for a typed part left null; empty if none
  final int[] allLeaves; // residual + typedLeaves, for a missing field
  final LevelSlot[] fields; // object slots, in plan order
  final LevelSlot element; // array slots
  final int repetition; // array slots: the level of the repeated list group

  private LevelSlot(
      Slot slot,
      int defined,
      int residualLeaf,
      int residualDefined,
      int typedLeaf,
      int typedDefined,
      int[] typedLeaves,
      LevelSlot[] fields,
      LevelSlot element,
      int repetition) {
    this.slot = slot;
    this.defined = defined;
    this.residualLeaf = residualLeaf;
    this.residualDefined = residualDefined;
    this.typedLeaf = typedLeaf;
    this.typedDefined = typedDefined;
    this.typedLeaves = typedLeaves;
    int[] all = Arrays.copyOf(new int[] {residualLeaf}, 1 + typedLeaves.length);
    System.arraycopy(typedLeaves, 0, all, 1, typedLeaves.length);
    this.allLeaves = all;
    this.fields = fields;
    this.element = element;
    this.repetition = repetition;
  }

  /**
   * Binds {@code root}, the top-level slot of the VARIANT column at {@code columnPath} of {@code
   * schema}.
   */
  static LevelSlot bind(MessageType schema, String[] columnPath, Slot root) {
    return bind(new Leaves(schema), columnPath, root);
  }

  private static LevelSlot bind(Leaves leaves, String[] path, Slot s) {
    MessageType schema = leaves.schema;
    int defined = schema.getMaxDefinitionLevel(path);
    String[] residualPath = child(path, s.residualName);
    int residualLeaf = leaves.index(residualPath);
    int residualDefined = schema.getMaxDefinitionLevel(residualPath);
    if (s.typedName == null) {
      return new LevelSlot(
          s, defined, residualLeaf, residualDefined, -1, -1, new int[0], null, null, -1);
    }
    String[] typedPath = child(path, s.typedName);
    int typedDefined = schema.getMaxDefinitionLevel(typedPath);
    int[] typedLeaves = leaves.under(typedPath);
    if (s.fields != null) {
      LevelSlot[] fields = new LevelSlot[s.fields.length];
      for (int i = 0; i < fields.length; i++) {
        fields[i] = bind(leaves, child(typedPath, s.fieldNames[i]), s.fields[i]);
      }
      return new LevelSlot(
          s,
          defined,
          residualLeaf,
          residualDefined,
          -1,
          typedDefined,
          typedLeaves,
          fields,
          null,
          -1);
    }
    if (s.element != null) {
      String[] listPath = child(typedPath, s.listName);
      LevelSlot element = bind(leaves, child(listPath, s.elementName), s.element);
      return new LevelSlot(
          s,
          defined,
          residualLeaf,
          residualDefined,
          -1,
          typedDefined,
          typedLeaves,
          null,
          element,
          schema.getMaxRepetitionLevel(listPath));
    }
    return new LevelSlot(
        s,
        defined,
        residualLeaf,
        residualDefined,
        leaves.index(typedPath),
        typedDefined,
        typedLeaves,
        null,
        null,
        -1);
  }

  private static String[] child(String[] path, String name) {
    String[] out = Arrays.copyOf(path, path.length + 1);
    out[path.length] = name;
    return out;
  }

  /**
   * Leaf column indexes of a schema, by path. The leaves under a group are consecutive in column
   * order, so each path (a leaf's, or a group's) maps to its first and last leaf: found once, not
   * by a scan of every column per slot (which made a plan of 20,000 fields take minutes).
   */
  private static final class Leaves {
    final MessageType schema;
    private final List<ColumnDescriptor> columns;
    private final Map<List<String>, int[]> ranges = new HashMap<>();

    Leaves(MessageType schema) {
      this.schema = schema;
      this.columns = schema.getColumns();
      for (int i = 0; i < columns.size(); i++) {
        String[] p = columns.get(i).getPath();
        for (int k = 1; k <= p.length; k++) {
          int[] range =
              ranges.computeIfAbsent(List.of(Arrays.copyOf(p, k)), x -> new int[] {-1, -1});
          if (range[0] < 0) {
            range[0] = i;
          }
          range[1] = i;
        }
      }
    }

    int index(String[] path) {
      int[] range = ranges.get(Arrays.asList(path));
      if (range == null
          || range[0] != range[1]
          || columns.get(range[0]).getPath().length != path.length) {
        throw new IllegalArgumentException(
            "Cannot find leaf column " + String.join(".", path) + " in " + schema);
      }
      return range[0];
    }

    /** Leaves at or under {@code path}, in column order. */
    int[] under(String[] path) {
      int[] range = ranges.get(Arrays.asList(path));
      return range == null ? new int[0] : IntStream.rangeClosed(range[0], range[1]).toArray();
    }
  }
}
