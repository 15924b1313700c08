// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A shredding plan: the tree of typed slots a Variant column is split into. Every node also has the
 * untyped residual part (the {@code value} column, or {@code untyped_value} in the draft layout); a
 * node says only what its typed part is. spec: VariantShredding §Shredded Value Types.
 *
 * <ul>
 *   <li>{@link ResidualPlan}: no typed part ({@code variant} in the text form);
 *   <li>{@link ScalarPlan}: a primitive typed column;
 *   <li>{@link ObjectPlan}: named fields, each a plan, in schema order;
 *   <li>{@link ArrayPlan}: one plan for every element.
 * </ul>
 *
 * Plans are immutable values, compared structurally. Code that decides per node switches over
 * {@link #shape()} (a switch expression, so that javac checks every shape is handled) and reaches
 * the node's parts through {@link #asScalar()}, {@link #asObject()} and {@link #asArray()}; it does
 * not test with {@code instanceof}.
 */
public sealed interface ShreddingPlan
    permits ShreddingPlan.ResidualPlan,
        ShreddingPlan.ScalarPlan,
        ShreddingPlan.ObjectPlan,
        ShreddingPlan.ArrayPlan {

  /** What a node's typed part is: the one dispatch over plan nodes. */
  enum Shape {
    /** {@link ResidualPlan}: no typed part. */
    RESIDUAL,
    /** {@link ScalarPlan}: a primitive typed column. */
    SCALAR,
    /** {@link ObjectPlan}: named fields. */
    OBJECT,
    /** {@link ArrayPlan}: one plan for every element. */
    ARRAY
  }

  /** The shape of this node; each shape is one of the four records. */
  Shape shape();

  /**
   * This node as a {@link ScalarPlan}; throws {@link IllegalStateException} for another {@link
   * #shape()}.
   */
  default ScalarPlan asScalar() {
    throw new IllegalStateException(
        "Cannot use plan " + this + " as a scalar: its shape is " + shape());
  }

  /**
   * This node as an {@link ObjectPlan}; throws {@link IllegalStateException} for another {@link
   * #shape()}.
   */
  default ObjectPlan asObject() {
    throw new IllegalStateException(
        "Cannot use plan " + this + " as an object: its shape is " + shape());
  }

  /**
   * This node as an {@link ArrayPlan}; throws {@link IllegalStateException} for another {@link
   * #shape()}.
   */
  default ArrayPlan asArray() {
    throw new IllegalStateException(
        "Cannot use plan " + this + " as an array: its shape is " + shape());
  }

  /**
   * Parses the plan text form, e.g. {@code {"id": int64, "tags": [string], "extra": variant}}; see
   * {@link PlanText} for the grammar.
   *
   * @throws PlanSyntaxException if the text is not a valid plan; it gives the 0-based position
   * @throws NullPointerException if {@code text} is null
   */
  static ShreddingPlan parse(String text) {
    return PlanText.parse(text);
  }

  /**
   * The canonical one-line text form, which {@link #parse} reads back to an equal plan ({@link
   * PlanText#printIndented} gives a multi-line form).
   */
  default String print() {
    return PlanText.print(this);
  }

  /** True unless this is {@link ResidualPlan}. */
  default boolean isShredded() {
    return shape() != Shape.RESIDUAL;
  }

  /** The residual-only plan, {@code variant}. */
  static ShreddingPlan residual() {
    return ResidualPlan.INSTANCE;
  }

  static ShreddingPlan scalar(ShreddedType type) {
    return new ScalarPlan(type);
  }

  /** An object plan with fields in the map's iteration order. */
  static ShreddingPlan object(Map<String, ShreddingPlan> fields) {
    List<Field> list = new ArrayList<>();
    fields.forEach((k, v) -> list.add(new Field(k, v)));
    return new ObjectPlan(list);
  }

  static ShreddingPlan array(ShreddingPlan element) {
    return new ArrayPlan(element);
  }

  /** No typed part: every value goes whole into the residual. */
  record ResidualPlan() implements ShreddingPlan {
    static final ResidualPlan INSTANCE = new ResidualPlan();

    @Override
    public Shape shape() {
      return Shape.RESIDUAL;
    }

    // equals and hashCode here and in the other plan records are written out, with the results the
    // generated ones give: the generated ones link through java.lang.runtime.ObjectMethods on first
    // use, which spun about 30 method-handle classes in every convert (writers compare plans).
    @Override
    public boolean equals(Object o) {
      return o instanceof ResidualPlan;
    }

    @Override
    public int hashCode() {
      return 0;
    }

    /** The text form, as {@link #print()}. */
    @Override
    public String toString() {
      return print();
    }
  }

  /** A primitive {@code typed_value}. */
  record ScalarPlan(ShreddedType type) implements ShreddingPlan {
    public ScalarPlan {
      if (type == null) {
        throw new NullPointerException("type");
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ScalarPlan p && type.equals(p.type);
    }

    @Override
    public int hashCode() {
      return type.hashCode();
    }

    @Override
    public Shape shape() {
      return Shape.SCALAR;
    }

    @Override
    public ScalarPlan asScalar() {
      return this;
    }

    /** The text form, as {@link #print()}. */
    @Override
    public String toString() {
      return print();
    }
  }

  /** One named field of an {@link ObjectPlan}. */
  record Field(String name, ShreddingPlan plan) {
    public Field {
      if (name == null || plan == null) {
        throw new NullPointerException("field name and plan must not be null");
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Field f && name.equals(f.name) && plan.equals(f.plan);
    }

    @Override
    public int hashCode() {
      return 31 * name.hashCode() + plan.hashCode();
    }
  }

  /**
   * An object {@code typed_value} group. Fields keep the order given (the Parquet schema order);
   * names are unique and there is at least one (a Parquet group cannot be empty).
   */
  record ObjectPlan(List<Field> fields, Map<String, Integer> indexByName) implements ShreddingPlan {
    public ObjectPlan(List<Field> fields) {
      this(fields, null);
    }

    public ObjectPlan {
      if (fields.isEmpty()) {
        throw new IllegalArgumentException(
            "an object plan needs at least one field (Parquet groups cannot be empty)");
      }
      fields = List.copyOf(fields);
      Map<String, Integer> index = new HashMap<>();
      for (int i = 0; i < fields.size(); i++) {
        if (index.put(fields.get(i).name(), i) != null) {
          throw new IllegalArgumentException(
              "duplicate field \"" + fields.get(i).name() + "\" in object plan");
        }
      }
      indexByName = Collections.unmodifiableMap(index);
    }

    @Override
    public Shape shape() {
      return Shape.OBJECT;
    }

    @Override
    public ObjectPlan asObject() {
      return this;
    }

    /** Index of field {@code name}, or -1. */
    public int indexOf(String name) {
      Integer i = indexByName.get(name);
      return i == null ? -1 : i;
    }

    /** The plan of field {@code name}, or {@code null}. */
    public ShreddingPlan field(String name) {
      int i = indexOf(name);
      return i < 0 ? null : fields.get(i).plan();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ObjectPlan && ((ObjectPlan) o).fields.equals(fields);
    }

    @Override
    public int hashCode() {
      return fields.hashCode();
    }

    /** The text form, as {@link #print()}. */
    @Override
    public String toString() {
      return print();
    }
  }

  /**
   * An array {@code typed_value} (a Parquet LIST); every element is shredded with {@code element}.
   */
  record ArrayPlan(ShreddingPlan element) implements ShreddingPlan {
    public ArrayPlan {
      if (element == null) {
        throw new NullPointerException("element");
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ArrayPlan p && element.equals(p.element);
    }

    @Override
    public int hashCode() {
      return element.hashCode();
    }

    @Override
    public Shape shape() {
      return Shape.ARRAY;
    }

    @Override
    public ArrayPlan asArray() {
      return this;
    }

    /** The text form, as {@link #print()}. */
    @Override
    public String toString() {
      return print();
    }
  }
}
