// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.variant.core.Variant;
import io.variant.testkit.HangGuard;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A string or number that {@link JsonBytesParser} declines ends its pass: it never resumes the
 * document at another position that happens to make it valid. The bytes before a document's range
 * (which would turn each malformed document here into a string inside an array) and the position
 * where the previous row's escaped string ended (each broken row here is as long as the valid row
 * before it) are both out of its reach. An expected key is taken only where it stands between the
 * quotes, not one byte earlier.
 */
class JsonFastPathResumeTest {
  /** A prefix that, read before a document, opens an element that is a string up to its '"'. */
  private static final String PREFIX = ",\"";

  @Test
  void aDeclinedValueIsNotCompletedByTheBytesBeforeItsRange() {
    String[] malformed = {
      "[\"]", // a string cut short
      "[-,\"]", // a minus sign without digits
      "[x,\"]", // no value at all
      "[1.,\"]", // a fraction without digits
      "[1e,\"]", // an exponent without digits
      "[1e400,\"]" // a double out of range
    };
    JsonRowParser rows = VariantJson.rowParser();
    for (String doc : malformed) {
      byte[] buf = (PREFIX + doc).getBytes(StandardCharsets.UTF_8);
      int off = PREFIX.length();
      assertThrows(
          VariantJsonException.class,
          () -> rows.parse(buf, off, buf.length - off),
          doc + " after " + PREFIX);
    }
  }

  @Test
  void aBrokenStringDoesNotResumeWhereThePreviousRowsStringEnded() {
    String[][] validThenBroken = {
      {"[\"\\nab\"]", "[\"\\n\u0001b\"]"}, // a control character after an escape
      {"[\"\\nab\"]", "[\"\\xab\"]"}, // an escape JSON does not have
      {"[\"\\u0041\"]", "[\"\\u00G1\"]"}, // a \\u escape that is not hexadecimal
      {"[\"\\uD83D\\uDE00\"]", "[\"\\uD83D\\u0041\"]"}, // a high surrogate without its low one
      {"[\"\\u0041\"]", "[\"\\uDC00\"]"}, // a low surrogate alone
      {"\"\\nab\"", "\"\\nabc"} // a string cut short after an escape
    };
    for (String[] rowPair : validThenBroken) {
      JsonRowParser rows = VariantJson.rowParser();
      Variant first = rows.parse(rowPair[0].getBytes(StandardCharsets.UTF_8));
      assertEquals(VariantJson.toJson(VariantJson.parse(rowPair[0])), VariantJson.toJson(first));
      byte[] broken = rowPair[1].getBytes(StandardCharsets.UTF_8);
      assertThrows(VariantJsonException.class, () -> rows.parse(broken), rowPair[1]);
    }
  }

  @Test
  void aNulAfterAnEscapeIsRefusedWithoutLooping() {
    JsonRowParser rows = VariantJson.rowParser();
    byte[] json = "[\"\\n\u0000\"]".getBytes(StandardCharsets.UTF_8);
    assertTimeoutPreemptively(
        HangGuard.seconds(10),
        () -> assertThrows(VariantJsonException.class, () -> rows.parse(json)));
  }

  @Test
  void anExpectedKeyIsMatchedOnlyBetweenItsOwnQuotes() {
    // Each first row teaches the builder a key that equals the byte before the next row's key.
    String[][] rowPairs = {
      {"{\"{\":1}", "{\"x\":1}"},
      {"{\"a\":1,\",\":2}", "{\"a\":1,\"y\":2}"},
      {"{\"a\":1, \" \":2}", "{\"a\":1, \"y\":2}"}
    };
    for (String[] rowPair : rowPairs) {
      JsonRowParser rows = VariantJson.rowParser();
      for (String row : rowPair) {
        for (int round = 0; round < 2; round++) {
          assertEquals(
              VariantJson.toJson(VariantJson.parse(row)),
              VariantJson.toJson(rows.parse(row.getBytes(StandardCharsets.UTF_8))),
              row);
        }
      }
    }
  }
}
