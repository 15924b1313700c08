// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link RecentCache}: the most recent match wins, the oldest entry gives way, failures stay out.
 */
class RecentCacheTest {
  @Test
  void findsTheMostRecentMatchUntilItGivesWay() {
    RecentCache<String, Integer> c = new RecentCache<>(3);
    c.add("a", 1);
    c.add("b", 2);
    c.add("a", 3);
    assertEquals(3, c.find("a"::equals));
    assertEquals(2, c.find("b"::equals));
    assertNull(c.find("c"::equals));
    c.add("c", 4); // in place of the oldest entry: the first "a"
    c.add("d", 5); // in place of "b"
    assertNull(c.find("b"::equals));
    assertEquals(3, c.find("a"::equals));
    assertEquals(4, c.find("c"::equals));
    assertEquals(5, c.find("d"::equals));
  }

  @Test
  void byIdentityMakesOncePerObjectAndKeepsNoFailure() {
    RecentCache<StringBuilder, Object> c = new RecentCache<>(4);
    StringBuilder key = new StringBuilder("k");
    Object made = c.byIdentity(key, Object::new);
    assertSame(made, c.byIdentity(key, Object::new));
    // an equal but distinct key is another entry
    StringBuilder other = new StringBuilder("k");
    assertThrows(
        IllegalStateException.class,
        () ->
            c.byIdentity(
                other,
                () -> {
                  throw new IllegalStateException("cannot make it");
                }));
    Object second = c.byIdentity(other, Object::new);
    assertSame(second, c.byIdentity(other, Object::new));
    assertSame(made, c.byIdentity(key, Object::new));
  }
}
