// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.MetadataBuilder;
import io.variant.core.ValueCursor;
import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import io.variant.core.json.VariantJson;
import io.variant.shredding.testkit.ShreddedTree;
import io.variant.testkit.HangGuard;
import io.variant.testkit.Hex;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link FieldMatcher}: a dictionary met a second time is matched by table (one lookup per field);
 * the first time, and for dictionaries no row repeats, the splitter compares key bytes instead. A
 * change that loses the table path stays correct and only slows every split: these tests notice.
 */
class FieldMatcherTest {
  private static byte[][] sorted(String... names) {
    byte[][] out = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      out[i] = names[i].getBytes(StandardCharsets.UTF_8);
    }
    Arrays.sort(out, Arrays::compareUnsigned);
    return out;
  }

  private static VariantMetadata dictionary(String... keys) {
    return new MetadataBuilder().addAll(List.of(keys)).build();
  }

  @Test
  void aDictionaryMetTwiceIsMatchedByTable() {
    // two object slots: {"b", "d"} and {"a"}
    FieldMatcher m = new FieldMatcher(List.of(sorted("d", "b"), sorted("a")));
    assertTrue(m.hasSlots());
    VariantMetadata row1 = dictionary("a", "b", "c", "d"); // ids 0..3 in key order
    assertNull(m.tables(row1), "first sight: match by key bytes");
    VariantMetadata row2 = VariantMetadata.of(row1.toBytes()); // another row, the same bytes
    int[][] tables = m.tables(row2);
    assertNotNull(tables, "second sight: by table");
    assertArrayEquals(new int[] {-1, 0, -1, 1}, tables[0]); // b -> 0, d -> 1
    assertArrayEquals(new int[] {0, -1, -1, -1}, tables[1]); // a -> 0
    assertSame(tables, m.tables(row2)); // the same row again
    assertSame(tables, m.tables(VariantMetadata.of(row1.toBytes()))); // and any later row
    assertNull(m.tables(dictionary("x", "y")), "another dictionary: its first sight");
    assertSame(tables, m.tables(row1));
  }

  @Test
  void oneDictionaryInstanceSharedByRowsIsMatchedByTableFromTheSecondRow() {
    // Readers hand one metadata object to every row of a dictionary-encoded page.
    FieldMatcher m = new FieldMatcher(List.<byte[][]>of(sorted("b")));
    VariantMetadata shared = dictionary("a", "b");
    assertNull(m.tables(shared), "first row");
    int[][] tables = m.tables(shared);
    assertNotNull(tables, "second row of the same dictionary");
    assertArrayEquals(new int[] {-1, 0}, tables[0]);
    assertSame(tables, m.tables(shared));
  }

  @Test
  void tablesOfSeveralDictionariesAreKeptSideBySide() {
    FieldMatcher m = new FieldMatcher(List.<byte[][]>of(sorted("b")));
    VariantMetadata a = dictionary("a", "b");
    VariantMetadata b = dictionary("b", "c");
    assertNull(m.tables(a));
    assertNull(m.tables(b)); // a second first sight does not forget the first
    int[][] ta = m.tables(VariantMetadata.of(a.toBytes()));
    assertNotNull(ta);
    int[][] tb = m.tables(VariantMetadata.of(b.toBytes()));
    assertNotNull(tb); // a second table does not push out the first
    assertSame(ta, m.tables(VariantMetadata.of(a.toBytes())));
    assertSame(tb, m.tables(VariantMetadata.of(b.toBytes())));
    assertArrayEquals(new int[] {-1, 0}, ta[0]);
    assertArrayEquals(new int[] {0, -1}, tb[0]);
  }

  @Test
  void pastTheBoundTheCachesStartOverAndStillMatch() {
    FieldMatcher m = new FieldMatcher(List.<byte[][]>of(sorted("k")));
    // Dictionaries met once, past twice the bound: the set of first sights starts over, twice
    for (int i = 0; i < 2 * FieldMatcher.MAX_DICTIONARIES + 10; i++) {
      assertNull(m.tables(dictionary("k", "v" + i)), "v" + i); // no two of them hash alike
    }
    // Each met twice in a row, past the bound three times: the tables start over each time (a
    // table of twice the bound's slots that only forgot its count would fill and never find a free
    // slot) and still match
    assertTimeoutPreemptively(
        HangGuard.seconds(30),
        () -> {
          for (int i = 0; i < 3 * FieldMatcher.MAX_DICTIONARIES + 10; i++) {
            VariantMetadata d = dictionary("k", "w" + i);
            m.tables(d);
            int[][] t = m.tables(VariantMetadata.of(d.toBytes()));
            assertNotNull(t, "dictionary " + i);
            assertArrayEquals(new int[] {0, -1}, t[0]);
            assertSame(t, m.tables(VariantMetadata.of(d.toBytes())));
          }
        });
  }

  @Test
  void aKeyThatAppearsTwiceMatchesItsFirstField() {
    // Malformed: {"a": 1, "a": 2}, both fields with id 0
    Variant v =
        Variant.of(Hex.bytes("11 01 00 01 61"), Hex.bytes("02 02 00 00 00 02 04 0C 01 0C 02"));
    ValueCursor c = new ValueCursor();
    int n = c.open(v);
    int[] found = new int[1];
    int[] shredded = new int[2];
    assertEquals(1, FieldMatcher.match(c, n, new int[] {0}, found, shredded));
    assertEquals(0, found[0]);
    assertEquals(0, shredded[0]);
  }

  @Test
  void aPlanWithoutObjectSlotsHasNothingToMatch() {
    assertFalse(new FieldMatcher(List.of()).hasSlots());
  }

  @Test
  void matchFindsEachShreddedFieldByIdInFieldOrder() {
    Variant v = VariantJson.parse("{\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4}");
    FieldMatcher m = new FieldMatcher(List.<byte[][]>of(sorted("d", "b")));
    assertNull(m.tables(v.metadata())); // first sight
    int[] idToName = m.tables(v.metadata())[0];
    ValueCursor c = new ValueCursor();
    int n = c.open(v);
    int[] found = new int[2];
    int[] shredded = new int[2];
    assertEquals(2, FieldMatcher.match(c, n, idToName, found, shredded));
    assertArrayEquals(new int[] {1, 3}, found); // "b" is field 1, "d" field 3
    assertArrayEquals(new int[] {1, 3}, shredded);
  }

  @Test
  void splitsOfRowsSharingADictionaryAgreeWithTheFirst() {
    // The first row is matched by key bytes, the others by table: all must split alike.
    ShreddingPlan plan = ShreddingPlan.parse("{\"d\": int64, \"b\": int64}");
    Splitter splitter = Splitter.of(plan, SplitOptions.defaults());
    Variant v = VariantJson.parse("{\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4}");
    String first = null;
    for (int row = 0; row < 3; row++) {
      ShreddedTree t = new ShreddedTree();
      splitter.split(Variant.of(v.metadataBytes(), v.valueBytes()), t);
      String text = t.root().toString();
      if (first == null) {
        first = text;
      }
      assertEquals(first, text, "row " + row);
    }
  }
}
