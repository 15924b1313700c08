// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddingException;
import io.variant.shredding.ShreddingPlan;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * {@code variant_get}: the value at a path of every row, cast to an Arrow type (the types and casts
 * are listed below), as a typed vector. The path is followed through the shredded storage (spec:
 * VariantShredding §Objects, §Arrays): where it ends at a typed column of the requested type, the
 * typed value is copied as it is; at a typed column of another type, or at a typed object or array,
 * the value is rebuilt from its slot alone; only rows whose value sits in a residual are parsed,
 * from the residual's bytes. A path that meets a missing field, an index past an array's end, or a
 * value of the wrong kind gives SQL NULL, as {@link VariantPath#extract} gives {@code null}.
 *
 * <p><b>Casts.</b> The types it casts to, and how a Variant value becomes each; a value that does
 * not fit is a cast failure (never a rounded or clamped value, except as the decimal row says):
 *
 * <ul>
 *   <li>{@code Bool}: booleans; the strings {@code true} and {@code false} (any case).
 *   <li>{@code Int(8|16|32|64, signed)}: integral numbers in range (integers, decimals and floats
 *       with no fraction, strings holding one); a fraction fails rather than truncating.
 *   <li>{@code FloatingPoint(SINGLE|DOUBLE)}: numbers and numeric strings, to the nearest value.
 *   <li>{@code Decimal(p, s, 128)}: numbers and numeric strings, rounded half up to scale {@code s}
 *       (as Spark casts), failing above precision {@code p}.
 *   <li>{@code Utf8}: strings as they are; dates, times, timestamps, UUIDs and binaries as their
 *       text (their JSON string without its quotes: ISO-8601, base64); any other value as its JSON
 *       text (as Spark).
 *   <li>{@code Binary}: binaries.
 *   <li>{@code Date(DAY)}: dates; a timestamp's date (with a zone: in UTC); ISO-8601 text ({@code
 *       yyyy-m-d}, then optionally {@code T} or a space and a time to the nanosecond, then
 *       optionally a zone {@code Z}, {@code ±hh}, {@code ±hhmm} or {@code ±hh:mm}), the date
 *       written.
 *   <li>{@code Timestamp(MICROSECOND, zone)}, with a zone ({@code zone} non-null) or without:
 *       timestamps of either kind, converted through UTC, in microseconds or in nanoseconds that
 *       are whole microseconds; a date at midnight; ISO-8601 text, its zone applied (none: UTC) for
 *       a zoned type and ignored, the wall time kept, for one without, as Spark casts; digits below
 *       the microsecond that are not zero fail.
 * </ul>
 *
 * A Variant null is SQL NULL for every type, and is no failure. Without a type ({@link
 * #variantGet(VariantVector, VariantPath)}) the value stays a Variant, as {@code variant_get(v,
 * path, 'variant')} and DuckDB's {@code variant_extract} give it: a Variant null stays one.
 *
 * <pre>{@code
 * try (FieldVector ids = VariantGet.variantGet(column, VariantPath.parse("$.user.id"),
 *     new ArrowType.Int(64, true), CastMode.LENIENT)) { ... }
 * }</pre>
 *
 * <p>Equal, row for row, to extracting the path from the rebuilt row ({@link Unshred}) and casting
 * it.
 */
public final class VariantGet {
  private final ColumnReader reader;
  private final String path; // for messages
  private final List<Segment> segments;
  private final VariantPath[] tails; // tails[s]: the path from segment s on
  // fields[s]: where segment s is a key into a typed object, that object's field index (-1: none);
  // the slots along the typed part of a path are the same in every row
  private final int[] fields;
  private final CastTarget target; // null: the value as a Variant
  private final CastMode mode;
  private final Map<SlotVectors, Rebuilder> rebuilders = new IdentityHashMap<>();
  private final TypedRuns typedRuns; // null: every row by the walk down the path

  private VariantGet(
      VariantVector column, VariantPath path, ArrowType type, CastMode mode, boolean runs) {
    this.reader = column.reader();
    this.path = path.toString();
    this.segments = path.segments();
    this.tails = new VariantPath[segments.size()];
    for (int s = 0; s < tails.length; s++) {
      tails[s] = VariantPath.of(segments.subList(s, segments.size()));
    }
    this.fields = fieldIndexes(reader.root(), segments);
    this.target = type == null ? null : CastTarget.of(type);
    this.mode = mode;
    this.typedRuns = runs ? TypedRuns.of(column, reader.root(), segments, fields, target) : null;
  }

