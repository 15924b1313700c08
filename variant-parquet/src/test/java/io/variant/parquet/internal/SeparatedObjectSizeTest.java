// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An object none of whose fields pays for a column on its own, sharing the root's residual with
 * other row families and rows that are not objects: typing one of its fields takes the whole object
 * out of that residual into a column of like objects, and the written file shows it pays.
 */
class SeparatedObjectSizeTest {
  private static final String[] WORDS = {
    "the", "of", "and", "to", "in", "is", "you", "that", "it", "he", "was", "for", "on", "are",
    "as", "with", "his", "they", "at", "be", "this", "have", "from", "or", "one", "had", "by"
  };

  /**
   * Tweet-like rows (40%), code-hosting events with an {@code actor} object (30%), reviews (15%)
   * and rows that are arrays (15%), interleaved at random.
   */
  private static List<Variant> rows(int n, long seed) {
    Random r = new Random(seed);
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double p = r.nextDouble();
      String row;
      if (p < 0.40) {
        row =
            String.format(
                Locale.ROOT,
                "{\"created_at\": \"2015-01-01T%02d:%02d:00Z\", \"id\": %d, \"text\": \"%s\","
                    + " \"lang\": \"%s\", \"retweet_count\": %d, \"user\": {\"id\": %d,"
                    + " \"name\": \"%s\", \"screen_name\": \"%s\"}}",
                i % 24,
                r.nextInt(60),
                550_000_000_000_000_000L + i * 1000L + r.nextInt(1000),
                text(r, 5 + r.nextInt(15)),
                new String[] {"en", "pt", "es", "ja", "de", "fr"}[r.nextInt(6)],
                r.nextInt(5000),
                r.nextInt(3_000_000),
                text(r, 2),
                handle(r));
      } else if (p < 0.70) {
        int actor = r.nextInt(3_000_000);
        String login = handle(r);
        row =
            String.format(
                Locale.ROOT,
                "{\"id\": \"%d\", \"type\": \"%s\", \"actor\": {\"id\": %d, \"login\": \"%s\","
                    + " \"display_login\": \"%s\", \"gravatar_id\": \"\","
                    + " \"url\": \"https://api.github.com/users/%s\","
                    + " \"avatar_url\": \"https://avatars.githubusercontent.com/u/%d?\"},"
                    + " \"public\": true, \"created_at\": \"2015-01-01T%02d:%02d:00Z\"}",
                2_489_651_086L + i,
                new String[] {"PushEvent", "WatchEvent", "IssuesEvent", "ForkEvent"}[r.nextInt(4)],
                actor,
                login,
                login,
                login,
                actor,
                i % 24,
                r.nextInt(60));
      } else if (p < 0.85) {
        row =
            String.format(
                Locale.ROOT,
                "{\"reviewerID\": \"A%s\", \"asin\": \"B%09d\", \"overall\": %d.0,"
                    + " \"summary\": \"%s\"}",
                handle(r).toUpperCase(Locale.ROOT),
                r.nextInt(1_000_000_000),
                1 + r.nextInt(5),
                text(r, 2 + r.nextInt(5)));
      } else {
        row = String.format(Locale.ROOT, "[\"heartbeat\", \"%06x\"]", r.nextInt(1 << 24));
      }
      rows.add(VariantJson.parse(row));
    }
    return rows;
  }

  private static String text(Random r, int words) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < words; i++) {
      sb.append(i == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
    }
    return sb.toString();
  }

  private static String handle(Random r) {
    StringBuilder sb = new StringBuilder();
    for (int i = 4 + r.nextInt(7); i > 0; i--) {
      sb.append("abcdefghijklmnopqrstuvwxyz0123456789".charAt(r.nextInt(36)));
    }
    return sb.toString();
  }

  /** {@code plan} without its root field {@code name}. */
  private static ShreddingPlan without(ShreddingPlan plan, String name) {
    List<ShreddingPlan.Field> kept = new ArrayList<>(plan.asObject().fields());
    kept.removeIf(f -> f.name().equals(name));
    return new ShreddingPlan.ObjectPlan(kept);
  }

  @Test
  void anObjectWhoseFieldsDoNotPayAloneIsTypedWhenTakingItOutOfTheRootResidualPays()
      throws IOException {
    List<Variant> rows = rows(3000, 29);
    InferenceResult inferred = PlanInference.infer(rows, InferenceOptions.defaults());
    String why = inferred.explanation().format();

    ShreddingPlan actor = inferred.plan().asObject().field("actor");
    assertNotNull(actor, why);
    assertEquals(1, actor.asObject().fields().size(), why);
    assertTrue(
        inferred
            .explanation()
            .decision("$.actor")
            .reason()
            .contains("out of its parent's residual"),
        why);
    long typed = CheckedPlan.size(rows, inferred.plan());
    long untyped = CheckedPlan.size(rows, without(inferred.plan(), "actor"));
    assertTrue(typed < untyped, "with $.actor typed " + typed + " B, without " + untyped + " B");
  }

  /**
   * {@code $.id} holds strings in the events and integers in the tweets: whichever family is typed,
   * the other one's values leave the root's residual for the field's own value column.
   */
  @Test
  void aFieldOfTwoFamiliesIsTypedWhenItsOtherValuesLeavingTheRootResidualPays() throws IOException {
    List<Variant> rows = rows(3000, 29);
    InferenceResult inferred = PlanInference.infer(rows, InferenceOptions.defaults());
    String why = inferred.explanation().format();

    assertNotNull(inferred.plan().asObject().field("id"), why);
    assertTrue(inferred.explanation().decision("$.id").reason().contains("other values"), why);
    long typed = CheckedPlan.size(rows, inferred.plan());
    long untyped = CheckedPlan.size(rows, without(inferred.plan(), "id"));
    assertTrue(typed < untyped, "with $.id typed " + typed + " B, without " + untyped + " B");
  }
}
