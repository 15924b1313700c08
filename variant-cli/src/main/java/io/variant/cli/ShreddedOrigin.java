// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import io.variant.shredding.ShreddingPlan;
import org.apache.parquet.example.data.Group;

/**
 * Where each part of a row of a shredded VARIANT column (spec layout) came from, found by walking
 * the row's Parquet groups alongside its plan: {@code typed COLUMN} for a value read from a typed
 * column, {@code residual COLUMN} for one stored as Variant bytes in a {@code value} column (a
 * whole unshredded subtree, or the fields of a partially shredded object that the plan does not
 * name).
 */
final class ShreddedOrigin implements TypedTreePrinter.Annotation {
  private static final String VALUE = "value";
  private static final String TYPED = "typed_value";

  private final ShreddingPlan plan;
  private final Group group; // the node's {value, typed_value} group; null inside a residual
  private final String column; // the group's dotted path
  private final String residual; // set inside a residual subtree: the value column it came from
  private final boolean top; // the root of a residual subtree, which names the column

  private ShreddedOrigin(
      ShreddingPlan plan, Group group, String column, String residual, boolean top) {
    this.plan = plan;
    this.group = group;
    this.column = column;
    this.residual = residual;
    this.top = top;
  }

  /**
   * The origin of a whole row: {@code group} is the row's VARIANT column group, named {@code
   * column}.
   */
  static ShreddedOrigin of(ShreddingPlan plan, Group group, String column) {
    return new ShreddedOrigin(plan, group, column, null, false);
  }

  private boolean has(String field) {
    return group != null
        && group.getType().containsField(field)
        && group.getFieldRepetitionCount(field) > 0;
  }

  private boolean typed() {
    return residual == null && plan.isShredded() && has(TYPED);
  }

  @Override
  public String label() {
    if (residual != null) {
      return top ? "residual " + residual : "";
    }
    if (typed()) {
      boolean partial = plan.shape() == ShreddingPlan.Shape.OBJECT && has(VALUE);
      return "typed "
          + column
          + "."
          + TYPED
          + (partial ? " (other fields: residual " + column + "." + VALUE + ")" : "");
    }
    return has(VALUE) ? "residual " + column + "." + VALUE : "";
  }

  @Override
  public TypedTreePrinter.Annotation field(String name) {
    if (residual != null) {
      return top ? new ShreddedOrigin(plan, null, column, residual, false) : this;
    }
    ShreddingPlan.ObjectPlan o =
        plan.shape() == ShreddingPlan.Shape.OBJECT ? (ShreddingPlan.ObjectPlan) plan : null;
    if (typed() && o != null && o.indexOf(name) >= 0) {
      Group fields = group.getGroup(TYPED, 0);
      Group child = fields.getFieldRepetitionCount(name) > 0 ? fields.getGroup(name, 0) : null;
      return new ShreddedOrigin(
          o.field(name), child, column + "." + TYPED + "." + name, null, false);
    }
    return new ShreddedOrigin(plan, null, column, column + "." + VALUE, true);
  }

  @Override
  public TypedTreePrinter.Annotation element(int index) {
    if (residual != null) {
      return top ? new ShreddedOrigin(plan, null, column, residual, false) : this;
    }
    if (typed() && plan.shape() == ShreddingPlan.Shape.ARRAY) {
      ShreddingPlan.ArrayPlan a = (ShreddingPlan.ArrayPlan) plan;
      Group list = group.getGroup(TYPED, 0);
      Group element = list.getGroup("list", index).getGroup("element", 0);
      return new ShreddedOrigin(
          a.element(), element, column + "." + TYPED + ".list.element", null, false);
    }
    return new ShreddedOrigin(plan, null, column, column + "." + VALUE, true);
  }
}
