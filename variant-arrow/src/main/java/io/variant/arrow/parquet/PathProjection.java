// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.schema.ShreddedSchemaNode;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a column's plan that Variant paths need: along each path the slots it passes through
 * with their residual {@code value} (a path's value sits there wherever a row did not shred it),
 * the typed object fields it names, and below its end the whole subtree. An object slot none of
 * whose fields is named keeps its first field's residual alone, so that the object stays typed (its
 * rows' unshredded fields are in the slot's own residual). spec: VariantShredding §Objects.
 */
final class PathProjection {
  private PathProjection() {}

  /** The plan {@code node}'s slot keeps for {@code paths}. */
  static ShreddingPlan project(ShreddedSchemaNode node, List<VariantPath> paths) {
    List<List<Segment>> tails = new ArrayList<>();
    for (VariantPath p : paths) {
      tails.add(p.segments());
    }
    return slot(node, tails);
  }

  private static ShreddingPlan slot(ShreddedSchemaNode node, List<List<Segment>> paths) {
    for (List<Segment> p : paths) {
      if (p.isEmpty()) {
        return node.plan(); // the path ends here: the whole value
      }
    }
    return switch (node.shape()) {
      case RESIDUAL, SCALAR -> node.plan();
      case OBJECT -> object(node, paths);
      case ARRAY -> {
        List<List<Segment>> rest = tails(paths, s -> s instanceof Segment.Index);
        ShreddedSchemaNode element = node.element();
        yield ShreddingPlan.array(rest.isEmpty() ? minimal(element) : slot(element, rest));
      }
    };
  }

  private static ShreddingPlan object(ShreddedSchemaNode node, List<List<Segment>> paths) {
    Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
    for (ShreddedSchemaNode f : node.fields()) {
      String name = f.group().getName();
      List<List<Segment>> rest =
          tails(paths, s -> s instanceof Segment.Key k && k.name().equals(name));
      if (!rest.isEmpty()) {
        fields.put(name, slot(f, rest));
      }
    }
    if (fields.isEmpty()) {
      ShreddedSchemaNode first = node.fields().get(0);
      fields.put(first.group().getName(), minimal(first));
    }
    return ShreddingPlan.object(fields);
  }

  /** The least a slot keeps to stay present: its residual column, if the file has one. */
  private static ShreddingPlan minimal(ShreddedSchemaNode node) {
    return node.hasValue() ? ShreddingPlan.residual() : node.plan();
  }

  private static List<List<Segment>> tails(
      List<List<Segment>> paths, java.util.function.Predicate<Segment> first) {
    List<List<Segment>> rest = new ArrayList<>();
    for (List<Segment> p : paths) {
      if (first.test(p.get(0))) {
        rest.add(p.subList(1, p.size()));
      }
    }
    return rest;
  }
}
