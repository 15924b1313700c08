// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Model;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The test oracle for inference: materialises every value of every path from {@link Model} trees
 * (never reading Variant bytes), counts families with its own classification, and derives the plan
 * the rules promise, in integer arithmetic (thresholds as whole percents above 50, so that at most
 * one family can dominate). It ignores the column budget and the path cap; tests keep within both.
 */
final class BruteForcePlan {
  /** One expected coverage row, without the path text. */
  record Row(long sampled, long present, long typed, String type) {}

  private final int minPresencePercent;
  private final int dominancePercent;
  private final int maxDepth;
  final List<Row> rows = new ArrayList<>();

  BruteForcePlan(int minPresencePercent, int dominancePercent, int maxDepth) {
    this.minPresencePercent = minPresencePercent;
    this.dominancePercent = dominancePercent;
    this.maxDepth = maxDepth;
  }

  /** The expected plan of {@code rows}; fills {@link #rows} in plan order. */
  ShreddingPlan plan(List<Model> sample) {
    rows.clear();
    return plan(sample, sample.size(), 0);
  }

  private ShreddingPlan plan(List<Model> values, long sampled, int level) {
    Map<String, Long> counts = new TreeMap<>();
    long nonNull = 0;
    for (Model v : values) {
      String f = family(v);
      if (!f.equals("null")) {
        nonNull++;
        counts.merge(f, 1L, Long::sum);
      }
    }
    String dominant = null;
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      if (e.getValue() * 100 >= (long) dominancePercent * nonNull) {
        dominant = e.getKey();
      }
    }
    int rowIndex = rows.size();
    rows.add(null); // this node's row goes before its children's
    ShreddingPlan plan =
        dominant == null ? ShreddingPlan.residual() : typed(dominant, values, level);
    long typed = plan.isShredded() ? counts.get(dominant) : 0;
    rows.set(rowIndex, new Row(sampled, values.size(), typed, typeText(plan)));
    return plan;
  }

  private ShreddingPlan typed(String family, List<Model> values, int level) {
    switch (family) {
      case "object":
        return level >= maxDepth ? ShreddingPlan.residual() : object(values, level);
      case "array":
        return level >= maxDepth ? ShreddingPlan.residual() : array(values, level);
      case "exact":
        ShreddedType t = exact(values);
        return t == null ? ShreddingPlan.residual() : ShreddingPlan.scalar(t);
      default:
        return ShreddingPlan.scalar(scalarType(family));
    }
  }

  private ShreddingPlan object(List<Model> values, int level) {
    List<Model.Obj> objects = new ArrayList<>();
    Map<String, List<Model>> byKey = new TreeMap<>(Model::compareUtf8);
    for (Model v : values) {
      if (v instanceof Model.Obj o) {
        objects.add(o);
        for (Model.Field f : o.fields()) {
          byKey.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(f.value());
        }
      }
    }
    Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
    for (Map.Entry<String, List<Model>> e : byKey.entrySet()) {
      if (e.getValue().size() * 100L >= (long) minPresencePercent * objects.size()) {
        fields.put(e.getKey(), plan(e.getValue(), objects.size(), level + 1));
      }
    }
    if (fields.isEmpty()) {
      return ShreddingPlan.residual();
    }
    return ShreddingPlan.object(fields);
  }

  private ShreddingPlan array(List<Model> values, int level) {
    List<Model> elements = new ArrayList<>();
    for (Model v : values) {
      if (v instanceof Model.Arr a) {
        elements.addAll(a.elements());
      }
    }
    if (elements.isEmpty()) {
      return ShreddingPlan.residual();
    }
    int before = rows.size();
    ShreddingPlan element = plan(elements, elements.size(), level + 1);
    if (!element.isShredded()) {
      rows.subList(before, rows.size()).clear(); // the element is not in the plan after all
      return ShreddingPlan.residual();
    }
    return ShreddingPlan.array(element);
  }

  /** The narrowest integer type, or decimal(P,S) by scaling every value to the largest scale. */
  private static ShreddedType exact(List<Model> values) {
    List<BigDecimal> numbers = new ArrayList<>();
    boolean anyDecimal = false;
    for (Model v : values) {
      if (v instanceof Model.Scalar s && family(s).equals("exact")) {
        anyDecimal |= s.value() instanceof BigDecimal;
        numbers.add(s.value() instanceof BigDecimal d ? d : BigDecimal.valueOf((Long) s.value()));
      }
    }
    if (!anyDecimal) {
      long min = numbers.stream().mapToLong(BigDecimal::longValueExact).min().getAsLong();
      long max = numbers.stream().mapToLong(BigDecimal::longValueExact).max().getAsLong();
      for (ShreddedType t : List.of(ShreddedType.INT8, ShreddedType.INT16, ShreddedType.INT32)) {
        long bits = t == ShreddedType.INT8 ? 8 : t == ShreddedType.INT16 ? 16 : 32;
        if (min >= -(1L << (bits - 1)) && max < (1L << (bits - 1))) {
          return t;
        }
      }
      return ShreddedType.INT64;
    }
    int scale = numbers.stream().mapToInt(BigDecimal::scale).max().getAsInt();
    int precision = Math.max(scale, 1);
    for (BigDecimal n : numbers) {
      precision = Math.max(precision, n.setScale(scale).precision());
    }
    return precision > 38 ? null : ShreddedType.decimal(precision, scale);
  }

  static String family(Model v) {
    if (v instanceof Model.Obj) {
      return "object";
    }
    if (v instanceof Model.Arr) {
      return "array";
    }
    return switch (((Model.Scalar) v).type()) {
      case NULL -> "null";
      case BOOLEAN_TRUE, BOOLEAN_FALSE -> "boolean";
      case INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16 -> "exact";
      case FLOAT -> "float";
      case DOUBLE -> "double";
      case DATE -> "date";
      case TIME_NTZ_MICROS -> "time";
      case TIMESTAMP_MICROS -> "timestamp";
      case TIMESTAMP_NTZ_MICROS -> "timestamp_ntz";
      case TIMESTAMP_NANOS -> "timestamp_nanos";
      case TIMESTAMP_NTZ_NANOS -> "timestamp_ntz_nanos";
      case BINARY -> "binary";
      case STRING -> "string";
      case UUID -> "uuid";
      case OBJECT, ARRAY -> throw new IllegalStateException("containers are not scalars");
    };
  }

  /** The family names above are the text-form type names, so the plan parser maps them. */
  private static ShreddedType scalarType(String family) {
    return ((ShreddingPlan.ScalarPlan) ShreddingPlan.parse(family)).type();
  }

  private static String typeText(ShreddingPlan plan) {
    if (plan instanceof ShreddingPlan.ObjectPlan) {
      return "object";
    }
    if (plan instanceof ShreddingPlan.ArrayPlan) {
      return "array";
    }
    return plan.print();
  }
}
