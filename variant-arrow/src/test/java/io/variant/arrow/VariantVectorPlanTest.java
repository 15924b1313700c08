// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/** {@link VariantVector#plan()} is derived once per storage, and again when the storage changes. */
class VariantVectorPlanTest {
  @Test
  void planIsKeptWhileTheStorageStaysTheSame() {
    ShreddingPlan plan =
        ShreddingPlan.object(
            Map.of("id", ShreddingPlan.scalar(ShreddedType.of(ShreddedType.Kind.INT64, 0, 0))));
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = VariantVector.create("v", plan, allocator)) {
      ShreddingPlan first = column.plan();
      assertEquals(plan, first);
      assertSame(first, column.plan());
    }
  }

  @Test
  void planFollowsAStorageThatGainsATypedValue() {
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = VariantVector.create("v", ShreddingPlan.residual(), allocator)) {
      assertEquals(ShreddingPlan.residual(), column.plan());
      column
          .getUnderlyingVector()
          .addOrGet(
              StorageFields.TYPED_VALUE,
              FieldType.nullable(new ArrowType.Int(64, true)),
              BigIntVector.class);
      assertEquals(
          ShreddingPlan.scalar(ShreddedType.of(ShreddedType.Kind.INT64, 0, 0)), column.plan());
    }
  }
}