  /**
   * A new vector named after {@code column} holding, for every row, the value at {@code path} cast
   * to {@code type}, from {@code column}'s allocator; the caller closes it.
   *
   * @throws IllegalArgumentException if {@code type} is not one of the types listed above
   * @throws VariantVectorException under {@link CastMode#STRICT}, naming the first row whose value
   *     does not cast; under either mode, naming a row whose bytes are malformed. Nothing stays
   *     allocated.
   */
  public static FieldVector variantGet(
      VariantVector column, VariantPath path, ArrowType type, CastMode mode) {
    return new VariantGet(column, path, type, mode, true).run(column, null);
  }

  /**
   * {@link #variantGet(VariantVector, VariantPath, ArrowType, CastMode)} of the rows {@code rows}
   * alone (a selection vector: the output's row {@code i} is {@code column}'s row {@code rows[i]}),
   * so that a filter's rejected rows are neither read nor cast, as SQL engines filter before they
   * cast; a {@link VariantVectorException} names {@code column}'s row.
   *
   * @throws IndexOutOfBoundsException if a row of {@code rows} is not one of {@code column}'s (0 to
   *     its value count, less one); nothing is allocated
   */
  public static FieldVector variantGet(
      VariantVector column, VariantPath path, ArrowType type, CastMode mode, int[] rows) {
    return new VariantGet(column, path, type, mode, true).run(column, rows.clone());
  }

  /**
   * A new unshredded Variant column named after {@code column} holding, for every row, the value at
   * {@code path} (SQL NULL where the path reaches nothing), from {@code column}'s allocator; the
   * caller closes it. A value in a typed column is rebuilt from that column alone, one in a
   * residual is a copy of its bytes: no row is rebuilt whole.
   *
   * @throws VariantVectorException naming a row whose bytes are malformed; nothing stays allocated
   */
  public static VariantVector variantGet(VariantVector column, VariantPath path) {
    return (VariantVector)
        new VariantGet(column, path, null, CastMode.STRICT, true).run(column, null);
  }

  /**
   * {@link #variantGet(VariantVector, VariantPath)} of the rows {@code rows} alone: the output's
   * row {@code i} is {@code column}'s row {@code rows[i]}.
   *
   * @throws IndexOutOfBoundsException if a row of {@code rows} is not one of {@code column}'s
   */
  public static VariantVector variantGet(VariantVector column, VariantPath path, int[] rows) {
    return (VariantVector)
        new VariantGet(column, path, null, CastMode.STRICT, true).run(column, rows.clone());
  }

  /** Fills a new vector from the input rows {@code selection} (null: every row), in order. */
  private FieldVector run(VariantVector column, int[] selection) {
    int rows = selection == null ? column.getValueCount() : selection.length;
    if (selection != null) {
      // a row past the count may still be in the buffers (a reused vector's earlier batch)
      int count = column.getValueCount();
      for (int r : selection) {
        if (r < 0 || r >= count) {
          throw new IndexOutOfBoundsException(
              "Cannot select row " + r + " of " + column.getName() + ": it has " + count + " rows");
        }
      }
    }
    FieldVector out =
        target == null
            ? VariantVector.create(
                column.getName(), ShreddingPlan.residual(), column.getAllocator())
            : target.newVector(column.getName(), column.getAllocator());
    IntConsumer rowByRow =
        i -> {
          int row = selection == null ? i : selection[i];
          if (!column.isNull(row)) {
            row(out, i, row);
          }
        };
    return typedRuns == null
        ? RowLoop.fill(out, rows, rowByRow)
        : RowLoop.fill(out, rows, () -> typedRuns.fill(out, rows, selection, rowByRow));
  }

  /**
   * {@link #variantGet(VariantVector, VariantPath, ArrowType, CastMode, int[])} with every row
   * walked down the path and copied or cast on its own ({@code selection} null: every row): the
   * reference the copy of typed runs is held equal to.
   */
  static FieldVector rowByRow(
      VariantVector column, VariantPath path, ArrowType type, CastMode mode, int[] selection) {
    return new VariantGet(column, path, type, mode, false).run(column, selection);
  }

  /**
   * Output row {@code i} from input row {@code row}; a value that cannot be read fails naming the
   * path, whether reading finds it so or copying or casting does.
   */
  private void row(FieldVector out, int i, int row) {
    try {
      write(out, i, row, valueAt(out, i, row));
    } catch (VariantVectorException e) {
      throw e;
    } catch (VariantException e) {
      throw VariantVectorException.at(row, "read " + path, e.getMessage(), e);
    }
  }

