// SPDX-License-Identifier: Apache-2.0
package io.variant.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.Gen;
import io.variant.testkit.Hex;
import io.variant.testkit.Trials;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ObjectSubset} cuts fields out of generated objects as a builder would re-encode the kept
 * ones over the same dictionary, through every entry point: from a view, from a cursor opened in
 * place, and into a reused buffer whose earlier results the next cut overwrites.
 */
class ObjectSubsetPropertyTest {
  private static final Gen.Config SMALL = Gen.Config.defaults().withBudgetBytes(4_000);

  @Test
  void cutsKeepTheOtherFieldsAsTheBuilderEncodesThem() {
    ObjectSubset cutter = new ObjectSubset(); // shared across trials: its buffer is reused
    Trials.run(
        "cutsKeepTheOtherFieldsAsTheBuilderEncodesThem",
        rnd -> {
          for (Variant object : objects(Gen.variant(rnd, SMALL), new ArrayList<>())) {
            int n = object.fieldCount();
            List<Integer> drop = new ArrayList<>();
            for (int i = 0; i < n; i++) {
              if (rnd.nextInt(3) == 0) {
                drop.add(i);
              }
            }
            int[] dropped = drop.stream().mapToInt(Integer::intValue).toArray();
            Variant expected = rebuilt(object, dropped);
            Variant fromView = ObjectSubset.without(object, dropped, dropped.length);
            assertNotNull(fromView, "a builder's object has its fields in key order");
            assertTrue(
                VariantEquality.physical(expected, fromView),
                () -> Hex.of(expected.valueBytes()) + " vs " + Hex.of(fromView.valueBytes()));
            ValueCursor c = new ValueCursor();
            c.open(object);
            String cut = Hex.of(cutter.cut(c, dropped, dropped.length).valueBytes());
            assertEquals(Hex.of(fromView.valueBytes()), cut);
          }
        });
  }

  /** The object and every object nested in {@code v}, collected into {@code out}. */
  private static List<Variant> objects(Variant v, List<Variant> out) {
    if (v.isObject()) {
      out.add(v);
      for (int i = 0; i < v.fieldCount(); i++) {
        objects(v.fieldValue(i), out);
      }
    } else if (v.isArray()) {
      for (int i = 0; i < v.size(); i++) {
        objects(v.element(i), out);
      }
    }
    return out;
  }

  /** The kept fields re-encoded by a builder over the object's dictionary. */
  private static Variant rebuilt(Variant object, int[] dropped) {
    VariantBuilder b = VariantBuilder.withMetadata(object.metadata());
    b.startObject();
    for (int i = 0, d = 0; i < object.fieldCount(); i++) {
      if (d < dropped.length && dropped[d] == i) {
        d++;
        continue;
      }
      b.key(object.fieldName(i));
      b.appendVariant(object.fieldValue(i));
    }
    b.endObject();
    return b.build();
  }
}
