// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares what a reader returned with the truth, row by row, for one cell of the matrix (writer x
 * reader). A row is equal (logical Variant equality), explained by one of the {@link
 * KnownDifference}s the caller allows, or a failure. {@link #finish} fails on any unexplained row,
 * on an allowed known difference that never occurred (the engine may have been fixed), and appends
 * the cell's counts to {@code target/interop-matrix.tsv} ({@link MatrixReport} sums them up).
 */
final class Comparison {
  /** How a row read is compared with the truth. */
  enum Equality {
    /** {@link VariantEquality#logical}: for readers that hand back Variant bytes. */
    VARIANT,
    /**
     * {@link VariantEquality#physical}: logical, and every primitive keeps its type id (an int8
     * stays an int8, a 16-byte decimal stays one): two readers of one file must agree this far.
     */
    PHYSICAL,
    /**
     * {@link JsonValues#equal}: for readers that hand back JSON text, where numbers have no type.
     */
    JSON_TEXT
  }

  private final String writer;
  private final Equality equality;
  private final String reader;
  private final Set<KnownDifference> allowed;
  private final Map<KnownDifference, Integer> seen = new EnumMap<>(KnownDifference.class);
  private final List<String> failures = new ArrayList<>();
  private int rows;
  private int equal;
  private int failed;
  private int known;

  Comparison(String writer, String reader, Equality equality, Set<KnownDifference> allowed) {
    this.writer = writer;
    this.equality = equality;
    this.reader = reader;
    this.allowed =
        allowed.isEmpty() ? EnumSet.noneOf(KnownDifference.class) : EnumSet.copyOf(allowed);
  }

  Comparison(String writer, String reader, Set<KnownDifference> allowed) {
    this(writer, reader, Equality.VARIANT, allowed);
  }

  Comparison(String writer, String reader) {
    this(writer, reader, Equality.VARIANT, Set.of());
  }

  /**
   * Compares row {@code row}: {@code expected} is the truth, {@code actual} what was read (null:
   * SQL NULL).
   */
  void row(int row, Variant expected, Variant actual) {
    rows++;
    if (same(expected, actual)) {
      equal++;
      return;
    }
    // Known differences may combine in one row (a decimal read as a double in an object whose ""
    // key was
    // renamed): remove the traces of all allowed ones, then credit each one that changed something.
    Variant e = expected;
    Variant a = actual;
    List<KnownDifference> applied = new ArrayList<>();
    for (KnownDifference d : allowed) {
      Variant e2 = d.expected(e);
      Variant a2 = d.actual(a);
      if (!same(e2, e) || !same(a2, a)) {
        applied.add(d);
      }
      e = e2;
      a = a2;
    }
    if (!applied.isEmpty() && same(e, a)) {
      known++;
      applied.forEach(d -> seen.merge(d, 1, Integer::sum));
      return;
    }
    if (failed++ < 10) {
      failures.add(
          "row "
              + row
              + ": "
              + firstDifference("$", e, a)
              + "\n        expected "
              + expected
              + "\n        but read "
              + actual);
    }
  }

  /**
   * Both SQL NULL, or equal under this cell's {@link Equality} (under VARIANT a double never equals
   * a decimal: different classes).
   */
  private boolean same(Variant a, Variant b) {
    if (a == null || b == null) {
      return a == b;
    }
    return switch (equality) {
      case VARIANT -> VariantEquality.logical(a, b);
      case PHYSICAL -> VariantEquality.physical(a, b);
      case JSON_TEXT -> JsonValues.equal(a, b);
    };
  }

  /**
   * Where two unequal values first differ, with the types there: rendered rows hide types (an int8
   * and an int64 print alike).
   */
  private String firstDifference(String path, Variant e, Variant a) {
    if (e == null || a == null) {
      return "at "
          + path
          + ": "
          + (e == null ? "SQL NULL" : e.type())
          + " vs "
          + (a == null ? "SQL NULL" : a.type());
    }
    if (e.isObject() && a.isObject()) {
      for (int i = 0; i < e.fieldCount(); i++) {
        Variant other = a.field(e.fieldName(i));
        if (other == null) {
          return "at " + path + ": field " + e.fieldName(i) + " missing";
        }
        if (!same(e.fieldValue(i), other)) {
          return firstDifference(path + "." + e.fieldName(i), e.fieldValue(i), other);
        }
      }
      return "at " + path + ": " + e.fieldCount() + " vs " + a.fieldCount() + " fields";
    }
    if (e.isArray() && a.isArray() && e.size() == a.size()) {
      for (int i = 0; i < e.size(); i++) {
        if (!same(e.element(i), a.element(i))) {
          return firstDifference(path + "[" + i + "]", e.element(i), a.element(i));
        }
      }
    }
    return "at " + path + ": " + e.type() + " " + e + " vs " + a.type() + " " + a;
  }

  /**
   * The three cells of a file an engine wrote, row by row, then finished: {@code byUs} (our reading
   * vs the truth), {@code byEngine} (the engine's own reading vs the truth) and {@code agree} (our
   * reading vs the engine's).
   */
  static void threeWay(
      Comparison byUs,
      Comparison byEngine,
      Comparison agree,
      List<Variant> truth,
      List<Variant> ours,
      List<Variant> theirs) {
    assertEquals(truth.size(), ours.size(), "rows we read");
    assertEquals(truth.size(), theirs.size(), "rows the engine read");
    for (int i = 0; i < truth.size(); i++) {
      byUs.row(i, truth.get(i), ours.get(i));
      byEngine.row(i, truth.get(i), theirs.get(i));
      agree.row(i, theirs.get(i), ours.get(i));
    }
    byUs.finish();
    byEngine.finish();
    agree.finish();
  }

  /**
   * {@link #threeWay} on a file {@code engine} wrote, its cells named the usual way: our reading
   * and the engine's ({@code how} it read: "Variant value") against the truth under {@code
   * truthEquality}, allowing {@code inFile}; our reading against the engine's physically, allowing
   * {@code agreeAllowed}.
   */
  static void engineWrote(
      String writer,
      Engine engine,
      String how,
      Equality truthEquality,
      Set<KnownDifference> inFile,
      Set<KnownDifference> agreeAllowed,
      List<Variant> truth,
      List<Variant> ours,
      List<Variant> theirs) {
    threeWay(
        new Comparison(writer, "variant-engine", truthEquality, inFile),
        new Comparison(writer, engine.label() + " (" + how + ")", truthEquality, inFile),
        new Comparison(
            writer,
            "variant-engine vs " + engine.label() + "'s own reading (physical)",
            Equality.PHYSICAL,
            agreeAllowed),
        truth,
        ours,
        theirs);
  }

  /** Records a whole-cell known difference (say, a COPY that fails) observed once. */
  void observed(KnownDifference d) {
    if (!d.wholeCell() || !allowed.contains(d)) {
      throw new IllegalArgumentException(d + " is not an allowed whole-cell difference here");
    }
    seen.merge(d, 1, Integer::sum);
  }

  int rows() {
    return rows;
  }

  /** Asserts the cell (see the class comment) and records its counts. */
  void finish() {
    record();
    if (failed > 0) {
      StringBuilder m =
          new StringBuilder(
              writer + " -> " + reader + ": " + failed + " of " + rows + " rows differ:\n");
      failures.forEach(f -> m.append("  ").append(f).append('\n'));
      fail(m.toString());
    }
    for (KnownDifference d : allowed) {
      if (!seen.containsKey(d)) {
        fail(
            writer
                + " -> "
                + reader
                + ": known difference "
                + d
                + " did not occur; if the engine fixed it, remove it from this test");
      }
    }
    assertEquals(rows, equal + known, "row accounting");
  }

  private void record() {
    String line =
        String.join(
                "\t",
                writer,
                reader,
                Integer.toString(rows),
                Integer.toString(equal),
                Integer.toString(known),
                seen.isEmpty()
                    ? "-"
                    : seen.entrySet().stream()
                        .map(e -> e.getKey().name() + "=" + e.getValue())
                        .collect(java.util.stream.Collectors.joining(", ")),
                Integer.toString(failed))
            + "\n";
    System.out.print("MATRIX\t" + line);
    try {
      Path out = MatrixReport.TSV;
      Files.createDirectories(out.getParent());
      Files.writeString(
          out, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
