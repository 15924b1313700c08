// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.schema.ShreddingLayout;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddedType;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.testkit.DatasetGen;
import io.variant.shredding.testkit.PlanGen;
import io.variant.shredding.testkit.ShapePlans;
import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code select --where} keeps exactly the rows {@code get --where} keeps, with the same values: on
 * generated rows {@code {"id": i, "d": <generated Variant>}} (some SQL NULL), written in the spec
 * and the draft layout, unshredded and shredded by a plan drawn from a row or at random, in small
 * row groups (so statistics skip some); random clauses ({@code =}, {@code !=}, {@code <}, {@code
 * <=}, {@code >}, {@code >=}, {@code between}, {@code in}, {@code is [not] null}, joined by {@code
 * and}, {@code or}, {@code not}) on paths and with literals taken from the rows. {@code select
 * $.id::bigint PATH} must print, row for row, what {@code get $.id} and {@code get PATH} print;
 * select reads only the columns of {@code $.id}, the path and the clause, so the projection is
 * tested too.
 */
class SelectWherePropertyTest {
  private static final int TRIALS = Math.max(8, Trials.trials() / 50);
  private static final int CLAUSES = 3;

  @TempDir Path tmp;

  @Test
  void selectKeepsTheRowsGetKeeps() {
    AtomicLong attempted = new AtomicLong();
    AtomicLong compared = new AtomicLong();
    AtomicLong matched = new AtomicLong();
    Trials.run(
        "selectKeepsTheRowsGetKeeps",
        TRIALS,
        rnd -> {
          List<Variant> data = data(rnd);
          ShreddingPlan plan = plan(rnd, data);
          for (ShreddingLayout layout : ShreddingLayout.values()) {
            Path file = write(data, plan, layout, rnd);
            for (int q = 0; q < CLAUSES; q++) {
              String clause = clause(rnd, data, 0);
              String path = "$.d" + path(rnd, data).toString().substring(1);
              String what = layout + " plan " + plan + " where " + clause + " path " + path;
              CliRunner.Result ids =
                  CliRunner.run("", "get", file.toString(), "$.id", "--where", clause);
              CliRunner.Result values =
                  CliRunner.run("", "get", file.toString(), path, "--where", clause);
              CliRunner.Result select =
                  CliRunner.run(
                      "", "select", file.toString(), "$.id::bigint", path, "--where", clause);
              attempted.incrementAndGet();
              assertEquals(ids.exitCode(), select.exitCode(), what + ": " + select.err());
              if (ids.exitCode() != 0) {
                continue; // a clause whose path or literal does not parse: both refuse it
              }
              assertEquals(0, values.exitCode(), what + ": " + values.err());
              assertEquals(expected(ids.out(), values.out(), path), select.out(), what);
              compared.incrementAndGet();
              matched.addAndGet(select.out().lines().count());
            }
          }
        });
    System.out.printf(
        "[select where] %d clauses compared, %d rows matched%n", compared.get(), matched.get());
    assertTrue(
        compared.get() * 2 >= attempted.get(),
        "too few clauses parsed: " + compared.get() + " of " + attempted.get());
    assertTrue(matched.get() > 0 || attempted.get() < 20, "no row ever matched");
  }

  /** select's lines from get's: {@code {"$.id::bigint":ID,"PATH":VALUE}} per row. */
  private static String expected(String ids, String values, String path) {
    List<String> i = ids.lines().toList();
    List<String> v = values.lines().toList();
    assertEquals(i.size(), v.size());
    StringBuilder label = new StringBuilder();
    JsonStringEncoder.getInstance().quoteAsString(path, label);
    StringBuilder out = new StringBuilder();
    for (int row = 0; row < i.size(); row++) {
      out.append("{\"$.id::bigint\":").append(i.get(row));
      out.append(",\"").append(label).append("\":").append(v.get(row)).append("}\n");
    }
    return out.toString();
  }

  /** Up to 40 rows {"id": i, "d": value}, about one in ten SQL NULL. */
  private static List<Variant> data(Random rnd) {
    List<Variant> values = new ArrayList<>();
    if (rnd.nextBoolean()) {
      for (Model m : DatasetGen.rows(rnd)) {
        values.add(m.build());
      }
    } else {
      for (int i = 0; i < 1 + rnd.nextInt(40); i++) {
        values.add(Gen.variant(rnd));
      }
    }
    List<Variant> rows = new ArrayList<>();
    for (int i = 0; i < Math.min(40, values.size()); i++) {
      if (rnd.nextInt(10) == 0) {
        rows.add(null);
        continue;
      }
      VariantBuilder b = new VariantBuilder();
      b.startObject();
      b.key("id").appendInteger(VariantType.INT64, i);
      b.key("d").appendVariant(values.get(i));
      rows.add(b.endObject().build());
    }
    return rows;
  }

