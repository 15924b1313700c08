// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.shredding.internal.SpreadSample.Input;
import io.variant.shredding.internal.SpreadSample.Place;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SpreadSample}'s rule: places of equal bytes over the inputs in name order, a place split
 * where two inputs meet, each place's quota, the words of a summary, and the rows kept evenly.
 */
class SpreadSampleTest {
  @Test
  void placesCutTheInputsInNameOrderIntoEqualBytes() {
    // 640 bytes: places of 10; "a" (given second) first, its last place cut at byte 245
    List<Place> places = SpreadSample.places(List.of(new Input("b", 395), new Input("a", 245)));
    assertEquals(65, places.size());
    assertEquals(new Place(1, 0, 10, 0), places.get(0));
    assertEquals(new Place(1, 230, 240, 23), places.get(23));
    assertEquals(new Place(1, 240, 245, 24), places.get(24));
    assertEquals(new Place(0, 0, 5, 24), places.get(25));
    assertEquals(new Place(0, 5, 15, 25), places.get(26));
    assertEquals(new Place(0, 385, 395, 63), places.get(64));
  }

  @Test
  void unevenTotalsRoundPlaceBoundsUpAndEmptyInputsHaveNone() {
    // 100 bytes in 64 places: place k starts at ceil(100k / 64)
    List<Place> places = SpreadSample.places(List.of(new Input("x", 100), new Input("e", 0)));
    assertEquals(SpreadSample.PLACES, places.size());
    assertEquals(new Place(0, 0, 2, 0), places.get(0));
    assertEquals(new Place(0, 2, 4, 1), places.get(1));
    assertEquals(new Place(0, 99, 100, 63), places.get(63)); // ceil(6300 / 64) = 99
    long covered = 0;
    for (Place p : places) {
      assertEquals(0, p.input());
      covered += p.to() - p.from();
    }
    assertEquals(100, covered);
    assertTrue(SpreadSample.places(List.of(new Input("e", 0))).isEmpty());
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> SpreadSample.places(List.of(new Input("n", -1))));
    assertTrue(e.getMessage().contains("negative size"), e.getMessage());
  }

  @Test
  void eachPlaceGivesItsShareRoundedUp() {
    assertEquals(Long.MAX_VALUE, SpreadSample.perPlace(0));
    assertEquals(1, SpreadSample.perPlace(1));
    assertEquals(1, SpreadSample.perPlace(64));
    assertEquals(2, SpreadSample.perPlace(65));
    assertEquals(157, SpreadSample.perPlace(10_000));
    SpreadSample.Quota quota = new SpreadSample.Quota(130); // 3 per place
    Place first = new Place(0, 0, 10, 0);
    assertEquals(3, quota.left(first));
    quota.took(first, 2); // it held two lines
    Place second = new Place(0, 10, 20, 1);
    assertEquals(4, quota.left(second)); // its three and the one the first lacked
    quota.took(second, 4);
    Place third = new Place(0, 20, 30, 2);
    Place thirdInTheNextInput = new Place(1, 0, 10, 2);
    assertEquals(3, quota.left(third));
    quota.took(third, 2);
    assertEquals(1, quota.left(thirdInTheNextInput)); // a place across inputs shares its quota
    assertEquals(Long.MAX_VALUE, new SpreadSample.Quota(0).left(third));
  }

  @Test
  void theSummarySaysWhatWasRead() {
    assertEquals("all 3000 rows", SpreadSample.description(3000, -1));
    assertEquals(
        "10000 rows from 64 places spread across 2.0 KiB", SpreadSample.description(10000, 2048));
    assertEquals(
        "5 rows from 64 places spread across 1024.0 KiB",
        SpreadSample.description(5, (1 << 20) - 1));
    assertEquals(
        "5 rows from 64 places spread across 1.0 MiB", SpreadSample.description(5, 1 << 20));
    assertEquals(
        "5 rows from 64 places spread across 12.0 MiB", SpreadSample.description(5, 12L << 20));
  }

  @Test
  void keptRowsStayEvenlySpreadAsTheyAreHalved() {
    SpreadSample.Kept kept = new SpreadSample.Kept();
    List<Variant> offered = new ArrayList<>();
    byte[] metadata = {1, 0, 0};
    byte[] nul = {0};
    for (int i = 0; i < 50_000; i++) {
      Variant v = Variant.of(metadata, nul); // a view of its own: rows are told apart by identity
      offered.add(v);
      kept.add(v);
    }
    // halved at 20,000 kept rows (every 2nd) and again at 20,000 (every 4th)
    List<Variant> rows = kept.rows();
    assertEquals(12_500, rows.size());
    for (int k = 0; k < rows.size(); k++) {
      assertTrue(offered.get(4 * k) == rows.get(k), "row " + k);
    }
    kept.clear();
    assertTrue(kept.rows().isEmpty());
  }

  @Test
  void reachingTheMostKeptHalvesTheRowsAtOnce() {
    SpreadSample.Kept kept = new SpreadSample.Kept();
    List<Variant> offered = new ArrayList<>();
    for (int i = 0; i < SpreadSample.MAX_ROWS_KEPT; i++) {
      Variant v = Variant.of(new byte[] {1, 0, 0}, new byte[] {0});
      offered.add(v);
      kept.add(v);
    }
    // the kept rows never stay at the most: at MAX_ROWS_KEPT every other one goes
    List<Variant> rows = kept.rows();
    assertEquals(SpreadSample.MAX_ROWS_KEPT / 2, rows.size());
    for (int k = 0; k < rows.size(); k++) {
      assertTrue(offered.get(2 * k) == rows.get(k), "row " + k);
    }
  }

  @Test
  void fewerRowsThanTheMostKeptAreAllKept() {
    SpreadSample.Kept kept = new SpreadSample.Kept();
    for (int i = 0; i < SpreadSample.MAX_ROWS_KEPT - 1; i++) {
      kept.add(Variant.of(new byte[] {1, 0, 0}, new byte[] {0}));
    }
    assertEquals(SpreadSample.MAX_ROWS_KEPT - 1, kept.rows().size());
  }
}
