// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlanTextPropertyTest {
  @Test
  void parseUndoesPrint() {
    Trials.run(
        "parseUndoesPrint",
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd);
          assertEquals(plan, ShreddingPlan.parse(plan.print()), plan.print());
        });
  }

  @Test
  void printIsCanonical() {
    Trials.run(
        "printIsCanonical",
        rnd -> {
          String printed = PlanGen.plan(rnd).print();
          assertEquals(printed, ShreddingPlan.parse(printed).print());
        });
  }

  @Test
  void indentedFormParsesToTheSamePlan() {
    Trials.run(
        "indentedFormParsesToTheSamePlan",
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd);
          assertEquals(plan, ShreddingPlan.parse(PlanText.printIndented(plan)));
        });
  }

  @Test
  void whitespaceBetweenTokensIsIgnored() {
    Trials.run(
        "whitespaceBetweenTokensIsIgnored",
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd);
          String spaced = respace(plan.print(), rnd);
          assertEquals(plan, ShreddingPlan.parse(spaced), spaced);
        });
  }

  @Test
  void toStringIsThePrintedForm() {
    Trials.run(
        "toStringIsThePrintedForm",
        rnd -> {
          ShreddingPlan plan = PlanGen.plan(rnd);
          assertEquals(plan.print(), plan.toString());
        });
  }

  @Test
  void planGenCoversEveryNodeKindDecimalEdgeAndKeyKind() {
    Set<String> seen = new HashSet<>();
    Random rnd = new Random(2026);
    for (int i = 0; i < 2000; i++) {
      collect(PlanGen.plan(rnd), false, false, seen);
    }
    for (ShreddedType.Kind k : ShreddedType.Kind.values()) {
      assertTrue(seen.contains(k.text()), "kind " + k);
    }
    for (String s :
        List.of(
            "decimal(1,0)",
            "decimal(1,1)",
            "decimal(9,9)",
            "decimal(10,0)",
            "decimal(18,18)",
            "decimal(19,0)",
            "decimal(38,0)",
            "decimal(38,38)",
            "variant",
            "object",
            "array",
            "object in array",
            "array in object",
            "variant element",
            "key non-ascii",
            "key supplementary",
            "key escaped",
            "key empty")) {
      assertTrue(seen.contains(s), s);
    }
  }

  private static void collect(
      ShreddingPlan plan, boolean inArray, boolean inObject, Set<String> seen) {
    if (plan instanceof ShreddingPlan.ObjectPlan o) {
      seen.add(inArray ? "object in array" : "object");
      for (ShreddingPlan.Field f : o.fields()) {
        String k = f.name();
        seen.add(
            k.isEmpty()
                ? "key empty"
                : k.codePoints().anyMatch(c -> c > 0xFFFF)
                    ? "key supplementary"
                    : k.chars().anyMatch(c -> c < 0x20 || c == '"' || c == '\\')
                        ? "key escaped"
                        : k.chars().anyMatch(c -> c > 0x7F) ? "key non-ascii" : "key ascii");
        collect(f.plan(), false, true, seen);
      }
    } else if (plan instanceof ShreddingPlan.ArrayPlan a) {
      seen.add(inObject ? "array in object" : "array");
      if (!a.element().isShredded()) {
        seen.add("variant element");
      }
      collect(a.element(), true, false, seen);
    } else {
      seen.add(plan.print());
      if (plan instanceof ShreddingPlan.ScalarPlan s) {
        seen.add(s.type().kind().text());
      }
    }
  }

  /**
   * Rewrites the whitespace between tokens of a printed plan: drops the printer's single spaces or
   * replaces them, and adds runs of space, tab, CR and LF around punctuation. Inside string
   * literals nothing changes.
   */
  private static String respace(String printed, Random rnd) {
    StringBuilder out = new StringBuilder(spaces(rnd));
    boolean inString = false;
    for (int i = 0; i < printed.length(); i++) {
      char c = printed.charAt(i);
      if (inString) {
        out.append(c);
        if (c == '\\') {
          out.append(printed.charAt(++i));
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
        out.append(c);
      } else if (c == ' ') {
        out.append(spaces(rnd));
      } else if ("{}[](),:".indexOf(c) >= 0) {
        out.append(spaces(rnd)).append(c).append(spaces(rnd));
      } else {
        out.append(c);
      }
    }
    return out.append(spaces(rnd)).toString();
  }

  private static String spaces(Random rnd) {
    StringBuilder sb = new StringBuilder();
    int n = rnd.nextInt(3);
    for (int i = 0; i < n; i++) {
      sb.append(" \t\r\n".charAt(rnd.nextInt(4)));
    }
    return sb.toString();
  }
}