  /** Unshredded, or {"id": int64, "d": PLAN} with PLAN shaped like a row's value or random. */
  private static ShreddingPlan plan(Random rnd, List<Variant> rows) {
    List<Variant> present = rows.stream().filter(v -> v != null).toList();
    if (present.isEmpty() || rnd.nextInt(4) == 0) {
      return ShreddingPlan.residual();
    }
    Map<String, ShreddingPlan> fields = new LinkedHashMap<>();
    fields.put("id", ShreddingPlan.scalar(ShreddedType.INT64));
    fields.put(
        "d",
        rnd.nextInt(3) == 0
            ? PlanGen.plan(rnd)
            : ShapePlans.planFor(rnd, present.get(rnd.nextInt(present.size())).field("d")));
    return ShreddingPlan.object(fields);
  }

  private Path write(List<Variant> rows, ShreddingPlan plan, ShreddingLayout layout, Random rnd)
      throws IOException {
    Path file = tmp.resolve("t-" + layout + ".parquet");
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .variantColumn("v", plan)
            .layout(layout)
            .rowGroupRowLimit(1 + rnd.nextInt(12))
            .overwrite()
            .build()) {
      for (Variant v : rows) {
        w.write(VariantRecord.builder().set("v", v).build());
      }
    }
    return file;
  }

  /** A path into a row's {@code d}, up to three steps, sometimes to nothing. */
  private static VariantPath path(Random rnd, List<Variant> rows) {
    Variant value = pick(rnd, rows);
    List<Segment> segments = new ArrayList<>();
    while (segments.size() < 3 && value != null && rnd.nextInt(4) != 0) {
      if (value.isObject() && value.fieldCount() > 0) {
        int i = rnd.nextInt(value.fieldCount());
        segments.add(new Segment.Key(value.fieldName(i)));
        value = value.fieldValue(i);
      } else if (value.isArray() && value.size() > 0) {
        int i = rnd.nextInt(value.size());
        segments.add(new Segment.Index(i));
        value = value.element(i);
      } else {
        break;
      }
    }
    if (rnd.nextInt(10) == 0) {
      segments.add(new Segment.Key(PlanGen.key(rnd))); // mostly missing
    }
    return VariantPath.of(segments);
  }

  /** A row's {@code d}, or null. */
  private static Variant pick(Random rnd, List<Variant> rows) {
    Variant row = rows.get(rnd.nextInt(rows.size()));
    return row == null ? null : row.field("d");
  }

  /** A clause: a comparison, or now and then and/or/not of clauses, in parentheses. */
  private static String clause(Random rnd, List<Variant> rows, int depth) {
    return switch (depth >= 2 ? 0 : rnd.nextInt(6)) {
      case 1 -> "(" + clause(rnd, rows, depth + 1) + ") and (" + clause(rnd, rows, depth + 1) + ")";
      case 2 -> "(" + clause(rnd, rows, depth + 1) + ") or (" + clause(rnd, rows, depth + 1) + ")";
      case 3 -> "not (" + clause(rnd, rows, depth + 1) + ")";
      default -> comparison(rnd, rows);
    };
  }

  private static String comparison(Random rnd, List<Variant> rows) {
    VariantPath path = path(rnd, rows);
    String text = "$.d" + path.toString().substring(1);
    if (rnd.nextInt(8) == 0) {
      return text + (rnd.nextBoolean() ? " is null" : " is not null");
    }
    String a = literal(rnd, rows, path);
    return switch (rnd.nextInt(9)) {
      case 0 -> text + " = " + a;
      case 1 -> text + " != " + a;
      case 2 -> text + " < " + a;
      case 3 -> text + " <= " + a;
      case 4 -> text + " > " + a;
      case 5 -> text + " >= " + a;
      case 6 -> text + " between " + a + " and " + literal(rnd, rows, path);
      case 7 -> text + " in (" + a + ", " + literal(rnd, rows, path) + ")";
      default -> text + " not in (" + a + ")";
    };
  }

  /** The value at {@code path} of some row as a literal where it can be one, else a number. */
  private static String literal(Random rnd, List<Variant> rows, VariantPath path) {
    Variant d = pick(rnd, rows);
    Variant v = d == null ? null : path.extract(d);
    if (v != null) {
      VariantType t = v.type();
      if (t.isInteger() || t.isDecimal() || t == VariantType.DOUBLE || t == VariantType.FLOAT) {
        String json = v.toString();
        if (!json.startsWith("\"")) { // NaN and the infinities render as strings
          return json;
        }
      } else if (t == VariantType.STRING && v.stringValue().indexOf('\'') < 0) {
        return "'" + v.stringValue() + "'";
      } else if (t == VariantType.BOOLEAN_TRUE || t == VariantType.BOOLEAN_FALSE) {
        return Boolean.toString(v.booleanValue());
      } else if (t == VariantType.DATE) {
        return v.dateValue().toString();
      }
    }
    return Integer.toString(rnd.nextInt(200) - 100);
  }
}
