package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.shredding.testkit.PlanGen;
import io.variant.testkit.Trials;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PlanTextPropertyTest {
  @Test
  void parseUndoesPrint() {
    Trials.run("parseUndoesPrint", rnd -> {
      ShreddingPlan plan = PlanGen.plan(rnd);
      assertEquals(plan, ShreddingPlan.parse(plan.print()), plan.print());
    });
  }

  @Test
  void printIsCanonical() {
    Trials.run("printIsCanonical", rnd -> {
      String printed = PlanGen.plan(rnd).print();
      assertEquals(printed, ShreddingPlan.parse(printed).print());
    });
  }

  @Test
  void indentedFormParsesToTheSamePlan() {
    Trials.run("indentedFormParsesToTheSamePlan", rnd -> {
      ShreddingPlan plan = PlanGen.plan(rnd);
      assertEquals(plan, ShreddingPlan.parse(PlanText.printIndented(plan)));
    });
  }

  @Test
  void whitespaceBetweenTokensIsIgnored() {
    Trials.run("whitespaceBetweenTokensIsIgnored", rnd -> {
      ShreddingPlan plan = PlanGen.plan(rnd);
      String spaced = respace(plan.print(), rnd);
      assertEquals(plan, ShreddingPlan.parse(spaced), spaced);
    });
  }

  @Test
  void toStringIsThePrintedForm() {
    Trials.run("toStringIsThePrintedForm", rnd -> {
      ShreddingPlan plan = PlanGen.plan(rnd);
      assertEquals(plan.print(), plan.toString());
    });
  }

  /**
   * Rewrites the whitespace between tokens of a printed plan: drops the printer's single spaces or
   * replaces them, and adds runs of space, tab, CR and LF around punctuation. Inside string literals
   * nothing changes.
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
