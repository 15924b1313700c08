// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.CheckedUtf8;
import io.variant.core.FixedDictionaryBuilder;
import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantMetadata;
import io.variant.core.VariantType;
import java.nio.ByteBuffer;

/**
 * Rebuilds a typed scalar slot whose residual is null straight from its typed value: the Variant
 * that {@link Rebuilder#rebuild} returns for such a slot over a dictionary without keys, without
 * the rebuild's walk, dictionary cache or ownership check. A projected read of a typed scalar path
 * ({@code variant get}) rebuilds one per row; through the general rebuilder that was a quarter of
 * its time.
 *
 * <pre>{@code
 * TypedScalarRebuild ids = new TypedScalarRebuild(ShreddedType.INT64, RebuildOptions.defaults());
 * Variant v = ids.rebuild(slot);       // slot.hasTyped(), slot.residual() == null
 * if (v == null) {
 *   v = rebuilder.rebuild(TypedScalarRebuild.NO_KEYS, slot); // declined: the general path decides
 * }
 * }</pre>
 *
 * <p><b>Validation:</b> it <b>declines</b> (returns {@code null}) every value the rebuilder's fast
 * path declines (an integer outside its type, invalid UTF-8, a decimal that does not fit, an
 * unreadable typed value), so the caller's general rebuild reports it in the same words. Accepted
 * values give the same bytes as the rebuild. <b>Thread safety:</b> none; it reuses one builder.
 *
 * <p><b>Internal:</b> not API, and may change without notice. Public only for variant-parquet's
 * projected reads; it stays in this package because it shares the rebuilder's package-private
 * conversions.
 */
public final class TypedScalarRebuild {
  /**
   * A dictionary without keys, marked sorted (so that a rebuild over it takes the rebuilder's fast
   * path): the metadata of every Variant this class returns. spec: VariantEncoding §Metadata
   * encoding
   */
  public static final VariantMetadata NO_KEYS = VariantMetadata.of(new byte[] {0x11, 0, 0});

  private final Scalar type;
  private final FixedDictionaryBuilder b;

  /**
   * A typed column's type as {@link #append} reads it for every value: how its values travel and
   * the Variant type they become, looked up once per column instead of once per value.
   */
  static final class Scalar {
    final ShreddedType type;
    private final ShreddedType.SlotValue slot;
    private final VariantType variantType;
    // the most common kind, tested before the switch (an enum switch loads its ordinal map)
    private final boolean string;

    Scalar(ShreddedType type) {
      this.type = type;
      this.slot = type.kind().slotValue();
      this.variantType = type.variantType();
      this.string = slot == ShreddedType.SlotValue.STRING;
    }
  }

  /**
   * @param type the slot's typed column type
   * @param options the limits of a rebuilt value, as the rebuilder takes them
   */
  public TypedScalarRebuild(ShreddedType type, RebuildOptions options) {
    this.type = new Scalar(type);
    this.b = new FixedDictionaryBuilder(options.limits());
  }

  /**
   * The slot's value as a Variant over {@link #NO_KEYS}, or {@code null} if it declines.
   *
   * @param s a slot of this type whose typed part is set and whose residual is null
   */
  public Variant rebuild(ShreddedSource s) {
    b.start(NO_KEYS);
    try {
      append(b, type, s);
      return b.build();
    } catch (IllegalArgumentException | VariantException e) {
      return null;
    }
  }

  /**
   * Appends the typed value of {@code s}, of column type {@code t}, as its Variant type: the one
   * place that turns a typed column value into a Variant value for a {@link
   * FixedDictionaryBuilder}.
   *
   * @throws IllegalArgumentException or {@link VariantException} if the value does not fit {@code
   *     t} (callers decline the row)
   */
  static void append(FixedDictionaryBuilder b, Scalar t, ShreddedSource s) {
    // Kept small enough for the compiler to inline into the rebuild's walk (one call less per
    // value): each kind's work is a method of its own, strings (the most common) first.
    if (t.string) {
      string(b, s);
      return;
    }
    switch (t.slot) {
      case STRING -> string(b, s);
      case INTEGER -> b.appendInteger(t.variantType, s.typedLong());
      case BOOLEAN -> b.appendBoolean(s.typedBoolean());
      case FLOAT -> b.appendFloat(s.typedFloat());
      case DOUBLE -> b.appendDouble(s.typedDouble());
      case DECIMAL -> decimal(b, t, s);
      case DATE -> b.appendDate(Rebuilder.epochDay(s.typedLong()));
      case TEMPORAL -> b.appendTemporal(t.variantType, s.typedLong());
      case BINARY, UUID -> bytes(b, t, s);
    }
  }

  private static void string(FixedDictionaryBuilder b, ShreddedSource s) {
    CheckedUtf8 checked = s.typedCheckedString();
    if (checked != null) {
      b.appendString(checked); // checked once for many rows (a dictionary entry)
    } else {
      uncheckedString(b, s);
    }
  }

  private static void uncheckedString(FixedDictionaryBuilder b, ShreddedSource s) {
    byte[] exact = s.typedByteArray();
    if (exact != null) {
      b.appendStringUtf8(exact, 0, exact.length);
    } else {
      ByteBuffer bytes = Rebuilder.arrayBacked(s.typedBytes());
      b.appendStringUtf8(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
    }
  }

  private static void bytes(FixedDictionaryBuilder b, Scalar t, ShreddedSource s) {
    byte[] exact = s.typedByteArray();
    if (exact != null) {
      b.appendBytes(t.variantType, exact, 0, exact.length);
    } else {
      ByteBuffer bytes = Rebuilder.arrayBacked(s.typedBytes());
      b.appendBytes(
          t.variantType, bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
    }
  }

  private static void decimal(FixedDictionaryBuilder b, Scalar t, ShreddedSource s) {
    if (s.hasUnscaledDecimal()) { // past the column's precision: declined, reported there
      b.appendDecimal(
          t.variantType,
          t.type.precision(),
          t.type.scale(),
          s.typedUnscaledHigh(),
          s.typedUnscaledLow());
    } else {
      b.appendDecimal(t.variantType, Rebuilder.decimal(s.typedDecimal(), t.type));
    }
  }
}
