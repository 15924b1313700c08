// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.arrow.VariantVector;
import io.variant.core.path.VariantPath;
import io.variant.parquet.read.RowGroupVariants;
import io.variant.parquet.read.VariantReadOptions;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The vectors of a file's batches and the leaves that fill them, made once from the footer's
 * schema: a {@link VariantVector} per VARIANT column (spec layout), a plain vector per top-level
 * primitive column of a type {@link PlainColumns} maps, nothing for the other columns ({@link
 * #skipped()}).
 */
final class BatchColumns {
  final List<FieldVector> vectors;
  final List<LeafReader> leaves;
  final Map<String, ShreddingPlan> plans;
  final List<String> skipped;
  final MessageType requested;
  final UnshreddedColumns unshredded; // null unless the options ask for unshredded columns

  private BatchColumns(
      List<FieldVector> vectors,
      List<LeafReader> leaves,
      Map<String, ShreddingPlan> plans,
      List<String> skipped,
      MessageType requested,
      UnshreddedColumns unshredded) {
    this.vectors = vectors;
    this.leaves = leaves;
    this.plans = plans;
    this.skipped = skipped;
    this.requested = requested;
    this.unshredded = unshredded;
  }

  /**
   * The columns of {@code schema} that {@code options} ask for, allocated from {@code allocator}.
   * On failure nothing stays allocated.
   *
   * @throws IllegalArgumentException naming the file and column: a column asked for that the file
   *     lacks or that cannot be read, paths for a column that is not VARIANT, or a VARIANT column
   *     in the draft layout
   */
  static BatchColumns of(
      MessageType schema,
      BatchOptions options,
      BufferAllocator allocator,
      String file,
      String createdBy) {
    List<FieldVector> vectors = new ArrayList<>();
    try {
      return build(schema, options, allocator, file, createdBy, vectors);
    } catch (RuntimeException e) {
      AutoCloseables.closeNoChecked(AutoCloseables.all(vectors));
      throw e;
    }
  }

  private static BatchColumns build(
      MessageType schema,
      BatchOptions options,
      BufferAllocator allocator,
      String file,
      String createdBy,
      List<FieldVector> vectors) {
    for (String name : options.columns()) {
      if (!schema.containsField(name)) {
        throw refused(file, name, "the file has no such column");
      }
    }
    StorageBinder binder = new StorageBinder(schema);
    Map<String, ShreddingPlan> plans = new LinkedHashMap<>();
    List<String> skipped = new ArrayList<>();
    Set<String> projected = new HashSet<>(options.paths().keySet());
    Map<String, VariantVector> whole = new LinkedHashMap<>(); // unshredded, in schema order
    for (Type t : schema.getFields()) {
      String name = t.getName();
      if (!options.columns().isEmpty() && !options.columns().contains(name)) {
        continue;
      }
      List<VariantPath> paths = options.paths().get(name);
      projected.remove(name);
      if (VariantSchema.isVariantGroup(t)) {
        GroupType group = t.asGroupType();
        if (options.unshredded()) { // either layout: the rebuild resolves the draft's metadata
          VariantVector vector = VariantVector.create(name, ShreddingPlan.residual(), allocator);
          vectors.add(vector);
          plans.put(name, vector.plan());
          whole.put(name, vector);
          continue;
        }
        if (VariantSchema.detectLayout(group) == ShreddingLayout.DRAFT) {
          throw refused(
              file,
              name,
              "it has the draft shredding layout, whose residuals carry their own metadata;"
                  + " the Arrow storage indexes the row's metadata (rewrite the file in the spec"
                  + " layout, e.g. with variant convert, or read it unshredded)");
        }
        ShreddedSchemaNode node = VariantSchema.describe(group);
        ShreddingPlan plan = paths == null ? node.plan() : PathProjection.project(node, paths);
        VariantVector vector = VariantVector.create(name, plan, allocator);
        vectors.add(vector);
        plans.put(name, plan);
        binder.variant(node, plan, vector);
        continue;
      }
      if (paths != null) {
        throw refused(file, name, "it is not a VARIANT column, so Variant paths do not apply");
      }
      ArrowType type =
          t.isPrimitive() && !t.isRepetition(Type.Repetition.REPEATED)
              ? PlainColumns.arrowType(t.asPrimitiveType())
              : null;
      if (type == null) {
        if (options.columns().contains(name)) {
          throw refused(file, name, "its type " + t + " has no Arrow vector here");
        }
        skipped.add(name);
        continue;
      }
      boolean nullable = t.isRepetition(Type.Repetition.OPTIONAL);
      FieldVector vector =
          new Field(name, new FieldType(nullable, type, null), null).createVector(allocator);
      vectors.add(vector);
      binder.plain(name, vector);
    }
    if (!projected.isEmpty()) {
      throw refused(file, projected.iterator().next(), "paths name it, but it is not read");
    }
    MessageType requested = requested(schema, binder.leaves());
    UnshreddedColumns unshredded = null;
    if (!whole.isEmpty()) {
      RowGroupVariants rows;
      try {
        rows =
            RowGroupVariants.of(
                schema, whole.keySet(), VariantReadOptions.defaults().rebuild(), createdBy);
      } catch (IllegalArgumentException e) { // a repeated VARIANT group
        throw refused(file, whole.keySet().iterator().next(), e.getMessage());
      }
      unshredded =
          new UnshreddedColumns(
              rows, rows.names().stream().map(whole::get).toList(), options.batchSize());
      requested = requested.union(rows.requested());
    }
    return new BatchColumns(vectors, binder.leaves(), plans, skipped, requested, unshredded);
  }

  private static IllegalArgumentException refused(String file, String column, String why) {
    return new IllegalArgumentException(
        "Cannot read column \"" + column + "\" of " + file + " into Arrow batches: " + why);
  }

  /** The file schema cut down to the leaves read, for parquet-java to read only their chunks. */
  private static MessageType requested(MessageType schema, List<LeafReader> leaves) {
    Set<List<String>> paths = new HashSet<>();
    for (LeafReader leaf : leaves) {
      paths.add(List.of(leaf.descriptor.getPath()));
    }
    List<Type> kept = new ArrayList<>();
    for (Type t : schema.getFields()) {
      Type k = keep(t, List.of(t.getName()), paths);
      if (k != null) {
        kept.add(k);
      }
    }
    return new MessageType(schema.getName(), kept);
  }

  private static Type keep(Type t, List<String> path, Set<List<String>> leaves) {
    if (t instanceof PrimitiveType) {
      return leaves.contains(path) ? t : null;
    }
    List<Type> kept = new ArrayList<>();
    for (Type child : t.asGroupType().getFields()) {
      List<String> childPath = new ArrayList<>(path);
      childPath.add(child.getName());
      Type k = keep(child, childPath, leaves);
      if (k != null) {
        kept.add(k);
      }
    }
    return kept.isEmpty() ? null : t.asGroupType().withNewFields(kept);
  }

  /** Leaf descriptors, for messages. */
  static String name(ColumnDescriptor d) {
    return String.join(".", d.getPath());
  }
}
