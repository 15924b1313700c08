// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ResidualMetadata;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.Test;

/** The shredded storage {@link Shred} writes, read back vector by vector. */
class ShredTest {
  @Test
  void objectFieldsGoToTheirGroupsAndTheRestToTheResidualObject() {
    List<Variant> rows =
        List.of(
            VariantJson.parse("{\"id\": 7, \"tags\": [\"a\", \"b\"], \"x\": true}"),
            VariantJson.parse("{\"tags\": [\"c\"]}"),
            VariantJson.parse("\"text\""));
    ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}");
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = Columns.unshredded(rows, allocator);
        VariantVector shredded = Shred.shred(column, plan)) {
      StructVector typed = (StructVector) shredded.getUnderlyingVector().getChild("typed_value");
      StructVector id = (StructVector) typed.getChild("id");
      BigIntVector idTyped = (BigIntVector) id.getChild("typed_value");
      VarBinaryVector residual = shredded.valueVector();
      ListVector tags =
          (ListVector) ((StructVector) typed.getChild("tags")).getChild("typed_value");
      VarCharVector tagValues =
          (VarCharVector) ((StructVector) tags.getDataVector()).getChild("typed_value");

      assertEquals(7, idTyped.get(0));
      Variant rest = Variant.of(rows.get(0).metadataBytes(), residual.get(0));
      assertEquals("{\"x\":true}", VariantJson.toJson(rest)); // the unshredded field
      assertEquals(
          List.of(0, 2, 3),
          List.of(
              tags.getElementStartIndex(0),
              tags.getElementStartIndex(1),
              tags.getElementEndIndex(1)));
      assertEquals(
          "a b c",
          tagValues.getObject(0) + " " + tagValues.getObject(1) + " " + tagValues.getObject(2));

      assertFalse(id.isNull(1), "a missing field's group is non-null");
      assertTrue(id.getChild("value").isNull(1) && idTyped.isNull(1), "with both parts null");
      assertTrue(residual.isNull(1), "no other fields: no residual");

      assertTrue(typed.isNull(2), "a string is no object: no typed part");
      assertArrayEquals(rows.get(2).valueBytes(), residual.get(2), "the whole value as residual");
    }
  }

  @Test
  void draftLayoutIsRejected() {
    try (RootAllocator allocator = new RootAllocator();
        VariantVector column = Columns.unshredded(List.of(), allocator)) {
      SplitOptions draft = SplitOptions.defaults().withResidualMetadata(ResidualMetadata.EMBEDDED);
      var e =
          assertThrows(
              IllegalArgumentException.class,
              () -> Shred.shred(column, ShreddingPlan.parse("int64"), draft));
      assertTrue(e.getMessage().contains("residual metadata EMBEDDED"), e.getMessage());
    }
  }
}
