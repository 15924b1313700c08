// SPDX-License-Identifier: Apache-2.0
package io.variant.bench.sizes;

import io.variant.bench.corpus.MixedRowGenerator;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The shapes real files have and the other corpora lack, as NDJSON on stdout, for the size table:
 *
 * <ul>
 *   <li>{@code products N}: rows that are JSON arrays of scalars, a product listing each (name,
 *       category, brand, colour, sku as strings, with a price and sometimes a stock count among
 *       them).
 *   <li>{@code nonobject N} and {@code nonobject-base N}: mixed rows ({@link MixedRowGenerator})
 *       with 15% of rows that are not objects in between (product arrays, arrays of numbers,
 *       strings, numbers, nulls), and the same object rows without them.
 *   <li>{@code sparse N}: an id, a time and a kind in every row, then the fields of one of 40 row
 *       families, whose frequencies fall off steeply: most families are in fewer than 1% of rows.
 *   <li>{@code drift N}: event rows whose fields change type halfway through the file: a numeric
 *       user id becomes a string, an amount becomes text with its currency, a list of tags becomes
 *       one comma-separated string, a numeric status becomes a word.
 *   <li>{@code interleave SEED FILE...}: the lines of the files, interleaved at random (each file
 *       keeps its order), for real rows from several sources in one file.
 * </ul>
 *
 * <pre>java -cp benchmarks.jar io.variant.bench.sizes.ShapeRows products 5000 &gt; products.ndjson
 * </pre>
 *
 * <p><b>Determinism:</b> fixed seeds, {@link Random}, {@link Locale#ROOT}, UTF-8.
 */
public final class ShapeRows {
  private static final String[] WORDS =
      ("steel oak cotton linen smart mini pro max ultra classic compact portable wireless "
              + "ergonomic organic vintage deluxe travel kitchen garden office outdoor kids")
          .split(" ");
  private static final String[] NOUNS =
      ("lamp chair mug kettle backpack jacket speaker charger blender drill tent bottle "
              + "notebook pillow rug watch headphones scarf")
          .split(" ");
  private static final String[] CATEGORIES = {
    "Home", "Kitchen", "Electronics", "Outdoor", "Apparel", "Office", "Toys", "Garden"
  };
  private static final String[] BRANDS = {
    "Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Wonka", "Soylent"
  };
  private static final String[] COLOURS = {"black", "white", "red", "blue", "green", "grey"};
  private static final String[] STATUS = {"ok", "created", "moved", "gone", "error"};
  private static final int FAMILIES = 40;

  private ShapeRows() {}

  public static void main(String[] args) throws IOException {
    List<String> rows =
        switch (args[0]) {
          case "products" -> products(new Random(792), count(args));
          case "nonobject" -> nonObject(count(args), true);
          case "nonobject-base" -> nonObject(count(args), false);
          case "sparse" -> sparse(count(args));
          case "drift" -> drift(count(args));
          case "interleave" -> interleave(Long.parseLong(args[1]), args);
          default -> throw new IllegalArgumentException("unknown shape " + args[0]);
        };
    try (Writer out =
        new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))) {
      for (String row : rows) {
        out.write(row);
        out.write('\n');
      }
    }
  }

  private static int count(String[] args) {
    return Integer.parseInt(args[1]);
  }

  /** Product listings as arrays: strings with a price (and a stock count in some) among them. */
  static List<String> products(Random rnd, int rows) {
    List<String> out = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      out.add(product(rnd, i));
    }
    return out;
  }

  private static String product(Random rnd, int i) {
    List<String> cells = new ArrayList<>();
    cells.add(
        quote(
            BRANDS[rnd.nextInt(BRANDS.length)]
                + " "
                + WORDS[rnd.nextInt(WORDS.length)]
                + " "
                + NOUNS[rnd.nextInt(NOUNS.length)]
                + (rnd.nextBoolean() ? " " + (100 + rnd.nextInt(9900)) : "")));
    cells.add(quote(CATEGORIES[rnd.nextInt(CATEGORIES.length)]));
    cells.add(
        String.format(Locale.ROOT, "%d.%02d", 1 + rnd.nextInt(300), rnd.nextInt(100))); // price
    cells.add(quote(String.format(Locale.ROOT, "SKU-%06d", 10_000 + i * 7 + rnd.nextInt(7))));
    cells.add(quote(COLOURS[rnd.nextInt(COLOURS.length)]));
    if (rnd.nextInt(3) == 0) {
      cells.add(Integer.toString(rnd.nextInt(500))); // units in stock
    }
    cells.add(quote(rnd.nextInt(5) == 0 ? "out of stock" : "in stock"));
    return "[" + String.join(",", cells) + "]";
  }

  /**
   * Mixed rows with 15% rows that are not objects between them ({@code withOthers}), or the same
   * object rows alone.
   */
  static List<String> nonObject(int rows, boolean withOthers) {
    Random rnd = new Random(15);
    List<String> objects = MixedRowGenerator.generate(rows - rows * 15 / 100);
    List<String> out = new ArrayList<>(rows);
    int next = 0;
    for (int i = 0; i < rows && next < objects.size(); i++) {
      boolean other = rnd.nextInt(100) < 15;
      String row = other ? otherRow(rnd, i) : objects.get(next++);
      if (!other || withOthers) {
        out.add(row);
      }
    }
    return out;
  }

  private static String otherRow(Random rnd, int i) {
    int kind = rnd.nextInt(10);
    if (kind < 6) {
      return product(rnd, i);
    }
    if (kind < 8) {
      StringBuilder sb = new StringBuilder("[");
      for (int k = 0, n = 1 + rnd.nextInt(8); k < n; k++) {
        sb.append(k == 0 ? "" : ",").append(rnd.nextInt(10_000));
      }
      return sb.append(']').toString();
    }
    return switch (kind) {
      case 8 -> quote("heartbeat " + Integer.toString(rnd.nextInt(1 << 24), 16));
      default -> rnd.nextBoolean() ? Integer.toString(rnd.nextInt(1_000_000)) : "null";
    };
  }

  /** Rows of 40 families under a common header; family k is about 1.6^-k as frequent as 0. */
  static List<String> sparse(int rows) {
    Random rnd = new Random(40);
    long ts = 1_700_000_000L;
    List<String> out = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      int family = 0;
      while (family < FAMILIES - 1 && rnd.nextInt(8) < 3) {
        family++; // geometric: each family 3/8 as likely as the one before
      }
      ts += rnd.nextInt(30);
      StringBuilder sb =
          new StringBuilder()
              .append("{\"id\":")
              .append(i + 1)
              .append(",\"ts\":")
              .append(ts)
              .append(",\"kind\":\"family_")
              .append(family)
              .append('"');
      Random shape = new Random(family); // the family's fields and their kinds
      for (int f = 0, n = 3 + shape.nextInt(6); f < n; f++) {
        sb.append(",\"f").append(family).append('_').append(f).append("\":");
        switch (shape.nextInt(4)) {
          case 0 -> sb.append(rnd.nextInt(100_000));
          case 1 -> sb.append(quote(STATUS[rnd.nextInt(STATUS.length)]));
          case 2 -> sb.append(rnd.nextInt(4) == 0);
          default -> sb.append(String.format(Locale.ROOT, "%.3f", rnd.nextDouble() * 100));
        }
      }
      out.add(sb.append('}').toString());
    }
    return out;
  }

  /** Event rows whose user id, amount, tags and status change type in the second half. */
  static List<String> drift(int rows) {
    Random rnd = new Random(2);
    List<String> out = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      boolean late = i >= rows / 2;
      int user = rnd.nextInt(50_000);
      String amount = String.format(Locale.ROOT, "%d.%02d", rnd.nextInt(500), rnd.nextInt(100));
      StringBuilder tags = new StringBuilder();
      for (int k = 0, n = rnd.nextInt(4); k < n; k++) {
        tags.append(k == 0 ? "" : ",").append(WORDS[rnd.nextInt(WORDS.length)]);
      }
      int status = rnd.nextInt(STATUS.length);
      out.add(
          "{\"seq\":"
              + (i + 1)
              + ",\"user_id\":"
              + (late ? quote(String.format(Locale.ROOT, "u-%06d", user)) : user)
              + ",\"amount\":"
              + (late ? quote(amount + " USD") : amount)
              + ",\"tags\":"
              + (late ? quote(tags.toString()) : tagArray(tags.toString()))
              + ",\"status\":"
              + (late ? quote(STATUS[status]) : Integer.toString(status))
              + ",\"note\":"
              + quote(WORDS[rnd.nextInt(WORDS.length)] + " " + NOUNS[rnd.nextInt(NOUNS.length)])
              + "}");
    }
    return out;
  }

  private static String tagArray(String joined) {
    if (joined.isEmpty()) {
      return "[]";
    }
    List<String> quoted = new ArrayList<>();
    for (String t : joined.split(",")) {
      quoted.add(quote(t));
    }
    return "[" + String.join(",", quoted) + "]";
  }

  /** The non-blank lines of {@code args[2..]}, interleaved: each next line from a random file. */
  static List<String> interleave(long seed, String[] args) throws IOException {
    List<List<String>> files = new ArrayList<>();
    int total = 0;
    for (int i = 2; i < args.length; i++) {
      List<String> lines =
          Files.readAllLines(Path.of(args[i]), StandardCharsets.UTF_8).stream()
              .filter(l -> !l.isBlank())
              .toList();
      files.add(lines);
      total += lines.size();
    }
    Random rnd = new Random(seed);
    int[] next = new int[files.size()];
    List<String> out = new ArrayList<>(total);
    while (out.size() < total) {
      // pick a file in proportion to the lines it has left, so that each is spread over the whole
      int pick = rnd.nextInt(total - out.size());
      int f = 0;
      while (pick >= files.get(f).size() - next[f]) {
        pick -= files.get(f).size() - next[f];
        f++;
      }
      out.add(files.get(f).get(next[f]++));
    }
    return out;
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
