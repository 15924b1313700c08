// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.path.Segment;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.parquet.schema.VariantSchema;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * Prunes a VARIANT group to the columns a read needs: the whole slot tree without ignorable {@code
 * _} fields, or (projection) only what one path needs: along the path, the typed child narrowed to
 * the next step, and a slot's residual only where the next step cannot be taken through its typed
 * child (a key the plan does not shred, a step below a scalar); at the path's end, the whole slot.
 * The metadata column is always kept. Field order and annotations are preserved, so the result is a
 * subset of the file schema.
 *
 * <p>Why the residual of an object or array slot the path goes through is not needed: a shredded
 * field never appears in its object's residual, and a slot whose typed part is null holds no object
 * (no array) at all (VariantShredding §Objects, digest §D.5 (a)), so the path is missing in that
 * row either way. It is usually the biggest column (every unshredded field of every row).
 */
final class RequestedSchema {
  private RequestedSchema() {}

  /** The whole slot tree of {@code root}, minus ignorable fields. */
  static GroupType whole(ShreddedSchemaNode root) {
    return prune(root, List.of(), 0, true);
  }

  /** Only the columns {@code steps} needs (see the class comment). */
  static GroupType forPath(ShreddedSchemaNode root, List<Segment> steps) {
    return prune(root, steps, 0, true);
  }

  private static GroupType prune(
      ShreddedSchemaNode node, List<Segment> steps, int at, boolean top) {
    GroupType g = node.group();
    Type typed = node.hasTyped() ? narrowTyped(node, steps, at) : null;
    boolean keepTyped = typed != null;
    if (!keepTyped && !node.hasValue()) {
      typed =
          narrowTyped(node, List.of(), 0); // a group cannot be empty: keep the typed child whole
      keepTyped = true;
    }
    // Along the path, a typed child that takes the next step makes the residual unnecessary.
    boolean keepValue = at == steps.size() || typed == null;
    List<Type> kept = new ArrayList<>();
    for (Type f : g.getFields()) {
      String name = f.getName();
      if (top && node.layout().hasMetadataColumn() && name.equals(VariantSchema.METADATA)) {
        kept.add(f);
      } else if (keepValue && name.equals(node.valueField())) {
        kept.add(f);
      } else if (keepTyped && name.equals(node.typedField())) {
        kept.add(typed);
      }
    }
    return g.withNewFields(kept);
  }

  /**
   * The typed child narrowed to what {@code steps[at..]} needs, or {@code null} if the next step
   * cannot be answered from it (a key on a non-object, an index on a non-array, a key the object
   * does not shred).
   */
  private static Type narrowTyped(ShreddedSchemaNode node, List<Segment> steps, int at) {
    Type typed = node.group().getType(node.typedField());
    boolean whole = at == steps.size();
    return switch (node.shape()) {
      case SCALAR -> whole ? typed : null;
      case ARRAY -> {
        if (!whole && !(steps.get(at) instanceof Segment.Index)) {
          yield null;
        }
        GroupType list = typed.asGroupType();
        GroupType repeated = list.getType(0).asGroupType();
        GroupType element = prune(node.element(), steps, whole ? at : at + 1, false);
        yield list.withNewFields(repeated.withNewFields(element));
      }
      case OBJECT -> {
        GroupType object = typed.asGroupType();
        List<Type> fields = new ArrayList<>();
        for (ShreddedSchemaNode f : node.fields()) {
          String name = f.group().getName();
          if (whole) {
            fields.add(prune(f, steps, at, false));
          } else if (steps.get(at) instanceof Segment.Key
              && ((Segment.Key) steps.get(at)).name().equals(name)) {
            fields.add(prune(f, steps, at + 1, false));
          }
        }
        yield fields.isEmpty() ? null : object.withNewFields(fields);
      }
      case RESIDUAL ->
          throw new AssertionError(node); // callers ask only slots that have a typed child
    };
  }
}
