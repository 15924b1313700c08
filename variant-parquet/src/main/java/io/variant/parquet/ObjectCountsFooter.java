// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ObjectSlotCounts;
import io.variant.shredding.PlanText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The footer entry in which this project's writers record what the object paths of a VARIANT column
 * took ({@link ObjectSlotCounts}): key {@code variant.object_counts.COLUMN}, value a JSON object
 * from each object path to its objects (typed) and its other values (residual), e.g. {@code
 * {"$":[1000,0],"$.o":[700,300]}}. Column statistics count the typed and residual values of a typed
 * leaf, but not of an object path: its {@code value} column holds the values that are not objects
 * and also the unshredded fields of partially shredded objects. A file from another writer has no
 * entry, and its object paths' shares are unknown.
 *
 * <p>Written when a file ends, for every VARIANT column whose plan has an object, in either layout.
 * <b>Thread safety:</b> stateless.
 */
public final class ObjectCountsFooter {
  /** What the key of a column's entry starts with; the column's name follows. */
  public static final String KEY_PREFIX = "variant.object_counts.";

  private ObjectCountsFooter() {}

  /** The key of VARIANT column {@code column}'s entry. */
  public static String key(String column) {
    return KEY_PREFIX + column;
  }

  /** The entry's value for {@code counts}: the slots in order, one JSON member each. */
  public static String format(ObjectSlotCounts counts) {
    StringBuilder out = new StringBuilder("{");
    for (ObjectSlotCounts.Slot s : counts.slots()) {
      out.append(out.length() == 1 ? "" : ",")
          .append(PlanText.quoteKey(s.path()))
          .append(":[")
          .append(s.typed())
          .append(',')
          .append(s.residual())
          .append(']');
    }
    return out.append('}').toString();
  }

  /**
   * The footer entry of VARIANT column {@code column}: none (an empty map) when its plan has no
   * object, so that a plan without objects adds nothing.
   */
  public static Map<String, String> entries(String column, ObjectSlotCounts counts) {
    return counts.isEmpty() ? Map.of() : Map.of(key(column), format(counts));
  }

  /**
   * The counts of VARIANT column {@code column} in a footer's key-value metadata.
   *
   * @return the counts (slots in path order), or {@code null} if the footer has no entry for the
   *     column or its value is not one {@link #format} writes
   */
  public static ObjectSlotCounts read(Map<String, String> keyValueMetadata, String column) {
    String text = keyValueMetadata.get(key(column));
    if (text == null) {
      return null;
    }
    try {
      Variant v = VariantJson.parse(text);
      if (!v.isObject()) {
        return null;
      }
      List<ObjectSlotCounts.Slot> slots = new ArrayList<>();
      for (int i = 0; i < v.fieldCount(); i++) {
        Variant pair = v.fieldValue(i);
        if (!pair.isArray() || pair.size() != 2) {
          return null;
        }
        slots.add(
            new ObjectSlotCounts.Slot(
                v.fieldName(i), pair.element(0).longValue(), pair.element(1).longValue()));
      }
      return ObjectSlotCounts.of(slots);
    } catch (VariantException | IllegalArgumentException e) {
      return null; // not ours after all: no counts rather than wrong ones
    }
  }
}
