// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.variant.core.DuplicateKeys;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.core.VariantLimitException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Coverage-guided fuzzing of {@link VariantJson#parse(byte[])} over arbitrary bytes: it returns a
 * Variant or throws {@link VariantJsonException} / {@link VariantLimitException}, nothing else (no
 * jackson exception, no {@code UncheckedIOException}, no AIOOBE). When it returns, the Variant
 * validates, renders to JSON that is a fixed point of one more round trip, and equals what {@link
 * VariantJson#parse(String)} gives for the same text. Each input is also parsed with duplicate keys
 * {@code LAST_WINS} and with a small depth limit, so the limit paths run too.
 *
 * <p><b>Regression mode</b> (every {@code mvn verify}): runs the inputs in {@code
 * src/test/resources/io/variant/core/json/JsonFuzzTestInputs/parseAnyBytes/}: seeds and every crash
 * found so far.
 *
 * <p><b>Fuzzing mode</b>, bounded by {@code maxDuration} (override with {@code
 * -Djazzer.max_duration=10m}):
 *
 * <pre>{@code
 * JAZZER_FUZZ=1 mvn -B -o -pl variant-core -am test -Dtest=JsonFuzzTest -Dsurefire.failIfNoSpecifiedTests=false
 * }</pre>
 *
 * New crashes are written to the inputs directory above; fix the bug and commit the input.
 */
public class JsonFuzzTest {
  private static final JsonOptions LAST_WINS =
      JsonOptions.defaults().withDuplicateKeys(DuplicateKeys.LAST_WINS);
  private static final JsonOptions SHALLOW =
      JsonOptions.defaults().withLimits(Limits.defaults().withMaxDepth(3));

  /**
   * Called once by the standalone driver before fuzzing: loads and JIT-warms the classes an input
   * needs, so that the per-input time bound measures the input and not class loading on a busy
   * machine.
   */
  public static void fuzzerInitialize() {
    fuzzerTestOneInput(
        "{\"a\": [1, 2.5, \"x\", null, true]}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** The entry point of the standalone Jazzer driver ({@code bin/fuzz}, see FUZZING.md). */
  public static void fuzzerTestOneInput(byte[] input) {
    new JsonFuzzTest().parseAnyBytes(input);
  }

  @FuzzTest(maxDuration = "2m")
  void parseAnyBytes(byte[] input) {
    Variant fromBytes = parseOrNull(input, JsonOptions.defaults());
    parseOrNull(input, LAST_WINS);
    parseOrNull(input, SHALLOW);
    if (fromBytes == null) {
      return;
    }
    fromBytes.validate();
    String text = decodeStrictly(input);
    if (text != null
        && !text.startsWith(
            "\uFEFF")) { // parse(byte[]) skips a byte order mark; parse(String) need not
      Variant fromText = VariantJson.parse(text);
      assertTrue(
          VariantEquality.physical(fromBytes, fromText), () -> "bytes and text differ: " + text);
    }
    String once;
    try {
      once = VariantJson.toJson(fromBytes);
    } catch (VariantLimitException tooLong) {
      return; // a long enough document can render past maxValueBytes characters
    }
    assertEquals(
        once, VariantJson.toJson(VariantJson.parse(once)), "rendering is not a fixed point");
  }

  /**
   * The parsed Variant, or null after one of the two allowed exceptions; anything else fails the
   * input.
   */
  private static Variant parseOrNull(byte[] input, JsonOptions options) {
    try {
      return VariantJson.parse(input, options);
    } catch (VariantJsonException e) {
      assertTrue(e.line() >= 1 && e.column() >= 1, () -> "no position in " + e);
      return null;
    } catch (VariantLimitException e) {
      return null;
    }
  }

  private static String decodeStrictly(byte[] input) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(input))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
