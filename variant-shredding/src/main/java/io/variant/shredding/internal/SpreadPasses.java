// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.internal;

import io.variant.shredding.internal.SpreadSample.Place;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The order in which a spread sample reads its places, for every engine: a first pass gives each
 * place its share ({@link SpreadSample.Quota}); where the places together gave fewer documents than
 * the sample asks for, further passes read on in the places that have lines left, from where each
 * stopped, sharing what is lacking between them in the same way, until the sample has its rows or
 * every line was read. A first pass can fall short where the short lines come first: the early
 * places then hold many lines past their share, the last ones fewer than theirs, and {@code
 * --sample 3000} of a 3,000-row event log had read 2,988 rows. An engine says only how it reads one
 * place ({@link PlaceReader}).
 *
 * <p><b>Determinism:</b> the places, each read's limit and so the rows and their order depend only
 * on the inputs' bytes and the rows asked for: the further passes read no row twice, and come after
 * the first pass's rows.
 *
 * <p><b>Cost:</b> a first pass that gives the sample its rows is all that is read. A further pass
 * reads only what is lacking, and one that still falls short has read some place to its end, so
 * there are at most as many further passes as places.
 */
public final class SpreadPasses {
  private SpreadPasses() {}

  /**
   * What one read of a place gave.
   *
   * @param taken documents taken (malformed lines left out do not count)
   * @param next where the place's unread lines start, the start of a line; {@code place.to()} once
   *     every line starting in it was read
   */
  public record Read(long taken, long next) {}

  /** How an engine reads a place. */
  @FunctionalInterface
  public interface PlaceReader {
    /**
     * Takes up to {@code limit} documents from the lines of input {@code place.input()} that start
     * in [{@code from}, {@code place.to()}), in order.
     *
     * @param from {@code place.from()}, or the {@link Read#next} of an earlier read of the place
     */
    Read read(Place place, long from, long limit) throws IOException;
  }

  /**
   * Reads a sample of {@code rows} documents (0: all) from {@code places} ({@link
   * SpreadSample#places}) through {@code reader}.
   *
   * @return whether every line of the places was read: the sample is then the whole input
   */
  public static boolean read(List<Place> places, long rows, PlaceReader reader) throws IOException {
    long[] next = new long[places.size()];
    SpreadSample.Quota quota = new SpreadSample.Quota(rows);
    long taken = 0;
    for (int i = 0; i < places.size(); i++) {
      Place p = places.get(i);
      Read r = reader.read(p, p.from(), quota.left(p));
      quota.took(p, r.taken());
      taken += r.taken();
      next[i] = r.next();
    }
    while (rows > 0 && taken < rows) {
      List<Integer> open = unfinished(places, next);
      if (open.isEmpty()) {
        break;
      }
      // the places with lines left share what is lacking, each passing on what it lacks of its part
      long share = ceilDiv(rows - taken, open.size());
      long pass = 0;
      boolean finishedOne = false;
      for (int k = 0; k < open.size() && taken < rows; k++) {
        int i = open.get(k);
        Place p = places.get(i);
        Read r = reader.read(p, next[i], Math.min(share * (k + 1) - pass, rows - taken));
        pass += r.taken();
        taken += r.taken();
        next[i] = r.next();
        finishedOne |= next[i] >= p.to();
      }
      if (!finishedOne && taken < rows) {
        break; // no line left where a place said there was one: the input changed under the sample
      }
    }
    return unfinished(places, next).isEmpty();
  }

  private static List<Integer> unfinished(List<Place> places, long[] next) {
    List<Integer> open = new ArrayList<>();
    for (int i = 0; i < places.size(); i++) {
      if (next[i] < places.get(i).to()) {
        open.add(i);
      }
    }
    return open;
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
