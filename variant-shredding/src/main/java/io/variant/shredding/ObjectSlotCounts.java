// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the object slots of a plan took from the values split into them: per slot, the objects
 * (shredded into the slot's fields, so typed) and the other values, Variant null included, which
 * went whole to the slot's residual. A Parquet footer cannot tell the second kind apart: the slot's
 * {@code value} column also holds the unshredded fields of partially shredded objects. So a {@link
 * Splitter} counts them as it splits ({@link Splitter#objectCounts()}).
 *
 * <p>Slots are named by their JSONPath-like path ({@code $}, {@code $.user}, {@code $.items[*]}),
 * fields segmented by {@link PlanText#fieldSegment}, and listed in plan order (an object before its
 * fields). Immutable.
 */
public final class ObjectSlotCounts {
  /**
   * One object slot.
   *
   * @param path the slot's path, e.g. {@code $.user}
   * @param typed values that were objects
   * @param residual values that were not, sent whole to the slot's residual
   */
  public record Slot(String path, long typed, long residual) {}

  private static final ObjectSlotCounts NONE = new ObjectSlotCounts(List.of());

  private final List<Slot> slots;

  private ObjectSlotCounts(List<Slot> slots) {
    this.slots = List.copyOf(slots);
  }

  /** No slot: the counts of a plan without objects. */
  public static ObjectSlotCounts none() {
    return NONE;
  }

  /**
   * Counts of the given slots, in the given order.
   *
   * @throws IllegalArgumentException if two slots share a path or a count is negative
   */
  public static ObjectSlotCounts of(List<Slot> slots) {
    Map<String, Slot> byPath = new LinkedHashMap<>();
    for (Slot s : slots) {
      if (s.typed() < 0 || s.residual() < 0) {
        throw new IllegalArgumentException("Cannot count " + s + ": counts are never negative");
      }
      if (byPath.put(s.path(), s) != null) {
        throw new IllegalArgumentException("Cannot count slot " + s.path() + " twice");
      }
    }
    return new ObjectSlotCounts(slots);
  }

  /** The slots, in plan order. */
  public List<Slot> slots() {
    return slots;
  }

  /** True if there is no object slot. */
  public boolean isEmpty() {
    return slots.isEmpty();
  }

  /**
   * These counts and {@code other}'s added slot by slot (by path): this one's slots in order, then
   * those only {@code other} has.
   */
  public ObjectSlotCounts plus(ObjectSlotCounts other) {
    return combine(other, 1);
  }

  /**
   * These counts less {@code earlier}'s, slot by slot (by path): what a splitter counted since
   * {@code earlier} was taken from it.
   *
   * @throws IllegalArgumentException if {@code earlier} counts more in some slot, or has a slot
   *     this one lacks
   */
  public ObjectSlotCounts minus(ObjectSlotCounts earlier) {
    return combine(earlier, -1);
  }

  private ObjectSlotCounts combine(ObjectSlotCounts other, int sign) {
    if (other.isEmpty()) {
      return this;
    }
    Map<String, Slot> byPath = new LinkedHashMap<>();
    for (Slot s : slots) {
      byPath.put(s.path(), s);
    }
    for (Slot o : other.slots) {
      Slot s = byPath.getOrDefault(o.path(), new Slot(o.path(), 0, 0));
      byPath.put(
          o.path(),
          new Slot(o.path(), s.typed() + sign * o.typed(), s.residual() + sign * o.residual()));
    }
    return of(new ArrayList<>(byPath.values()));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ObjectSlotCounts c && c.slots.equals(slots);
  }

  @Override
  public int hashCode() {
    return slots.hashCode();
  }

  @Override
  public String toString() {
    return slots.toString();
  }
}
