// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Objects keyed by data (package names, versions, ids) are maps: once inference recognizes one, it
 * stops tracking its keys, so they cannot use up the tracked paths that the fields of other rows
 * need.
 */
class MapObjectsTest {
  /**
   * 2,500 package rows whose {@code deps} hold 5 keys never seen before (12,500 in all, more than
   * the 10,000 tracked paths), then 1,000 event rows of other fields.
   */
  static List<Variant> packagesThenEvents() {
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 2500; i++) {
      StringBuilder deps = new StringBuilder();
      for (int j = 0; j < 5; j++) {
        deps.append(j == 0 ? "" : ", ")
            .append(String.format(Locale.ROOT, "\"dep-%05d\": \"^%d.0.0\"", i * 5 + j, j));
      }
      rows.add(
          VariantJson.parse(
              String.format(
                  Locale.ROOT, "{\"name\": \"pkg-%d\", \"deps\": {%s}}", i, deps.toString())));
    }
    String[] reasons = {"Started", "Pulled", "Killing", "BackOff"};
    for (int i = 0; i < 1000; i++) {
      rows.add(
          VariantJson.parse(
              String.format(
                  Locale.ROOT,
                  "{\"reason\": \"%s\", \"count\": %d, \"involvedObject\": {\"kind\": \"Pod\","
                      + " \"uid\": \"%08x-%04x\"}, \"message\": \"container c%d in pod p%d\"}",
                  reasons[i % 4],
                  i % 17,
                  i * 2654435761L & 0xffffffffL,
                  i,
                  i % 7,
                  i)));
    }
    return rows;
  }

  @Test
  void aMapDoesNotUseUpTheTrackedPathsTheNextSourceNeeds() {
    InferenceResult r = PlanInference.infer(packagesThenEvents(), InferenceOptions.defaults());
    String plan = r.plan().print();
    assertEquals(0, r.coverage().untrackedValues(), r.coverage().format());
    assertTrue(plan.contains("\"reason\": string"), plan);
    assertTrue(plan.contains("\"count\": "), plan);
    // examined, whether or not the cost model types them
    assertNotNull(r.explanation().decision("$.involvedObject.uid"), r.explanation().format());
    assertNotNull(r.explanation().decision("$.message"), r.explanation().format());
    assertFalse(plan.contains("dep-"), plan); // the map's keys stay in its residual
    assertTrue(r.coverage().trackedPaths() < 1000, r.coverage().format());
  }

  @Test
  void theExplanationSaysTheObjectIsAMap() {
    InferenceResult r = PlanInference.infer(packagesThenEvents(), InferenceOptions.defaults());
    Explanation.Decision deps = r.explanation().decision("$.deps");
    assertNotNull(deps, r.explanation().format());
    assertFalse(deps.typed());
    assertTrue(deps.reason().startsWith("object: a map keyed by data"), deps.reason());
    assertTrue(deps.reason().contains("its keys are not examined"), deps.reason());
  }

  @Test
  void aMapKeepsTheKeysMostOfItsObjectsHave() {
    // npm's time map: "created" in every object, beside versions no other package has
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      rows.add(
          VariantJson.parse(
              String.format(
                  Locale.ROOT,
                  "{\"time\": {\"created\": \"2020-01-%02dT00:00:00Z\", \"%d.0.0\": \"x\","
                      + " \"%d.1.0\": \"y\"}}",
                  1 + i % 28,
                  i,
                  i)));
    }
    InferenceResult r = PlanInference.infer(rows, InferenceOptions.defaults());
    assertNotNull(r.explanation().decision("$.time.created"), r.explanation().format());
    assertEquals(null, r.explanation().decision("$.time[\"1999.0.0\"]"));
    assertTrue(r.coverage().trackedPaths() < 10, r.coverage().format());
  }

  @Test
  void aWideObjectWhoseKeysRecurIsNoMap() {
    // 400 keys in every row: many keys, but each in every object, as a wide record has them
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      StringBuilder row = new StringBuilder("{");
      for (int k = 0; k < 400; k++) {
        row.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT, "\"k%03d\": %d", k, i));
      }
      rows.add(VariantJson.parse(row.append('}').toString()));
    }
    InferenceResult r =
        PlanInference.infer(rows, InferenceOptions.presenceRule().withMaxTypedColumns(400));
    assertEquals(400, r.coverage().typedColumns(), r.explanation().format());
  }
}
