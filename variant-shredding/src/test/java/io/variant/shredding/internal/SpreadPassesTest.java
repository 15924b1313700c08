// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.shredding.internal.SpreadSample.Input;
import io.variant.shredding.internal.SpreadSample.Place;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link SpreadPasses}: a first pass by the places' quotas, and further passes only where it falls
 * short, which read on from where each place stopped and read no line twice.
 */
class SpreadPassesTest {
  /**
   * An input of {@code shortLines} lines of 10 bytes followed by {@code longLines} of 400 bytes,
   * read by offset: a line is a document, taken at most once.
   */
  private static final class Lines implements SpreadPasses.PlaceReader {
    final List<Long> starts = new ArrayList<>(); // every line's offset
    final List<Long> taken = new ArrayList<>(); // offsets of the lines taken, in order
    final List<String> reads = new ArrayList<>(); // "place index@from" per read
    final long size;

    Lines(int shortLines, int longLines) {
      long at = 0;
      for (int i = 0; i < shortLines + longLines; i++) {
        starts.add(at);
        at += i < shortLines ? 10 : 400;
      }
      size = at;
    }

    @Override
    public SpreadPasses.Read read(Place place, long from, long limit) {
      reads.add(place.index() + "@" + from);
      long n = 0;
      for (long start : starts) {
        if (start < from || start >= place.to()) {
          continue;
        }
        if (n == limit) {
          return new SpreadPasses.Read(n, start);
        }
        taken.add(start);
        n++;
      }
      return new SpreadPasses.Read(n, place.to());
    }

    boolean read(long rows) throws IOException {
      return SpreadPasses.read(SpreadSample.places(List.of(new Input("in", size))), rows, this);
    }
  }

  @Test
  void aFirstPassThatGivesTheRowsIsAllThatIsRead() throws IOException {
    Lines lines = new Lines(0, 6400); // 100 lines in each place
    assertFalse(lines.read(640));
    assertEquals(SpreadSample.PLACES, lines.reads.size()); // one read per place
    assertEquals(640, lines.taken.size());
    assertEquals(List.of(0L, 400L, 800L), lines.taken.subList(0, 3)); // 10 from each place's start
    assertEquals(40_000L, lines.taken.get(10));
  }

  @Test
  void shortLinesFirstGiveTheRestOfTheSampleOnASecondPass() throws IOException {
    // 2,000 short lines lie in the first place's bytes; the others hold about 16 long lines each
    Lines whole = new Lines(2000, 1000);
    assertTrue(whole.read(3000));
    assertEquals(3000, whole.taken.size());
    assertEquals(3000, new HashSet<>(whole.taken).size()); // no line twice

    Lines fewer = new Lines(2000, 1000);
    assertFalse(fewer.read(2990));
    assertEquals(2990, fewer.taken.size());
    assertEquals(2990, new HashSet<>(fewer.taken).size());
    Lines again = new Lines(2000, 1000);
    again.read(2990);
    assertEquals(fewer.reads, again.reads); // the same places from the same offsets
    assertEquals(fewer.taken, again.taken);
  }

  @Test
  void furtherPassesShareTheShortfallBetweenThePlacesWithLinesLeft() throws IOException {
    Lines lines = new Lines(2000, 1000);
    lines.read(1400); // 22 per place, short in every place of long lines
    List<String> second = lines.reads.subList(SpreadSample.PLACES, lines.reads.size());
    Set<String> places = new HashSet<>();
    for (String r : second) {
      places.add(r.substring(0, r.indexOf('@')));
      assertFalse(r.endsWith("@0"), second.toString()); // on from where the first pass stopped
    }
    assertTrue(places.size() > 1, second.toString()); // the shortfall is spread, not taken at once
    assertEquals(1400, lines.taken.size());
    assertEquals(1400, new HashSet<>(lines.taken).size());
  }

  @Test
  void moreRowsThanTheInputHasReadItWhole() throws IOException {
    Lines lines = new Lines(2000, 1000);
    assertTrue(lines.read(5000));
    assertEquals(3000, lines.taken.size());
    assertEquals(lines.starts, lines.taken.stream().sorted().toList());
    Lines all = new Lines(2000, 1000);
    assertTrue(all.read(0)); // 0: all, in one pass
    assertEquals(SpreadSample.PLACES, all.reads.size());
    assertEquals(all.starts, all.taken);
  }
}
