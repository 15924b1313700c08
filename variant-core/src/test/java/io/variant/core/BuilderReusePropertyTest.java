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
