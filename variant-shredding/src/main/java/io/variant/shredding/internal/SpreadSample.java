// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.internal;

import io.variant.core.Variant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Where the rows a plan is inferred from come from, for every engine: {@code variant plan}, {@code
 * variant convert} and the MapReduce job read the same rows of the same input, so they infer the
 * same plan. Each engine reads its files its own way (local channels, Hadoop file systems); the
 * rule is here.
 *
 * <ul>
 *   <li>The inputs are taken in the order of their names (so that the order they were given or
 *       listed in does not matter) as if concatenated, and cut into {@value #PLACES} places of
 *       equal bytes ({@link #places}). A place holds the documents whose lines start in it, and
 *       gives at most {@link #perPlace} of them, the first ones: {@code N / }{@value #PLACES}
 *       consecutive lines, so that a log whose ids, times or types drift is seen from start to end,
 *       and what a place lacks of that the next places may give ({@link Quota}); where the places
 *       together still fall short of N, those with lines left read on from where they stopped
 *       ({@link SpreadPasses}), so that a file of N lines or fewer is read whole. Blank lines are
 *       not documents; a malformed line is left out (or reported) and takes no share of its place.
 *       A place that spans two inputs shares its quota between them, in order ({@link Quota}).
 *   <li>What cannot be read from the middle (compressed data, a stream) gives its first N documents
 *       instead, in input order.
 *   <li>{@link Kept}: the sampled rows kept for checking a plan against the unshredded size, all or
 *       an even selection of {@value #MAX_ROWS_KEPT}.
 * </ul>
 *
 * <p>Immutable, except {@link Quota} and {@link Kept}, which serve one thread.
 */
public final class SpreadSample {
  /** Documents sampled by default, whichever engine converts. */
  public static final long DEFAULT_ROWS = 10_000;

  /**
   * Places a spread sample reads from: enough to see a drift along the file, few enough to seek
   * cheaply.
   */
  public static final int PLACES = 64;

  /** Most sampled rows {@link Kept} keeps: past it every other one is dropped, evenly. */
  public static final int MAX_ROWS_KEPT = 20_000;

  private SpreadSample() {}

  /**
   * An input by name (a path, compared as text) and size in bytes.
   *
   * @param name what orders the inputs: give every engine the same form (an absolute path)
   * @param size bytes
   */
  public record Input(String name, long size) {}

  /**
   * The part of place {@code index} that lies in input {@code input}: documents whose lines start
   * at byte offsets in [{@code from}, {@code to}) of that input.
   *
   * @param input the index of the input in the list given to {@link #places}
   */
  public record Place(int input, long from, long to, int index) {}

  /**
   * The places, in reading order: inputs by name, and within an input by offset.
   *
   * @throws IllegalArgumentException if a size is negative
   */
  public static List<Place> places(List<Input> inputs) {
    List<Integer> order = new ArrayList<>();
    long total = 0;
    for (int i = 0; i < inputs.size(); i++) {
      if (inputs.get(i).size() < 0) {
        throw new IllegalArgumentException("Cannot sample " + inputs.get(i) + ": negative size");
      }
      order.add(i);
      total += inputs.get(i).size();
    }
    order.sort(Comparator.comparing((Integer i) -> inputs.get(i).name()));
    List<Place> out = new ArrayList<>();
    long before = 0; // bytes of the inputs before this one, in name order
    for (int i : order) {
      long size = inputs.get(i).size();
      // place k covers bytes [ceil(k * total / PLACES), ceil((k + 1) * total / PLACES)) of the
      // inputs as if concatenated; the part of it inside input i is read from input i
      for (int k = 0; k < PLACES; k++) {
        long from = Math.max(ceilDiv(k * total, PLACES), before) - before;
        long to = Math.min(ceilDiv((k + 1) * total, PLACES), before + size) - before;
        if (from < to) {
          out.add(new Place(i, from, to, k));
        }
      }
      before += size;
    }
    return out;
  }

  /**
   * Documents each place gives for a sample of {@code rows} (0: all), rounded up so that a file of
   * fewer lines of uneven lengths is still read whole.
   */
  public static long perPlace(long rows) {
    return rows <= 0 ? Long.MAX_VALUE : Math.max(1, (rows + PLACES - 1) / PLACES);
  }

  /**
   * What a sample was, for a summary: "all 3000 rows" when every line of the inputs was read, else
   * "10000 rows from 64 places spread across 12.0 MiB".
   *
   * @param bytes the inputs' bytes, or -1 if the sample read them whole
   */
  public static String description(long rows, long bytes) {
    if (bytes < 0) {
      return String.format(Locale.ROOT, "all %d rows", rows);
    }
    String size =
        bytes < 1 << 20
            ? String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0)
            : String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    return String.format(
        Locale.ROOT, "%d rows from %d places spread across %s", rows, PLACES, size);
  }

  /**
   * {@code description} followed by how many sampled lines were malformed and left out ("; 2
   * malformed lines left out"), or as it is when none were: both engines' samples say it so.
   */
  public static String withLeftOut(String description, long malformed) {
    return malformed == 0
        ? description
        : String.format(
            Locale.ROOT,
            "%s; %d malformed %s left out",
            description,
            malformed,
            malformed == 1 ? "line" : "lines");
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  /**
   * How many documents a place may still give: its share and what the places before it left of
   * theirs, so that places of fewer lines than their share (a file of fewer lines than the sample,
   * or short lines among long ones) do not make the sample smaller: {@code --sample 200} of a
   * 200-line file had read 104 of them. Places are read in order; one that spans inputs shares its
   * quota between them. One thread.
   */
  public static final class Quota {
    private final long perPlace;
    private long taken; // by every place so far

    /** The quotas of a sample of {@code rows} documents (0: all). */
    public Quota(long rows) {
      this.perPlace = perPlace(rows);
    }

    /** Documents {@code p} may still give, the places before it read. */
    public long left(Place p) {
      if (perPlace == Long.MAX_VALUE) {
        return Long.MAX_VALUE;
      }
      return perPlace * (p.index() + 1) - taken;
    }

    /** Counts {@code n} documents taken from {@code p}. */
    public void took(Place p, long n) {
      taken += n;
    }
  }

  /**
   * The sampled rows kept for a size check: every row until {@value #MAX_ROWS_KEPT}, then every
   * other one of those and every second row after, and so on, so that the kept rows stay evenly
   * spread over the sample. One thread.
   */
  public static final class Kept {
    private List<Variant> rows = new ArrayList<>();
    private long stride = 1;
    private long seen;

    /** Offers the next sampled row. */
    public void add(Variant v) {
      if (seen++ % stride != 0) {
        return;
      }
      rows.add(v);
      if (rows.size() >= MAX_ROWS_KEPT) {
        List<Variant> half = new ArrayList<>(MAX_ROWS_KEPT / 2);
        for (int i = 0; i < rows.size(); i += 2) {
          half.add(rows.get(i));
        }
        rows = half;
        stride *= 2;
      }
    }

    /** The rows kept so far, in sample order. */
    public List<Variant> rows() {
      return rows;
    }

    /** Lets the rows go once the plan is chosen. */
    public void clear() {
      rows = List.of();
    }
  }
}
