// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantEquality;
import io.variant.shredding.testkit.ShreddedTree;
import org.junit.jupiter.api.Test;

/** The Javadoc examples of {@link Splitter} and {@link Rebuilder}, kept compiling and true. */
class SplitExamplesTest {
  @Test
  void splitThenRebuild() {
    Variant variant =
        new VariantBuilder()
            .startObject()
            .key("id")
            .appendLong(42)
            .key("note")
            .appendString("hi")
            .endObject()
            .build();

    // Splitter and Rebuilder class examples:
    ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64, \"tags\": [string]}");
    Splitter splitter = Splitter.of(plan, SplitOptions.defaults());
    ShreddedTree row = new ShreddedTree(); // any ShreddedSink: the Parquet writer implements one
    splitter.split(variant, row);
    Rebuilder rebuilder = Rebuilder.of(plan);
    Variant back =
        rebuilder.rebuild(variant.metadata(), row.root()); // row.root() is a ShreddedSource

    assertTrue(VariantEquality.logical(variant, back)); // id comes back as int64: logically equal
    assertEquals(42L, back.field("id").longValue());
    assertArrayEquals(
        variant.metadataBytes(), back.metadataBytes()); // the row's metadata, unchanged
  }
}
