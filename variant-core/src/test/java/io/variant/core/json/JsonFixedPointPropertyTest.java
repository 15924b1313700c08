package io.variant.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Properties over random JSON texts ({@link RandomJson}); {@code -Dvariant.trials=N} trials each (default
 * 500), {@code -Dvariant.seed=S} to reproduce a failure, whose message names the seed.
 */
class JsonFixedPointPropertyTest {
  /** A property body that may throw. */
  interface Trial {
    void run(Random r) throws Exception;
  }

  private static void trials(String property, Trial body) {
    int n = Integer.getInteger("variant.trials", 500);
    long base = Long.getLong("variant.seed", property.hashCode());
    for (int i = 0; i < n; i++) {
      long seed = base + i;
      try {
        body.run(new Random(seed));
      } catch (Throwable t) {
        throw new AssertionError(property + " failed on trial " + (i + 1) + " with seed " + seed
            + " (reproduce: -Dvariant.seed=" + seed + " -Dvariant.trials=1): " + t, t);
      }
    }
    System.out.println("[trials] " + property + ": " + n + " trials passed (base seed " + base + ")");
  }

  @Test
  void renderingIsAFixedPointAfterOneRoundTrip() {
    trials("jsonFixedPoint", r -> {
      String s = new RandomJson(r, 5).document();

      String once = VariantJson.toJson(VariantJson.parse(s));
      String twice = VariantJson.toJson(VariantJson.parse(once));

      assertEquals(once, twice, () -> "input: " + s);
    });
  }

  @Test
  void bytesAndTextParseToTheSameVariant() {
    trials("jsonBytesEqualText", r -> {
      String s = new RandomJson(r, 5).document();

      Variant fromText = VariantJson.parse(s);
      Variant fromBytes = VariantJson.parse(s.getBytes(StandardCharsets.UTF_8));

      assertTrue(VariantEquality.physical(fromText, fromBytes), () -> "input: " + s);
      assertEquals(VariantJson.toJson(fromText), VariantJson.toJson(fromBytes));
    });
  }

  @Test
  void documentReaderMatchesParsingEachDocument() {
    trials("jsonDocumentReader", r -> {
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
    try (JsonDocumentReader in = new JsonDocumentReader(new StringReader(input), JsonOptions.defaults())) {
      for (Variant v = in.next(); v != null; v = in.next()) {
        out.add(VariantJson.toJson(v));
      }
    }
    return out;
  }
}
