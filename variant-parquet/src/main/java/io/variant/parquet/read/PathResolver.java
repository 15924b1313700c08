// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.shredding.RebuildOptions;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddingException;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.TypedScalarRebuild;
import java.util.List;

/**
 * Answers one path per row from a column whose schema {@link RequestedSchema#forPath} pruned. It
 * walks the typed slots while the path follows them and switches to the residual Variant where it
 * leaves them: a shredded key or list index is taken from the typed part (typed wins, as a reader
 * that projects only {@code typed_value} sees it: VariantShredding §Objects), any other key from
 * the residual object. Only the slot at the path's end is rebuilt, and only when the walk reaches
 * it through typed slots.
 */
final class PathResolver {
  private final VariantColumnReader column;
  private final List<Segment> steps;
  private final VariantPath[]
      suffixes; // suffixes[i]: the steps from i on, for extraction from a residual

  private final ShreddingPlan endPlan; // of the slot the path ends at through typed slots, or null
  private final RebuildOptions options;
  private Rebuilder endRebuilder; // made on first use: a typed scalar end rarely needs it
  // the path ends at a typed scalar slot of the spec layout: its typed values rebuilt directly
  private final TypedScalarRebuild scalarEnd;
  // per step: the object node last met there and the step's field index in it (the nodes are
  // the same on every row: a lookup by name per row was a sixth of a projected read)
  private final ShreddedSchemaNode[] lastNode;
  private final int[] lastIndex;

  /**
   * @param column the projected column (its node tree is the pruned one)
   * @param steps the path
   */
  PathResolver(VariantColumnReader column, List<Segment> steps, RebuildOptions options) {
    this.column = column;
    this.steps = List.copyOf(steps);
    this.suffixes = new VariantPath[steps.size() + 1];
    for (int i = 0; i <= steps.size(); i++) {
      suffixes[i] = VariantPath.of(this.steps.subList(i, steps.size()));
    }
    this.lastNode = new ShreddedSchemaNode[steps.size()];
    this.lastIndex = new int[steps.size()];
    ShreddedSchemaNode end = typedEnd(column.root.node, 0);
    this.endPlan = end == null ? null : end.plan();
    this.options = options;
    this.scalarEnd =
        end != null && end.shape() == ShreddingPlan.Shape.SCALAR && end.layout().hasMetadataColumn()
            ? new TypedScalarRebuild(end.plan().asScalar().type(), options)
            : null;
  }

  /** The node the path ends at if it follows typed slots all the way, else {@code null}. */
  private ShreddedSchemaNode typedEnd(ShreddedSchemaNode node, int at) {
    if (at == steps.size()) {
      return node;
    }
    Segment step = steps.get(at);
    if (step instanceof Segment.Key key) {
      int i = node.fieldIndex(key.name());
      return i < 0 ? null : typedEnd(node.fields().get(i), at + 1);
    }
    return node.shape() == ShreddingPlan.Shape.ARRAY ? typedEnd(node.element(), at + 1) : null;
  }

  /**
   * The current row's value at the path.
   *
   * @throws VariantParquetException naming the column and the path if the parts met on the way are
   *     invalid or malformed
   */
  PathValue resolve() {
    if (!column.present()) {
      return PathValue.SQL_NULL;
    }
    try {
      SlotSource root = column.root;
      if (!root.hasTyped() && !root.hasResidual()) {
        // The top level is missing: Variant null, which has no keys or elements.
        return steps.isEmpty()
            ? PathValue.of(rebuildEnd(metadata(), root), true)
            : PathValue.absent(true);
      }
      return walk(root, 0);
    } catch (VariantParquetException e) {
      throw e; // names its column already
    } catch (VariantException e) {
      throw failure(column.name, suffixes[0], e);
    }
  }

  /**
   * {@code e}, met reading the value at {@code path} of VARIANT column {@code column}, as an
   * exception naming the path.
   */
  static VariantParquetException failure(String column, VariantPath path, VariantException e) {
    return new VariantParquetException(
        null, column, -1, "Cannot read the projected path " + path + ": " + e.getMessage(), e);
  }

  /**
   * The value of slot {@code s}, at the path's end, rebuilt; a slot it fails at is named from the
   * row, as a rebuild of the whole row names it ({@link ShreddingException#at}).
   */
  private Variant rebuildEnd(VariantMetadata metadata, SlotSource s) {
    try {
      return endRebuilder().rebuild(metadata, s);
    } catch (ShreddingException e) {
      throw e.at(suffixes[0].toString());
    }
  }

  /** Invariant: {@code s} is not missing (it has a residual or a typed part). */
  private PathValue walk(SlotSource s, int at) {
    if (at == steps.size()) {
      if (!s.hasTyped()) {
        return PathValue.of(s.residual(), false);
      }
      if (!s.hasResidual() && scalarEnd != null) {
        // A typed scalar holds no keys: it needs no dictionary, so the row's is not decoded.
        Variant v = scalarEnd.rebuild(s);
        return PathValue.of(v != null ? v : rebuildEnd(TypedScalarRebuild.NO_KEYS, s), true);
      }
      return PathValue.of(rebuildEnd(metadata(), s), !s.hasResidual());
    }
    Segment step = steps.get(at);
    ShreddedSchemaNode node = s.node;
    if (s.hasTyped()
        && step instanceof Segment.Key key
        && node.shape() == ShreddingPlan.Shape.OBJECT) {
      if (lastNode[at] != node) {
        lastIndex[at] = node.fieldIndex(key.name());
        lastNode[at] = node;
      }
      int i = lastIndex[at];
      if (i >= 0) {
        SlotSource f = s.fieldSource(i);
        boolean missing = f == null || (!f.hasTyped() && !f.hasResidual());
        return missing ? PathValue.absent(true) : walk(f, at + 1);
      }
      return fromResidual(s, at); // a key the plan does not shred lives in the residual object
    }
    if (s.hasTyped()
        && step instanceof Segment.Index index
        && node.shape() == ShreddingPlan.Shape.ARRAY) {
      if (index.index() >= s.elementCount()) {
        return PathValue.absent(true);
      }
      SlotSource e = s.elementSource(index.index());
      if (!e.hasTyped() && !e.hasResidual()) {
        // An element with both parts null reads as Variant null (as the rebuild does), which only
        // the path's end can hold.
        return at + 1 == steps.size()
            ? PathValue.of(rebuildEnd(metadata(), e), true)
            : PathValue.absent(true);
      }
      return walk(e, at + 1);
    }
    if (s.hasTyped()) {
      return PathValue.absent(true); // a typed scalar, or a step of the wrong kind for its shape
    }
    return fromResidual(s, at);
  }

  private PathValue fromResidual(SlotSource s, int at) {
    Variant v = s.residual();
    if (v == null) {
      return PathValue.absent(true);
    }
    Variant found = suffixes[at].extract(v);
    return found == null ? PathValue.absent(false) : PathValue.of(found, false);
  }

  private Rebuilder endRebuilder() {
    if (endRebuilder == null) {
      endRebuilder = Rebuilder.of(endPlan, options);
    }
    return endRebuilder;
  }

  private VariantMetadata metadata() {
    return column.root.node.layout().hasMetadataColumn() ? column.metadata() : null;
  }
}
