// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.shredding.ShreddingPlan;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The vectors of one slot of a Variant column (the top level, an object field's group or an array's
 * element group), with those of its nested slots: the tree the sink writes and the source reads,
 * built once per column. spec: VariantShredding §Shredded Value Types.
 */
final class SlotVectors {
  final ShreddingPlan plan;

  /** The struct holding {@code value} and {@code typed_value}: the storage or a group. */
  final StructVector group;

  /** The residual, or {@code null} if the storage has no {@code value} here. */
  final VarBinaryVector value;

  /** The typed part, or {@code null} for a residual plan. */
  final FieldVector typed;

  /** Its Arrow type, or {@code null}. */
  final ArrowType typedType;

  /** For an object plan, one per plan field in plan order; else empty. */
  final SlotVectors[] fields;

  /** For an array plan, the element slot; else {@code null}. */
  final SlotVectors element;

  /** For a scalar plan, the typed column; else {@code null}. */
  final ScalarColumn scalar;

  private SlotVectors(StructVector group, ShreddingPlan plan) {
    this.plan = plan;
    this.group = group;
    this.value = (VarBinaryVector) group.getChild(StorageFields.VALUE);
    this.typed = plan.isShredded() ? group.getChild(StorageFields.TYPED_VALUE) : null;
    this.typedType = typed == null ? null : typed.getField().getType();
    SlotVectors[] f = new SlotVectors[0];
    SlotVectors e = null;
    ScalarColumn s = null;
    switch (plan.shape()) {
      case RESIDUAL -> {}
      case SCALAR -> s = new ScalarColumn(plan.asScalar().type().kind(), typed);
      case OBJECT -> {
        List<ShreddingPlan.Field> planFields = plan.asObject().fields();
        f = new SlotVectors[planFields.size()];
        StructVector object = (StructVector) typed;
        for (int i = 0; i < f.length; i++) {
          ShreddingPlan.Field pf = planFields.get(i);
          f[i] = new SlotVectors((StructVector) object.getChild(pf.name()), pf.plan());
        }
      }
      case ARRAY ->
          e =
              new SlotVectors(
                  (StructVector) ((ListVector) typed).getDataVector(), plan.asArray().element());
    }
    this.fields = f;
    this.element = e;
    this.scalar = s;
  }

  /** The slot tree of a column's storage, which follows {@code plan}. */
  static SlotVectors of(StructVector storage, ShreddingPlan plan) {
    return new SlotVectors(storage, plan);
  }

  boolean hasTyped(int i) {
    return typed != null && !typed.isNull(i);
  }

  boolean hasResidual(int i) {
    return value != null && !value.isNull(i);
  }

  /** The residual at {@code i} over the row's dictionary, or {@code null}. */
  Variant residual(VariantMetadata metadata, int i) {
    if (!hasResidual(i)) {
      return null;
    }
    byte[] bytes = value.get(i);
    return Variant.of(metadata, bytes, 0, bytes.length);
  }

  /** The list vector of an array slot. */
  ListVector list() {
    return (ListVector) typed;
  }
}
