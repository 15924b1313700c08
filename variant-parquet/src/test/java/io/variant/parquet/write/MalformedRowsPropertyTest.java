// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.write;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.schema.VariantSchema;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.util.Random;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;

/**
 * Bad input never crashes the writer: a Variant with flipped, truncated or forged bytes is either
 * written or rejected with a {@link VariantException} (a format, limit or shredding error naming
 * what is wrong), never an {@code ArrayIndexOutOfBoundsException}, {@code NullPointerException} or
 * the like. Both layouts and both metadata policies, since re-basing reads the whole value.
 */
class MalformedRowsPropertyTest {
  private static final Gen.Config SMALL =
      Gen.Config.defaults()
          .withMaxDepth(3)
          .withMaxFields(5)
          .withMaxElements(4)
          .withAllowLarge(false)
          .withBudgetBytes(2_000);

  @Test
  void corruptRowsAreWrittenOrRejectedWithAVariantException() {
    Trials.run(
        "writerRejectsCorruptRowsCleanly",
        rnd -> {
          Variant v = Gen.variant(rnd, SMALL);
          ShreddingPlan plan =
              rnd.nextBoolean() ? ShapePlans.planFor(rnd, v) : PlanGen.plan(rnd, 3);
          ShreddingLayout layout = rnd.nextBoolean() ? ShreddingLayout.SPEC : ShreddingLayout.DRAFT;
          VariantColumn column =
              VariantColumn.of("v", plan)
                  .withLayout(layout)
                  .withMetadataPolicy(
                      MetadataPolicy.values()[rnd.nextInt(MetadataPolicy.values().length)]);
          GroupType group = VariantSchema.toParquet("v", plan, layout, Type.Repetition.OPTIONAL);
          VariantColumnWriter writer = VariantColumnWriter.bind(column, group);
          Variant bad;
          try {
            bad = corrupt(rnd, v.metadataBytes(), v.valueBytes());
          } catch (VariantException e) {
            return; // rejected when wrapped: nothing reaches the writer
          }
          try {
            writer.write(new RecordingConsumer(), 0, bad);
          } catch (VariantException e) {
            assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
          } catch (RuntimeException e) {
            throw new AssertionError("writing a corrupt Variant threw " + e, e);
          }
        });
  }

  /** One of: a flipped byte in the value or metadata, a truncated value, a forged 4-byte length. */
  private static Variant corrupt(Random rnd, byte[] metadata, byte[] value) {
    switch (rnd.nextInt(4)) {
      case 0 -> value[rnd.nextInt(value.length)] ^= (byte) (1 << rnd.nextInt(8));
      case 1 -> metadata[rnd.nextInt(metadata.length)] ^= (byte) (1 << rnd.nextInt(8));
      case 2 -> value = java.util.Arrays.copyOf(value, 1 + rnd.nextInt(value.length));
      default -> {
        int at = rnd.nextInt(value.length);
        for (int i = at; i < Math.min(value.length, at + 4); i++) {
          value[i] = (byte) 0xFF;
        }
      }
    }
    return Variant.of(metadata, value);
  }
}
