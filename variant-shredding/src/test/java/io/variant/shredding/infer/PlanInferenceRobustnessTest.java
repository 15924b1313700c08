// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import io.variant.shredding.ShreddingPlan;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Malformed and hostile Variants: a clear VariantFormatException, never another exception or a
 * hang.
 */
class PlanInferenceRobustnessTest {
  private static final byte[] KEYS_A_B = {
    0x11, 0x02, 0x00, 0x01, 0x02, 'a', 'b'
  }; // sorted, 2 keys, offsets 0 1 2

  @Test
  void truncatedObjectFailsWithItsByteOffset() {
    // object header 0x02, field count 5, then nothing: the id and offset tables are missing
    Variant v = Variant.of(KEYS_A_B, new byte[] {0x02, 0x05});
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    VariantFormatException e = assertThrows(VariantFormatException.class, () -> inference.add(v));
    assertEquals(1, e.byteOffset()); // the count byte
    assertTrue(e.getMessage().contains("5 elements"), e.getMessage());
  }

  @Test
  void offsetsSharingSubValuesCannotMakeInferenceExponential() {
    // 30 nested objects {"a": x, "b": x} whose two fields point at the same bytes: 2^30 paths to
    // walk
    byte[] value = {0x0C, 0x01}; // int8 1
    for (int level = 0; level < 30; level++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(0x02); // object, 1-byte ids and offsets
      out.write(2); // 2 fields
      out.write(0); // id of "a"
      out.write(1); // id of "b"
      out.write(0); // "a" starts at 0
      out.write(0); // "b" starts at 0 too: the same sub-value
      out.write(value.length); // end of the data
      out.writeBytes(value);
      value = out.toByteArray();
    }
    Variant shared = Variant.of(KEYS_A_B, value);
    PlanInference inference = PlanInference.create(InferenceOptions.defaults());
    VariantFormatException e =
        assertThrows(VariantFormatException.class, () -> inference.add(shared));
    assertEquals(0, e.byteOffset());
    assertTrue(e.getMessage().contains("offsets point at the same sub-values"), e.getMessage());
  }

  @Test
  void anOrdinaryTreeNeverHitsTheSharingBound() {
    Trials.run(
        "anOrdinaryTreeNeverHitsTheSharingBound",
        rnd -> {
          PlanInference inference =
              PlanInference.create(InferenceOptions.defaults().withMaxDepth(1000));
          inference.add(Gen.variant(rnd));
          inference.result();
        });
  }

  @Test
  void corruptedBytesGiveVariantFormatExceptionOrAResult() {
    Trials.run(
        "corruptedBytesGiveVariantFormatExceptionOrAResult",
        rnd -> {
          Variant original = Gen.variant(rnd);
          byte[] value = original.valueBytes();
          byte[] metadata = original.metadataBytes();
          int flips = 1 + rnd.nextInt(4);
          for (int i = 0; i < flips; i++) {
            byte[] target = rnd.nextInt(4) == 0 ? metadata : value;
            target[rnd.nextInt(target.length)] ^= (byte) (1 << rnd.nextInt(8));
          }
          if (rnd.nextInt(4) == 0) {
            value = java.util.Arrays.copyOf(value, 1 + rnd.nextInt(value.length)); // truncated
          }
          PlanInference inference = PlanInference.create(InferenceOptions.defaults());
          try {
            inference.add(Variant.of(metadata, value));
          } catch (VariantFormatException expected) {
            return; // the only acceptable failure
          }
          ShreddingPlan plan = inference.result().plan();
          assertEquals(plan, ShreddingPlan.parse(plan.print()));
        });
  }
}
