// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.variant.testkit.Gen;
import io.variant.testkit.Model;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * One builder reused across many values (its key cache kept across {@link VariantBuilder#reset()})
 * writes exactly the bytes a fresh builder writes, including when sorting the dictionary changes
 * ids in objects of a value with more than 256 keys.
 */
class BuilderReusePropertyTest {
  @Test
  void aReusedBuilderWritesWhatAFreshOneWrites() {
    VariantBuilder reused = new VariantBuilder();
    Trials.run(
        "aReusedBuilderWritesWhatAFreshOneWrites",
        rnd -> {
          Model m = Gen.model(rnd);
          Variant fresh = m.build();
          reused.reset();
          m.appendTo(reused);
          Variant again = reused.build();
          assertArrayEquals(fresh.valueBytes(), again.valueBytes());
          assertArrayEquals(fresh.metadataBytes(), again.metadataBytes());
        });
  }

  @Test
  void manyKeysInShuffledOrderMatchTheCanonicalCopy() {
    VariantBuilder reused = new VariantBuilder();
    Trials.run(
        "manyKeysInShuffledOrderMatchTheCanonicalCopy",
        Math.max(1, Trials.trials() / 10),
        rnd -> {
          reused.reset();
          Variant v = wide(reused, rnd);
          v.validate();
          Variant canonical = VariantBuilder.canonicalize(v);
          assertArrayEquals(canonical.valueBytes(), v.valueBytes());
          assertArrayEquals(canonical.metadataBytes(), v.metadataBytes());
        });
  }

  /**
   * Wide objects with repeated keys (LAST_WINS) on a builder whose keys are all ranked, the path
   * that sorts by a rank table, give what a fresh builder gives.
   */
  @Test
  void wideObjectsWithRepeatedKeysMatchAFreshBuilder() {
    BuilderOptions lastWins = BuilderOptions.defaults().withDuplicateKeys(DuplicateKeys.LAST_WINS);
    VariantBuilder reused = new VariantBuilder(lastWins);
    Trials.run(
        "wideObjectsWithRepeatedKeysMatchAFreshBuilder",
        Math.max(1, Trials.trials() / 10),
        rnd -> {
          List<String> names = new ArrayList<>();
          for (int i = 0, n = 20 + rnd.nextInt(300); i < n; i++) {
            names.add("key_" + rnd.nextInt(400)); // repeats on purpose
          }
          Variant expected = flat(new VariantBuilder(lastWins), names);
          for (int round = 0; round < 3; round++) { // later rounds find every key ranked
            reused.reset();
            Variant again = flat(reused, names);
            assertArrayEquals(expected.valueBytes(), again.valueBytes());
            assertArrayEquals(expected.metadataBytes(), again.metadataBytes());
          }
          for (int i = 0; i < names.size(); i++) {
            if (names.lastIndexOf(names.get(i)) == i) {
              assertEquals(i, expected.field(names.get(i)).longValue());
            }
          }
        });
  }

  private static Variant flat(VariantBuilder b, List<String> names) {
    b.startObject();
    for (int i = 0; i < names.size(); i++) {
      b.key(names.get(i)).appendLong(i);
    }
    return b.endObject().build();
  }

  /**
   * An object of 200-400 keys in random order, some holding small objects over a few of the same
   * keys.
   */
  private static Variant wide(VariantBuilder b, Random rnd) {
    List<String> names = new ArrayList<>();
    for (int i = 0, n = 200 + rnd.nextInt(200); i < n; i++) {
      names.add(String.format("k%04d", rnd.nextInt(1000)));
    }
    names = new ArrayList<>(new java.util.TreeSet<>(names));
    Collections.shuffle(names, rnd);
    b.startObject();
    for (String name : names) {
      b.key(name);
      if (rnd.nextInt(10) == 0) {
        b.startObject()
            .key(names.get(rnd.nextInt(names.size())))
            .appendLong(1)
            .key("zz" + rnd.nextInt(3))
            .startArray()
            .appendString("x")
            .endArray()
            .endObject();
      } else {
        b.appendLong(rnd.nextInt(1000));
      }
    }
    b.endObject();
    Variant v = b.build();
    assertEquals(names.size(), v.fieldCount());
    return v;
  }
}
