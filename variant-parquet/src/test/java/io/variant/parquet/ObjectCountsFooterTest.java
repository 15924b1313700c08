// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.variant.shredding.ObjectSlotCounts;
import io.variant.shredding.ObjectSlotCounts.Slot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The footer entry of the writers' object counts: its text, read back, and what is not one. */
class ObjectCountsFooterTest {
  @Test
  void oneMemberPerSlotInOrderReadBackInPathOrder() {
    ObjectSlotCounts counts =
        ObjectSlotCounts.of(
            List.of(
                new Slot("$", 1000, 0),
                new Slot("$[\"a \\\"b\"]", 5, 6), // a field named a "b, quoted as plans quote it
                new Slot("$.o", 700, 300),
                new Slot("$.a[*]", 3500, 500)));
    String text = ObjectCountsFooter.format(counts);
    assertEquals(
        "{\"$\":[1000,0],\"$[\\\"a \\\\\\\"b\\\"]\":[5,6],\"$.o\":[700,300],\"$.a[*]\":[3500,500]}",
        text);

    ObjectSlotCounts read =
        ObjectCountsFooter.read(Map.of("variant.object_counts.event", text), "event");
    assertEquals(
        List.of(
            new Slot("$", 1000, 0),
            new Slot("$.a[*]", 3500, 500),
            new Slot("$.o", 700, 300),
            new Slot("$[\"a \\\"b\"]", 5, 6)),
        read.slots());
    assertEquals(Map.of(), ObjectCountsFooter.entries("event", ObjectSlotCounts.none()));
  }

  @Test
  void aMissingOrForeignEntryReadsAsNoCounts() {
    assertNull(ObjectCountsFooter.read(Map.of(), "event"));
    assertNull(ObjectCountsFooter.read(Map.of("variant.object_counts.other", "{}"), "event"));
    for (String foreign :
        List.of("not json", "[1, 2]", "{\"$\": [1]}", "{\"$\": [1, \"x\"]}", "{\"$\": [-1, 0]}")) {
      assertNull(
          ObjectCountsFooter.read(Map.of("variant.object_counts.event", foreign), "event"),
          foreign);
    }
  }
}
