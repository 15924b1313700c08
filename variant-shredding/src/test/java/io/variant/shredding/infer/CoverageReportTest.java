// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import static io.variant.shredding.infer.PlanInferenceTest.concat;
import static io.variant.shredding.infer.PlanInferenceTest.infer;
import static io.variant.shredding.testkit.Values.arr;
import static io.variant.shredding.testkit.Values.int8;
import static io.variant.shredding.testkit.Values.integer;
import static io.variant.shredding.testkit.Values.obj;
import static io.variant.shredding.testkit.Values.str;
import static io.variant.shredding.testkit.Values.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.Values;
import io.variant.testkit.Model;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoverageReportTest {
  /** 10 rows {"id": 0..900} with "tags" in the first 4, then {"id": "n/a"}. */
  private static List<Model> sample() {
    List<Model> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      Model tags = i < 2 ? arr(str("a")) : arr(str("a"), str("b"));
      rows.add(i < 4 ? obj("id", integer(i * 100), "tags", tags) : obj("id", integer(i * 100)));
    }
    rows.add(obj("id", str("n/a")));
    return rows;
  }

  @Test
  void rowsFollowThePlanWithTheirCounts() {
    InferenceResult result = infer(sample(), PlanInferenceTest.RULES);
    assertEquals(ShreddingPlan.parse("{\"id\": int16, \"tags\": [string]}"), result.plan());
    assertEquals(
        List.of(
            new CoverageReport.Row("$", 11, 11, 11, "object"),
            new CoverageReport.Row(
                "$.id", 11, 11, 10, "int16"), // 10 of 11 is above 0.9; "n/a" is residual
            new CoverageReport.Row("$.tags", 11, 4, 4, "array"),
            new CoverageReport.Row("$.tags[*]", 6, 6, 6, "string")), // 1 + 1 + 2 + 2 elements
        result.coverage().rows());
  }

  @Test
  void formatsAnAlignedTable() {
    String expected =
        String.join(
            "\n",
            "sampled  present    typed  residual  type    path",
            "     11   100.0%   100.0%      0.0%  object  $",
            "     11   100.0%    90.9%      9.1%  int16   $.id",
            "     11    36.4%   100.0%      0.0%  array   $.tags",
            "      6   100.0%   100.0%      0.0%  string  $.tags[*]",
            "",
            "11 rows sampled; 4 paths tracked, 4 in the plan; 2 typed columns (limit 300)",
            "thresholds: presence 10.0%, dominance 90.0%, depth 50",
            "");
    CoverageReport report = infer(sample(), PlanInferenceTest.RULES).coverage();
    assertEquals(expected, report.format());
    assertEquals(expected, report.toString());
    // a limit the caller set after measuring the plan is not the user's --max-columns
    PlanInference measured = PlanInference.create(PlanInferenceTest.RULES);
    Values.variants(sample()).forEach(measured::add);
    assertTrue(
        measured
            .result(1)
            .coverage()
            .format()
            .contains("; 1 typed columns (the size check's limit 1)\n"),
        measured.result(1).coverage().format());
  }

  @Test
  void percentagesNeverRoundToAnExactShareTheyAreNot() {
    List<Model> rows = concat(times(4999, int8(1)), times(1, str("n/a")));
    String table = infer(rows, PlanInferenceTest.RULES).coverage().format();
    // 4999 of 5000 is 99.98%: printed as >99.9%, and the residual 0.02% as <0.1%
    assertTrue(table.contains("   5000   100.0%   >99.9%     <0.1%  int8  $\n"), table);
  }

  @Test
  void sharesOfNothingShowAsDashAndNaN() {
    CoverageReport report = PlanInference.create(PlanInferenceTest.RULES).result().coverage();
    assertTrue(
        report
            .format()
            .startsWith(
                "sampled  present    typed  residual  type     path\n"
                    + "      0        -        -         -  variant  $\n"),
        report.format());
    CoverageReport.Row root = report.rows().get(0);
    assertTrue(Double.isNaN(root.presentPercent()));
    assertTrue(Double.isNaN(root.typedPercent()));
    assertTrue(Double.isNaN(root.residualPercent()));
  }

  @Test
  void percentMethodsDivideByTheRightTotals() {
    CoverageReport.Row id = infer(sample(), PlanInferenceTest.RULES).coverage().row("$.id");
    assertEquals(100.0, id.presentPercent());
    assertEquals(100.0 * 10 / 11, id.typedPercent());
    assertEquals(100.0 * 1 / 11, id.residualPercent());
    assertEquals(1, id.residual());
  }

  @Test
  void pathsThatNeedQuotingUseBrackets() {
    List<Model> rows =
        List.of(
            obj(
                "a b", int8(1), "x.y", int8(1), "", int8(1), "9lives", int8(1), "名前", int8(1),
                "q\"", int8(1)));
    CoverageReport report = infer(rows, PlanInferenceTest.RULES).coverage();
    List<String> paths = report.rows().stream().map(CoverageReport.Row::path).toList();
    assertEquals(
        List.of(
            "$", "$[\"\"]", "$[\"9lives\"]", "$[\"a b\"]", "$[\"q\\\"\"]", "$[\"x.y\"]", "$.名前"),
        paths);
    assertNull(report.row("$.nothing"));
  }

  @Test
  void reportsUntrackedValuesWhenTheCapIsReached() {
    List<Model> rows = times(2, obj("a", int8(1), "b", int8(1)));
    CoverageReport report = infer(rows, PlanInferenceTest.RULES.withMaxTrackedPaths(2)).coverage();
    assertTrue(
        report.format().endsWith("2 values not examined: the cap of 2 tracked paths was reached\n"),
        report.format());
    assertEquals(2, report.untrackedValues());
  }
}
