// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.BuilderOptions;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantException;
import io.variant.core.VariantLimitException;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantSink;
import io.variant.core.internal.ExclusiveUse;
import io.variant.shredding.ShreddingPlan.ArrayPlan;
import io.variant.shredding.ShreddingPlan.ObjectPlan;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * Rebuilds Variants from their shredded parts: the current spec's {@code construct_variant}, which
 * rebuilds objects and arrays field by field and element by element (spec: VariantShredding
 * §Reconstructing a Shredded Variant).
 *
 * <pre>{@code
 * Rebuilder rebuilder = Rebuilder.of(plan);
 * Variant back = rebuilder.rebuild(variant.metadata(), row.root()); // row.root() is a ShreddedSource
 * }</pre>
 *
 * <ul>
 *   <li>A slot with a typed part rebuilds from it; a scalar or array slot with both parts set is
 *       invalid.
 *   <li>An object slot merges its present shredded fields with the residual object's fields; a
 *       residual that is not an object beside shredded fields is invalid.
 *   <li>A slot with neither part is missing: an object field is omitted, an array element or the
 *       top level becomes Variant null.
 * </ul>
 *
 * <p><b>Output:</b> keys sorted by unsigned UTF-8 bytes and smallest widths; typed values take the
 * column's Variant type ({@link ShreddedType#variantType()}). In the spec layout ({@code
 * rowMetadata} given) the result's metadata has the row's bytes and residual values are copied byte
 * for byte, so the result is canonical when the residuals are (the {@link Splitter} copies them
 * from its input). In the draft layout every key is re-encoded into a fresh sorted dictionary. Rows
 * over a sorted row dictionary holding the plan's keys (what this project's writer writes) take a
 * path that resolves the plan's field ids once per dictionary and writes ids directly ({@code
 * FixedDictionaryRebuild}); it gives the same results and leaves every other row, and every error,
 * to the general path.
 *
 * <p><b>Validation:</b> every invalid combination throws {@link ShreddingException} with the slot's
 * path; a malformed residual throws {@link io.variant.core.VariantFormatException} when read.
 *
 * <p><b>Limits:</b> a rebuild reads each typed value and each residual of its source once, so its
 * output is linear in its input: residuals over the row's dictionary are copied byte for byte
 * (shared offsets stay shared, nothing expands), and a residual that has to be re-encoded (draft
 * layout, or another dictionary) is copied under a {@link io.variant.core.WalkBudget} of {@link
 * io.variant.core.Limits#maxExpansion()}. The rebuilt value is bounded by {@link
 * io.variant.core.Limits#maxDepth()} and {@link io.variant.core.Limits#maxValueBytes()}. Past any
 * of them it throws {@link io.variant.core.VariantLimitException}. The limits come from {@link
 * RebuildOptions#limits()}.
 *
 * <p><b>Thread safety:</b> none: a Rebuilder reuses one builder between rows. {@link #of} is cheap,
 * so make one per thread. Sharing one is detected: a call that starts while another thread's call
 * is inside fails at once with {@link java.util.ConcurrentModificationException} ({@link
 * ExclusiveUse}), and the other call's result is unaffected.
 */
public final class Rebuilder {
  private static final double LOG2_10 = 3.321928094887362; // a hair below log2(10): safe bound
  private final ShreddingPlan plan;
  private final RebuildOptions options;
  private VariantBuilder builder;
  private VariantMetadata builderMetadata;
  private final BuilderOptions builderOptions;
  private final FixedDictionaryRebuild sortedDictionaryRows;
  private final ExclusiveUse use =
      new ExclusiveUse("Rebuilder", "make one per thread with Rebuilder.of");

  private Rebuilder(ShreddingPlan plan, RebuildOptions options, boolean fastPath) {
    this.plan = plan;
    this.options = options;
    this.builderOptions = BuilderOptions.defaults().withLimits(options.limits());
    this.sortedDictionaryRows = fastPath ? new FixedDictionaryRebuild(plan, options) : null;
  }

  /** A rebuilder that always takes the general path: what tests compare the fast path with. */
  static Rebuilder generalOnly(ShreddingPlan plan, RebuildOptions options) {
    return new Rebuilder(plan, options, false);
  }

  /** A rebuilder with {@link RebuildOptions#defaults()}: every invalid combination fails. */
  public static Rebuilder of(ShreddingPlan plan) {
    return of(plan, RebuildOptions.defaults());
  }

  /**
   * A rebuilder for data shredded with {@code plan}.
   *
   * @throws NullPointerException if either argument is null
   */
  public static Rebuilder of(ShreddingPlan plan, RebuildOptions options) {
    if (plan == null || options == null) {
      throw new NullPointerException("plan and options must not be null");
    }
    return new Rebuilder(plan, options, true);
  }

  /** The plan the shredded data follows. */
  public ShreddingPlan plan() {
    return plan;
  }

  /**
   * Rebuilds one row.
   *
   * @param rowMetadata the row's {@code metadata} column (spec layout), or {@code null} in the
   *     draft layout, where residuals carry their own dictionaries
   * @param root the top-level slot
   * @return the Variant; Variant null when the top level is missing (both parts null)
   * @throws ShreddingException naming the path of an invalid combination
   * @throws io.variant.core.VariantLimitException past a limit of {@link RebuildOptions#limits()}
   * @throws java.util.ConcurrentModificationException if another thread is inside this rebuilder
   */
  public Variant rebuild(VariantMetadata rowMetadata, ShreddedSource root) {
    use.enter();
    try {
      return rebuildExclusively(rowMetadata, root);
    } finally {
      use.exit();
    }
  }

  /**
   * Rebuilds one row into {@code sink}, as {@link #rebuild} returns it: a row the fast path builds
   * comes as bytes of its builder, copied once by the sink, and no {@link Variant} is made of it.
   *
   * @throws ShreddingException naming the path of an invalid combination
   * @throws io.variant.core.VariantLimitException past a limit of {@link RebuildOptions#limits()}
   * @throws java.util.ConcurrentModificationException if another thread is inside this rebuilder
   */
  public void rebuildTo(VariantMetadata rowMetadata, ShreddedSource root, VariantSink sink) {
    use.enter();
    try {
      if (!fastPath(rowMetadata) || !sortedDictionaryRows.rebuildTo(rowMetadata, root, sink)) {
        sink.add(rebuildGenerally(rowMetadata, root));
      }
    } finally {
      use.exit();
    }
  }

  /** Whether the fast path may take rows over {@code rowMetadata}. */
  private boolean fastPath(VariantMetadata rowMetadata) {
    return sortedDictionaryRows != null && rowMetadata != null && rowMetadata.isSorted();
  }

  private Variant rebuildExclusively(VariantMetadata rowMetadata, ShreddedSource root) {
    if (fastPath(rowMetadata)) {
      Variant v = sortedDictionaryRows.rebuild(rowMetadata, root);
      if (v != null) {
        return v;
      }
    }
    return rebuildGenerally(rowMetadata, root);
  }

  private Variant rebuildGenerally(VariantMetadata rowMetadata, ShreddedSource root) {
    VariantBuilder b = builderFor(rowMetadata);
    try {
      if (!slot(b, null, plan, root)) {
        b.appendNull();
      }
      return b.build();
    } catch (SlotPath.Failure f) {
      throw f.toException();
    } finally {
      b.reset();
    }
  }

  /**
   * The builder for rows with metadata {@code m}, rebuilt only when the dictionary's bytes change.
   * It is seeded with a private copy, so results never share the caller's (possibly reused)
   * metadata buffer.
   */
  private VariantBuilder builderFor(VariantMetadata m) {
    if (m == null) {
      if (builder == null || builderMetadata != null) {
        builder = new VariantBuilder(builderOptions);
        builderMetadata = null;
      }
    } else if (builder == null || builderMetadata == null || !builderMetadata.sameBytes(m)) {
      builderMetadata = VariantMetadata.of(m.toBytes());
      builder = VariantBuilder.withMetadata(builderMetadata, builderOptions);
    }
    return builder;
  }

  /**
   * Appends the slot's value, preceded by {@code key} when it is an object field; returns false,
   * appending nothing, if the slot is missing (both parts null).
   */
  private boolean slot(VariantBuilder b, String key, ShreddingPlan p, ShreddedSource s) {
    Variant residual = s.residual();
    boolean typed = s.hasTyped() && p.isShredded();
    if (!typed && residual == null) {
      return false;
    }
    if (key != null) {
      b.key(key);
    }
    if (!typed) {
      b.appendVariant(residual); // spec: the residual's field ids already index the row's metadata
    } else {
      switch (p.shape()) {
        case SCALAR -> {
          if (residual != null) {
            throw conflict(p.asScalar().type().toString(), residual);
          }
          typed(b, p.asScalar().type(), s);
        }
        case ARRAY -> {
          if (residual != null) {
            throw conflict("array", residual);
          }
          array(b, p.asArray(), s);
        }
        case OBJECT -> object(b, p.asObject(), s, residual);
        case RESIDUAL -> throw new AssertionError(p); // typed is false for a residual plan
      }
    }
    return true;
  }

  private static SlotPath.Failure conflict(String typedKind, Variant residual) {
    return new SlotPath.Failure(
        "conflicting value and typed_value: typed_value "
            + typedKind
            + " is set and so is value ("
            + typeName(residual)
            + ")");
  }

  private void array(VariantBuilder b, ArrayPlan p, ShreddedSource s) {
    b.startArray();
    for (int i = 0, n = s.elementCount(); i < n; i++) {
      try {
        if (!slot(b, null, p.element(), s.element(i))) {
          // invalid (N/N element), read as Variant null like parquet-java and the tests
          b.appendNull();
        }
      } catch (SlotPath.Failure f) {
        throw f.at(i);
      }
    }
    b.endArray();
  }

  /**
   * spec: VariantShredding §Objects: the present shredded fields, merged with the residual
   * object's.
   */
  private void object(VariantBuilder b, ObjectPlan p, ShreddedSource s, Variant residual) {
    if (residual != null && !residual.isObject()) {
      throw new SlotPath.Failure(
          "non-object value with shredded fields: value is " + typeName(residual));
    }
    b.startObject();
    for (int i = 0; i < p.fields().size(); i++) {
      ShreddingPlan.Field f = p.fields().get(i);
      ShreddedSource fs = s.field(i);
      if (fs == null) {
        continue; // a null field group (invalid files only): missing, the key is absent
      }
      try {
        slot(b, f.name(), f.plan(), fs); // a missing field appends nothing
      } catch (SlotPath.Failure e) {
        throw e.at(f.name());
      }
    }
    if (residual != null) {
      for (int j = 0, n = residual.fieldCount(); j < n; j++) {
        String name = residual.fieldName(j);
        if (p.indexOf(name) >= 0) {
          if (options.residualKeyConflict() == RebuildOptions.ResidualKeyConflict.FAIL) {
            throw new SlotPath.Failure(
                "shredded key \"" + name + "\" appears again in the object's value");
          }
          continue; // TYPED_WINS: drop the residual copy
        }
        b.key(name);
        b.appendVariant(residual.fieldValue(j));
      }
    }
    b.endObject();
  }

  private static void typed(VariantBuilder b, ShreddedType t, ShreddedSource s) {
    try {
      switch (t.kind().slotValue()) {
        case BOOLEAN -> b.appendBoolean(s.typedBoolean());
        case INTEGER -> b.appendInteger(t.variantType(), s.typedLong());
        case FLOAT -> b.appendFloat(s.typedFloat());
        case DOUBLE -> b.appendDouble(s.typedDouble());
        case DECIMAL -> b.appendDecimal(t.variantType(), decimal(s.typedDecimal(), t));
        case DATE -> b.appendDate(epochDay(s.typedLong()));
        case TEMPORAL -> b.appendTemporal(t.variantType(), s.typedLong());
        case BINARY -> {
          ByteBuffer bytes = arrayBacked(s.typedBytes());
          b.appendBinary(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
        }
        case STRING -> {
          ByteBuffer bytes = arrayBacked(s.typedBytes());
          b.appendStringUtf8(
              bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
        }
        case UUID -> b.appendUuid(uuid(s.typedBytes()));
      }
    } catch (VariantLimitException e) {
      throw e; // a limit, not invalid data: rebuild() documents it as thrown as it is
    } catch (IllegalArgumentException | VariantException e) {
      throw new SlotPath.Failure("typed_value " + t + " cannot be rebuilt: " + e.getMessage());
    }
  }

  /** The decimal if it has the column's scale and at most its precision. */
  static BigDecimal decimal(BigDecimal d, ShreddedType t) {
    // |unscaled| < 2^bits <= 10^precision when bits <= precision * log2(10): no digit count needed
    boolean surelyFits = d.unscaledValue().bitLength() <= (int) (t.precision() * LOG2_10);
    if (d.scale() != t.scale() || (!surelyFits && d.precision() > t.precision())) {
      throw new IllegalArgumentException(
          d.toPlainString()
              + " (precision "
              + d.precision()
              + ", scale "
              + d.scale()
              + ") does not fit the column");
    }
    return d;
  }

  /** spec: VariantEncoding §Encoding types, date: 4-byte signed days. */
  static int epochDay(long days) {
    if (days != (int) days) {
      throw new IllegalArgumentException(
          "date of " + days + " days since the epoch is outside the 4-byte day range");
    }
    return (int) days;
  }

  /** {@code bytes} itself if it exposes its array (no copy), else a copy. */
  static ByteBuffer arrayBacked(ByteBuffer bytes) {
    if (bytes.hasArray()) {
      return bytes;
    }
    byte[] a = new byte[bytes.remaining()];
    bytes.duplicate().get(a);
    return ByteBuffer.wrap(a);
  }

  /** spec: VariantEncoding §Encoding types, uuid: exactly 16 bytes, big-endian. */
  private static UUID uuid(ByteBuffer bytes) {
    if (bytes.remaining() != 16) {
      throw new IllegalArgumentException("a uuid needs 16 bytes, found " + bytes.remaining());
    }
    ByteBuffer d = bytes.duplicate();
    return new UUID(d.getLong(), d.getLong());
  }

  /**
   * The residual's type for a message; a malformed residual must not hide the error being reported.
   */
  private static String typeName(Variant v) {
    try {
      return v.type().toString();
    } catch (VariantException e) {
      return "malformed";
    }
  }
}
