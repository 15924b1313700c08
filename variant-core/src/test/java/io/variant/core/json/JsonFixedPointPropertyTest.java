// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Properties over random JSON texts ({@link RandomJson}), run by {@link Trials} (seeded,
 * reproducible).
 */
class JsonFixedPointPropertyTest {
  @Test
  void renderingIsAFixedPointAfterOneRoundTrip() {
    Trials.run(
        "jsonFixedPoint",
        r -> {
          String s = new RandomJson(r, 5).document();

          String once = VariantJson.toJson(VariantJson.parse(s));
          String twice = VariantJson.toJson(VariantJson.parse(once));

          assertEquals(once, twice, () -> "input: " + s);
        });
  }

  @Test
  void bytesAndTextParseToTheSameVariant() {
    Trials.run(
        "jsonBytesEqualText",
        r -> {
          String s = new RandomJson(r, 5).document();

          Variant fromText = VariantJson.parse(s);
          Variant fromBytes = VariantJson.parse(s.getBytes(StandardCharsets.UTF_8));

          assertTrue(VariantEquality.physical(fromText, fromBytes), () -> "input: " + s);
          assertEquals(VariantJson.toJson(fromText), VariantJson.toJson(fromBytes));
        });
  }

  @Test
  void documentReaderMatchesParsingEachDocument() {
    Trials.run(
        "jsonDocumentReader",
        r -> {
          RandomJson gen = new RandomJson(r, 3);
          List<String> docs = new ArrayList<>();
          for (int i = r.nextInt(6); i > 0; i--) {
            docs.add(gen.document());
          }
          boolean asArray = r.nextBoolean();
          if (!asArray) {
            docs.add(0, "0"); // NDJSON must not start with '[', which means one array of documents
          }
          String input = asArray ? "[" + String.join(",", docs) + "]" : String.join("\n", docs);

          List<String> read = readAll(input);

          List<String> expected = new ArrayList<>();
          for (String d : docs) {
            expected.add(VariantJson.toJson(VariantJson.parse(d)));
          }
          assertEquals(expected, read, "input: " + input);
        });
  }

  private static List<String> readAll(String input) throws IOException {
    List<String> out = new ArrayList<>();
    try (JsonDocumentReader in =
        new JsonDocumentReader(new StringReader(input), JsonOptions.defaults())) {
      for (Variant v = in.next(); v != null; v = in.next()) {
        out.add(VariantJson.toJson(v));
      }
    }
    return out;
  }
}
