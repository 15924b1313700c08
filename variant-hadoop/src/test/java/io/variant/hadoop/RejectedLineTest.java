// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.variant.core.internal.NdjsonLines;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A line of a rejects file, as both engines of {@code variant convert} write it. */
class RejectedLineTest {
  @Test
  void writesItsKeysInVariantOrderAndReadsThemBack() {
    RejectedLine line = new RejectedLine("in.ndjson", 3, 7, "Invalid JSON: x", "{\"a\": }\r");

    String json = line.toJson();

    assertEquals(
        "{\"column\":7,\"file\":\"in.ndjson\",\"line\":3,\"reason\":\"Invalid JSON: x\","
            + "\"text\":\"{\\\"a\\\": }\\r\"}",
        json);
    assertEquals(line, RejectedLine.parse(json));
    RejectedLine noText = new RejectedLine("in.ndjson.gz", 9, 0, "truncated", null);
    assertNull(RejectedLine.parse(noText.toJson()).text());
    assertEquals(noText.withLine(12), RejectedLine.parse(noText.withLine(12).toJson()));
    assertThrows(IllegalArgumentException.class, () -> RejectedLine.parse("{\"file\":\"x\"}"));
  }

  @Test
  void theTextIsTheLinesFirstBytesWithInvalidUtf8Replaced() {
    byte[] bad = {'{', (byte) 0xC3, '}'};
    assertEquals("{\uFFFD}", RejectedLine.text(bad, bad.length));
    byte[] long_ = "é".repeat(NdjsonLines.REJECTED_TEXT_BYTES).getBytes(StandardCharsets.UTF_8);
    long_ = Arrays.copyOf(long_, NdjsonLines.REJECTED_TEXT_BYTES + 1); // ends inside a character
    String text = RejectedLine.text(long_, long_.length);
    assertEquals("é".repeat(NdjsonLines.REJECTED_TEXT_BYTES / 2), text); // cut between characters
  }
}
