// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;

/**
 * Coverage-guided fuzzing of the reader, validation, canonicalization and equality over arbitrary
 * (metadata, value) bytes, with the oracle of {@link MutationPropertyTest}: only {@link
 * VariantFormatException} (or {@link VariantLimitException}) may escape, and work stays linear in
 * the input.
 *
 * <p>Input layout: byte 0 is the metadata length L (0..255), bytes 1..L the metadata, the rest the
 * value. The whole input after byte 0 is also read as a draft-layout {@code metadata ‖ value}
 * buffer.
 *
 * <p><b>Regression mode</b> (every {@code mvn verify}): runs the inputs in {@code
 * src/test/resources/io/variant/core/VariantFuzzTestInputs/readAnyBytes/}, which hold valid seeds
 * and every crash found so far.
 *
 * <p><b>Fuzzing mode</b>, bounded by {@code maxDuration} (override with {@code
 * -Djazzer.max_duration=10m}):
 *
 * <pre>{@code
 * JAZZER_FUZZ=1 mvn -B -o -pl variant-core -am test -Dtest=VariantFuzzTest -Dsurefire.failIfNoSpecifiedTests=false
 * }</pre>
 *
 * New crashes are written to the inputs directory above; fix the bug and commit the input.
 */
public class VariantFuzzTest {
  private static final Variant OTHER =
      Variant.of(
          new byte[] {0x11, 0x01, 0x00, 0x01, 0x61},
          new byte[] {0x02, 0x01, 0x00, 0x00, 0x02, 0x0C, 0x2A});

  /**
   * Called once by the standalone driver before fuzzing: loads and JIT-warms the classes an input
   * needs, so that the per-input time bound measures the input and not class loading on a busy
   * machine.
   */
  public static void fuzzerInitialize() {
    fuzzerTestOneInput(new byte[] {3, 0x01, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x02, 0x0C, 0x2A});
  }

  /** The entry point of the standalone Jazzer driver ({@code bin/fuzz}, see FUZZING.md). */
  public static void fuzzerTestOneInput(byte[] input) {
    new VariantFuzzTest().readAnyBytes(input);
  }

  @FuzzTest(maxDuration = "2m")
  void readAnyBytes(byte[] input) {
    if (input.length < 1) {
      return;
    }
    int metadataLength = Math.min(input[0] & 0xFF, input.length - 1);
    byte[] metadata = Arrays.copyOfRange(input, 1, 1 + metadataLength);
    byte[] value = Arrays.copyOfRange(input, 1 + metadataLength, input.length);
    if (metadata.length > 0 && value.length > 0) {
      MutationPropertyTest.check(metadata, value, OTHER);
    }
    Variant concatenated;
    try {
      concatenated = Variant.ofConcatenated(input, 1, input.length - 1);
    } catch (VariantFormatException expected) {
      return;
    }
    MutationPropertyTest.operations(concatenated, OTHER);
  }
}
