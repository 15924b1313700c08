// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.report;

import io.variant.bench.corpus.Corpus;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a JMH JSON result file ({@code -rf json}) into the markdown table that {@code bench/run}
 * prints: one line per operation and corpus, with this project's score, each peer's, and ours ÷
 * each peer (above 1 means ours is faster, for throughput and for time-per-operation modes alike),
 * plus bytes allocated per operation when the run used {@code -prof gc}.
 *
 * <p>Benchmark methods are named {@code operation_implementation} (see {@code CorpusBenchmark});
 * other JMH parameters than {@code corpus} become part of the operation's label.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.variant.bench.report.Report results.json}
 */
public final class Report {
  private static final String OURS = "ours";

  /** Known peers in the order the table lists them; others follow in the order JMH ran them. */
  private static final List<String> PEER_ORDER =
      List.of("parquetJava", "spark", "jackson", "duckdb");

  private static final Map<String, String> PEER_LABELS =
      Map.of(
          "parquetJava",
          "parquet-java",
          "spark",
          "Spark",
          "jackson",
          "jackson scan",
          "duckdb",
          "DuckDB");

  private Report() {}

  /** One JMH result: an implementation's score for an operation on a corpus. */
  private record Score(double value, double error, String unit, double allocPerOp) {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: Report results.json");
      System.exit(2);
    }
    print(Files.readAllBytes(Paths.get(args[0])), System.out);
  }

  /** Prints the table for the JMH results in {@code json}. */
  static void print(byte[] json, PrintStream out) {
    Variant results = VariantJson.parse(json);
    // (operation, corpus) -> implementation -> score, in the order JMH ran them
    Map<List<String>, Map<String, Score>> rows = new LinkedHashMap<>();
    Set<String> peers = new LinkedHashSet<>();
    Set<String> corpora = new LinkedHashSet<>();
    boolean alloc = false;
    for (int i = 0; i < results.size(); i++) {
      Variant r = results.element(i);
      String benchmark = r.field("benchmark").stringValue();
      String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
      String cls = benchmark.substring(0, benchmark.lastIndexOf('.'));
      cls = cls.substring(cls.lastIndexOf('.') + 1).replaceFirst("Benchmark$", "");
      int cut = method.lastIndexOf('_');
      String operation = cls + "." + (cut < 0 ? method : method.substring(0, cut));
      String impl = cut < 0 ? OURS : method.substring(cut + 1);
      String corpus = "-";
      StringBuilder extra = new StringBuilder();
      Variant params = r.field("params");
      if (params != null) {
        for (int p = 0; p < params.fieldCount(); p++) {
          String name = params.fieldName(p);
          String value = params.fieldValue(p).stringValue();
          if (name.equals("corpus")) {
            corpus = value;
          } else if (!value.isEmpty()) { // an empty parameter is its benchmark's default: unnamed
            extra.append(extra.length() == 0 ? " [" : ", ").append(name).append('=').append(value);
          }
        }
      }
      if (extra.length() > 0) {
        operation += extra.append(']');
      }
      Variant primary = r.field("primaryMetric");
      double allocNorm = Double.NaN;
      Variant secondary = r.field("secondaryMetrics");
      if (secondary != null) {
        for (int s = 0; s < secondary.fieldCount(); s++) {
          if (secondary.fieldName(s).endsWith("gc.alloc.rate.norm")) {
            allocNorm = number(secondary.fieldValue(s).field("score"));
            alloc = true;
          }
        }
      }
      Score score =
          new Score(
              number(primary.field("score")),
              number(primary.field("scoreError")),
              primary.field("scoreUnit").stringValue(),
              allocNorm);
      rows.computeIfAbsent(List.of(operation, corpus), k -> new LinkedHashMap<>()).put(impl, score);
      if (!impl.equals(OURS)) {
        peers.add(impl);
      }
      corpora.add(corpus);
    }
    header(out, corpora);
    List<String> ordered = new ArrayList<>();
    for (String p : PEER_ORDER) {
      if (peers.contains(p)) {
        ordered.add(p);
      }
    }
    for (String p : peers) {
      if (!ordered.contains(p)) {
        ordered.add(p);
      }
    }
    table(out, rows, ordered, alloc);
  }

  private static void header(PrintStream out, Set<String> corpora) {
    out.printf(
        Locale.ROOT,
        "Machine: %d cores, JDK %s (%s), %s %s%n%n",
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"),
        System.getProperty("java.vm.name"),
        System.getProperty("os.name"),
        System.getProperty("os.arch"));
    out.println(
        "Corpora (generated from fixed seeds at benchmark start; `file` is -Dcorpus=FILE, NAME=FILE"
            + " an NDJSON file):");
    out.println();
    for (String c : corpora) {
      if (Corpus.GENERATED.contains(c)
          || c.indexOf('=') > 0
          || (c.equals("file") && System.getProperty("corpus") != null)) {
        out.println("- " + Corpus.named(c));
      }
    }
    out.println();
    out.println(
        "Scores: operations (rows) per second unless a unit is given; ratio = ours ÷ peer"
            + " (above 1: ours is faster). ± is JMH's 99.9% error as a share of the score.");
    out.println();
  }

  private static void table(
      PrintStream out,
      Map<List<String>, Map<String, Score>> rows,
      List<String> peers,
      boolean alloc) {
    StringBuilder head = new StringBuilder("| operation | corpus | ours |");
    StringBuilder rule = new StringBuilder("|---|---|---:|");
    for (String p : peers) {
      head.append(' ').append(label(p)).append(" |");
      rule.append("---:|");
    }
    for (String p : peers) {
      head.append(" ours ÷ ").append(label(p)).append(" |");
      rule.append("---:|");
    }
    if (alloc) {
      head.append(" B/op: ours");
      for (String p : peers) {
        head.append(" / ").append(label(p));
      }
      head.append(" |");
      rule.append("---:|");
    }
    out.println(head);
    out.println(rule);
    for (Map.Entry<List<String>, Map<String, Score>> e : rows.entrySet()) {
      Map<String, Score> byImpl = e.getValue();
      Score ours = byImpl.get(OURS);
      StringBuilder line =
          new StringBuilder("| ")
              .append(e.getKey().get(0))
              .append(" | ")
              .append(e.getKey().get(1))
              .append(" | ")
              .append(format(ours))
              .append(" |");
      for (String p : peers) {
        line.append(' ').append(format(byImpl.get(p))).append(" |");
      }
      for (String p : peers) {
        line.append(' ').append(ratio(ours, byImpl.get(p))).append(" |");
      }
      if (alloc) {
        line.append(' ').append(bytes(ours));
        for (String p : peers) {
          line.append(" / ").append(bytes(byImpl.get(p)));
        }
        line.append(" |");
      }
      out.println(line);
    }
  }

  private static String label(String impl) {
    return PEER_LABELS.getOrDefault(impl, impl);
  }

  private static String format(Score s) {
    if (s == null) {
      return "–";
    }
    String unit = s.unit().equals("ops/s") ? "" : " " + s.unit();
    String error =
        Double.isNaN(s.error()) || s.value() == 0
            ? ""
            : String.format(Locale.ROOT, " ±%.0f%%", 100 * s.error() / s.value());
    return String.format(Locale.ROOT, "%,.0f%s%s", s.value(), unit, error);
  }

  /**
   * Ours ÷ peer as a speed ratio: for time per operation (units ending in /op) the times are
   * inverted.
   */
  private static String ratio(Score ours, Score peer) {
    if (ours == null
        || peer == null
        || !ours.unit().equals(peer.unit())
        || peer.value() == 0
        || ours.value() == 0) {
      return "–";
    }
    double r =
        ours.unit().endsWith("/op") ? peer.value() / ours.value() : ours.value() / peer.value();
    return String.format(Locale.ROOT, "%.2f×", r);
  }

  private static String bytes(Score s) {
    return s == null || Double.isNaN(s.allocPerOp())
        ? "–"
        : String.format(Locale.ROOT, "%,.0f", s.allocPerOp());
  }

  /** A JSON number as JMH writes it (possibly the string "NaN"). */
  private static double number(Variant v) {
    if (v == null || v.isNull()) {
      return Double.NaN;
    }
    return switch (v.type()) {
      case STRING -> Double.parseDouble(v.stringValue());
      case DOUBLE -> v.doubleValue();
      case FLOAT -> v.floatValue();
      default -> v.decimalValue().doubleValue();
    };
  }
}
