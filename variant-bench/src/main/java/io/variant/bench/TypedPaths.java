// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.arrow.StorageFields;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The typed paths of a plan, each with the Arrow type of its typed column: every scalar reached
 * through object fields, and through an array by its first element ({@code [0]}: a Variant path
 * names one value per row). A column type that {@code VariantGet} does not cast to (time,
 * nanosecond timestamps, uuid) is asked for as {@code Utf8}.
 */
record TypedPaths(List<VariantPath> paths, List<ArrowType> types) {
  static TypedPaths of(ShreddingPlan plan) {
    List<VariantPath> paths = new ArrayList<>();
    List<ArrowType> types = new ArrayList<>();
    walk(plan, new ArrayList<>(), paths, types);
    return new TypedPaths(List.copyOf(paths), List.copyOf(types));
  }

  int size() {
    return paths.size();
  }

  private static void walk(
      ShreddingPlan plan, List<Segment> at, List<VariantPath> paths, List<ArrowType> types) {
    switch (plan.shape()) {
      case RESIDUAL -> {}
      case SCALAR -> {
        paths.add(VariantPath.of(List.copyOf(at)));
        types.add(castType(plan.asScalar().type()));
      }
      case OBJECT -> {
        for (ShreddingPlan.Field f : plan.asObject().fields()) {
          at.add(new Segment.Key(f.name()));
          walk(f.plan(), at, paths, types);
          at.remove(at.size() - 1);
        }
      }
      case ARRAY -> {
        at.add(new Segment.Index(0));
        walk(plan.asArray().element(), at, paths, types);
        at.remove(at.size() - 1);
      }
    }
  }

  private static ArrowType castType(ShreddedType type) {
    return switch (type.kind()) {
      case TIME, TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS, UUID -> ArrowType.Utf8.INSTANCE;
      case BOOLEAN,
          INT8,
          INT16,
          INT32,
          INT64,
          FLOAT,
          DOUBLE,
          DECIMAL,
          DATE,
          TIMESTAMP,
          TIMESTAMP_NTZ,
          BINARY,
          STRING ->
          StorageFields.arrowType(type);
    };
  }

  @Override
  public String toString() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < paths.size(); i++) {
      out.add(paths.get(i) + " " + types.get(i));
    }
    return String.join(", ", out);
  }
}
