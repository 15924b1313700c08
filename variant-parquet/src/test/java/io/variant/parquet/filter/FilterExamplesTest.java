// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

/** The Javadoc examples of this package, kept compiling and true. */
class FilterExamplesTest {
  @Test
  void variantPredicateExample() {
    MessageType fileSchema =
        new MessageType(
            "m",
            VariantSchema.toParquet(
                "event",
                ShreddingPlan.parse("{\"user\": {\"age\": int8}}"),
                ShreddingLayout.SPEC,
                Type.Repetition.OPTIONAL));
    VariantRecord row =
        VariantRecord.builder()
            .set("event", VariantJson.parse("{\"user\": {\"age\": 21}}"))
            .build();

    VariantPredicate p =
        VariantPredicate.between("event", "$.user.age", Literal.of(18), Literal.of(30));
    FilterCompat.Filter f =
        p.toParquetFilter(fileSchema); // NOOP when the path is not fully shredded
    boolean hit = p.test(row.variant("event")); // the exact answer for one row

    assertNotEquals(FilterCompat.NOOP, f);
    assertTrue(hit);
  }
}
