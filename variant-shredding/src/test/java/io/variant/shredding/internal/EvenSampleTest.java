// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EvenSampleTest {
  private static List<Integer> upTo(int n) {
    return IntStream.range(0, n).boxed().collect(Collectors.toList());
  }

  @Test
  void picksEvenlySpacedItemsInOrderStartingWithTheFirst() {
    assertEquals(List.of(0, 25, 50, 75), EvenSample.of(upTo(100), 4));
    assertEquals(List.of(0, 2, 5, 7), EvenSample.of(upTo(10), 4));
  }

  @Test
  void aShortListIsItsOwnSample() {
    List<Integer> few = upTo(3);
    assertSame(few, EvenSample.of(few, 3));
    assertSame(few, EvenSample.of(few, 10));
    assertEquals(List.of(), EvenSample.of(upTo(5), 0));
  }

  @Test
  void aNegativeSizeIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> EvenSample.of(upTo(5), -1));
  }
}