  private void write(FieldVector out, int i, int row, Variant value) {
    if (target == null) {
      ((VariantVector) out).setSafe(i, value); // null: SQL NULL
      return;
    }
    if (value == null || value.isNull()) {
      return; // SQL NULL, or written already by the typed copy
    }
    if (!target.write(out, i, value) && mode == CastMode.STRICT) {
      throw VariantVectorException.at(
          row, "cast to " + target.type(), "the value is " + value.type() + " " + value, null);
    }
  }

  /**
   * Follows the path through the slots of input row {@code row}; returns the value to cast, or
   * {@code null} when the result is SQL NULL or the typed value was copied into {@code out}'s row
   * {@code i}. The row's dictionary is read only when a residual is parsed or a value rebuilt: a
   * typed column of the requested type needs none.
   */
  private Variant valueAt(FieldVector out, int i, int row) {
    SlotVectors slot = reader.root();
    int index = row;
    for (int s = 0; s < segments.size(); s++) {
      if (!slot.hasTyped(index)) {
        return rest(slot, row, index, s); // the whole value is in the residual
      }
      Segment segment = segments.get(s);
      switch (slot.plan.shape()) {
        case OBJECT -> {
          if (!(segment instanceof Segment.Key)) {
            return null; // an index on an object
          }
          int field = fields[s];
          if (field < 0) {
            return rest(slot, row, index, s); // an unshredded field, if any
          }
          slot = slot.fields[field];
        }
        case ARRAY -> {
          if (!(segment instanceof Segment.Index at)) {
            return null; // a key on an array
          }
          ListVector list = slot.list();
          int start = list.getElementStartIndex(index);
          if (at.index() >= list.getElementEndIndex(index) - start) {
            return null;
          }
          index = start + at.index();
          slot = slot.element;
        }
        case SCALAR, RESIDUAL -> {
          return null; // a step into a scalar
        }
      }
    }
    return at(out, i, row, slot, index);
  }

  /** For each segment that is a key into a typed object, the field's index in the object plan. */
  private static int[] fieldIndexes(SlotVectors root, List<Segment> segments) {
    int[] fields = new int[segments.size()];
    Arrays.fill(fields, -1);
    SlotVectors slot = root;
    for (int s = 0; s < segments.size() && slot != null; s++) {
      Segment segment = segments.get(s);
      ShreddingPlan.Shape shape = slot.plan.shape();
      if (shape == ShreddingPlan.Shape.OBJECT && segment instanceof Segment.Key key) {
        fields[s] = slot.plan.asObject().indexOf(key.name());
        slot = fields[s] < 0 ? null : slot.fields[fields[s]];
      } else if (shape == ShreddingPlan.Shape.ARRAY && segment instanceof Segment.Index) {
        slot = slot.element;
      } else {
        slot = null;
      }
    }
    return fields;
  }

  /** The value of the slot the path ends at in input row {@code row}, for output row {@code i}. */
  private Variant at(FieldVector out, int i, int row, SlotVectors slot, int index) {
    if (!slot.hasTyped(index)) {
      return slot.hasResidual(index) ? slot.residual(reader.metadata(row), index) : null;
    }
    // a residual beside a typed scalar is invalid (only a partially shredded object holds both:
    // VariantShredding §Objects): the rebuild refuses the row, in the row reader's words
    if (target != null
        && slot.scalar != null
        && slot.typedType.equals(target.type())
        && !slot.hasResidual(index)) {
      out.copyFromSafe(index, i, slot.typed); // the typed column is the answer: no Variant
      return null;
    }
    VariantMetadata metadata = reader.metadata(row);
    Rebuilder rebuilder = rebuilders.computeIfAbsent(slot, s -> Rebuilder.of(s.plan));
    try {
      return rebuilder.rebuild(metadata, new VectorSource(slot, index, metadata));
    } catch (ShreddingException e) {
      throw e.at(path); // the rebuild names the slot from the value at the path
    }
  }

  /**
   * The rest of the path, from segment {@code s}, in the residual of {@code slot} at {@code index}
   * (or {@code null}).
   */
  private Variant rest(SlotVectors slot, int row, int index, int s) {
    if (!slot.hasResidual(index)) {
      return null;
    }
    Variant residual = slot.residual(reader.metadata(row), index);
    return tails[s].extract(residual);
  }
}
