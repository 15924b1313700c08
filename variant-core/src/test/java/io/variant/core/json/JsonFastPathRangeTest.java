// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonBytesParser} reads its range {@code [off, off+len)} and nothing else: a document cut
 * short is taken as the shorter document it is or declined (never completed by the bytes after the
 * range, never an exception), and a document inside a larger buffer parses as on its own. What it
 * declines, the jackson path reports.
 */
class JsonFastPathRangeTest {
  /** Bytes before a document that would close, continue or quote it if they were read. */
  private static final byte[] BEFORE = "x,]}\": ".getBytes(StandardCharsets.UTF_8);

  /** Bytes after a document that would complete a cut one if they were read. */
  private static final byte[] AFTER = "\"]},1:".getBytes(StandardCharsets.UTF_8);

  private final JsonOptions options = JsonOptions.defaults();

  @Test
  void everyPrefixParsesAsItsOwnDocumentOrIsDeclined() throws Exception {
    for (String doc : JsonFastPathTest.fastDocuments()) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      byte[] padded = padded(utf8);
      for (int len = 0; len < utf8.length; len++) {
        byte[] exact = Arrays.copyOf(utf8, len);
        Variant expected = jacksonOrNull(exact);
        String what = doc + " cut to " + len + " bytes";
        assertParses(expected, exact, 0, len, what + " (end of the array)");
        assertParses(expected, utf8, 0, len, what + " (the rest of it after the range)");
        assertParses(expected, padded, BEFORE.length, len, what + " (inside other bytes)");
      }
    }
  }

  @Test
  void aDocumentInsideOtherBytesParsesAsOnItsOwn() throws Exception {
    for (String doc : JsonFastPathTest.fastDocuments()) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      assertParses(jacksonOrNull(utf8), padded(utf8), BEFORE.length, utf8.length, doc);
    }
  }

  /** Malformed documents whose broken part is one the fast path scans itself. */
  static List<String> malformedDocuments() {
    return List.of(
        "t",
        "tru",
        "trux",
        "nul",
        "nulL",
        "fals",
        "falsy",
        "[tru]",
        "{\"a\":1x",
        "{\"a\":1 x}",
        "[1x",
        "[1 2]",
        "[1,]",
        "[,1]",
        "{,}",
        "{\"a\"1}",
        "{\"a\":}",
        "{\"a\":1,}",
        "{\"a\":1 \"b\":2}",
        "{1:2}",
        "{\"a\":1}}",
        "[]]",
        "\"a\u0001b\"",
        "\"a\u0000b\"",
        "[\"" + "x".repeat(20) + "\u001f\"]",
        "\"\\x\"",
        "\"\\u12\"",
        "\"\\u12G4\"",
        "\"\\uD800\"",
        "\"\\uD800x\"",
        "\"\\uD800\\u0041\"",
        "\"\\uD800\\n\"",
        "\"\\uDC00\"",
        "\"abc",
        "\"ab\\",
        "\"ab\\n",
        "-",
        "-x",
        "--1",
        "+1",
        ".5",
        "01",
        "1.",
        "1.e5",
        "1e",
        "1e+",
        "[1e]",
        "[1E-]");
  }

  @Test
  void malformedDocumentsAreDeclinedAndTheJacksonPathReportsThem() {
    for (String doc : malformedDocuments()) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      assertFalse(fast(utf8, 0, utf8.length), doc);
      assertFalse(fast(padded(utf8), BEFORE.length, utf8.length), doc + " inside other bytes");
      assertThrows(VariantJsonException.class, () -> VariantJson.parse(utf8), doc);
    }
  }

  @Test
  void invalidUtf8InAStringIsDeclined() {
    for (String doc :
        new String[] {"\"a?\"", "[\"?\"]", "{\"k\": \"" + "x".repeat(20) + "?y\"}", "\"?\\n\""}) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      int at = doc.indexOf('?');
      utf8[at] = (byte) 0xC3; // a lead byte followed by no continuation byte
      assertFalse(fast(utf8, 0, utf8.length), doc);
      utf8[at] = (byte) 0xFF; // never valid in UTF-8
      assertFalse(fast(utf8, 0, utf8.length), doc);
    }
  }

  /**
   * An exponent of more than 18 digits wraps around in a long: it must not be read as its remainder
   * ({@code 18446744073709551621} is 2^64 + 5, not 5).
   */
  @Test
  void anExponentBeyondALongIsNotReadModulo() {
    for (String doc : new String[] {"1e18446744073709551621", "[1e-18446744073709551621]"}) {
      byte[] utf8 = doc.getBytes(StandardCharsets.UTF_8);
      assertFalse(fast(utf8, 0, utf8.length), doc);
      assertThrows(VariantJsonException.class, () -> VariantJson.parse(utf8), doc);
    }
  }

  private static byte[] padded(byte[] utf8) {
    byte[] padded = new byte[BEFORE.length + utf8.length + AFTER.length];
    System.arraycopy(BEFORE, 0, padded, 0, BEFORE.length);
    System.arraycopy(utf8, 0, padded, BEFORE.length, utf8.length);
    System.arraycopy(AFTER, 0, padded, BEFORE.length + utf8.length, AFTER.length);
    return padded;
  }

  private boolean fast(byte[] buf, int off, int len) {
    return new JsonBytesParser()
        .parse(buf, off, len, false, new VariantBuilder(options.builderOptions()), 1000);
  }

  /** The fast path takes exactly what the jackson path accepts, with the same bytes. */
  private void assertParses(Variant expected, byte[] buf, int off, int len, String what) {
    VariantBuilder b = new VariantBuilder(options.builderOptions());
    boolean taken =
        new JsonBytesParser().parse(buf, off, len, false, b, options.limits().maxDepth());
    if (expected == null) {
      assertFalse(taken, what + ": the jackson path rejects it");
      return;
    }
    assertTrue(taken, what + ": left to jackson");
    Variant v = b.build();
    assertArrayEquals(expected.metadataBytes(), v.metadataBytes(), what);
    assertArrayEquals(expected.valueBytes(), v.valueBytes(), what);
  }

  /** The jackson path's value, or null where it reports an error. */
  private Variant jacksonOrNull(byte[] utf8) throws Exception {
    try {
      Utf8Input.requireValid(utf8, 0, utf8.length);
      try (JsonParser p = VariantJson.factory(options.limits()).createParser(utf8)) {
        return VariantJson.parseDocument(p, new VariantBuilder(options.builderOptions()), options);
      }
    } catch (VariantJsonException e) {
      return null;
    }
  }
}
