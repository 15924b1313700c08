// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.EquivalenceClass;
import io.variant.core.ValueCursor;
import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * One scalar slot prepared for many values: decides whether a value goes into the slot's {@code
 * typed_value}, and writes it there converted. The one place that maps Variant types onto shredded
 * types for writing. Lossless widening: {@link NumericWidening}.
 *
 * <ul>
 *   <li>{@link NumericWidening#LOSSLESS}: any Exact Numeric (int8 to int64, decimal4 to decimal16)
 *       goes into any integer or decimal slot that holds its value exactly; scales change only by
 *       adding or removing trailing zeros.
 *   <li>{@link NumericWidening#SAME_SCALE}: the same, but the scale never changes (integers and
 *       integer slots have scale 0), so that the rebuilt value renders the same JSON text.
 *   <li>{@link NumericWidening#STRICT}: only the slot's own Variant type; a decimal also needs the
 *       slot's scale, so that the rebuilt value is physically equal.
 *   <li>Either way, every other kind (float, double, dates, times, timestamps, binary, string,
 *       uuid, boolean) needs exactly its type, and Variant null never goes typed (there is no typed
 *       null).
 * </ul>
 *
 * <p>Values are read in place through a {@link ValueCursor}: integers, decimal4 and decimal8 are
 * converted in {@code long} arithmetic (a decimal of up to 18 digits reaches the sink as its
 * unscaled long, one of up to 38 digits as 128 bits), so an element of a long numeric array costs
 * no object; only decimal16 values go through {@link BigDecimal}. Strings, binaries and UUIDs are
 * copied into one buffer per slot, reused. Not thread-safe: one per {@link Splitter} slot.
 */
final class Widening {
  private static final int LONG_DIGITS = 18; // every 18-digit number fits a long
  private static final long[] LONG_POW10 = new long[LONG_DIGITS + 1];
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  /** Kind of each Variant type by ordinal (an array read instead of an EnumMap per value). */
  private static final ShreddedType.Kind[] KIND_OF =
      new ShreddedType.Kind[VariantType.values().length];

  static {
    LONG_POW10[0] = 1;
    for (int i = 1; i <= LONG_DIGITS; i++) {
      LONG_POW10[i] = LONG_POW10[i - 1] * 10;
    }
    for (VariantType vt : VariantType.values()) {
      KIND_OF[vt.ordinal()] = ShreddedType.Kind.of(vt);
    }
  }

  private final ShreddedType type;
  private final ShreddedType.SlotValue slotValue;
  private final boolean exactType; // STRICT: the slot's own Variant type only
  private final boolean rescale; // LOSSLESS: scales may change by trailing zeros
  private final VariantType target; // the slot's own Variant type (integer and decimal slots)
  private final int unusedBits; // integer slots: high bits of a long the slot's width lacks
  private final ValueCopy copy = new ValueCopy(); // string, binary and UUID slots: reused

  Widening(ShreddedType type, NumericWidening mode) {
    this.type = type;
    this.slotValue = type.kind().slotValue();
    this.exactType = mode == NumericWidening.STRICT;
    this.rescale = mode == NumericWidening.LOSSLESS;
    boolean numeric =
        slotValue == ShreddedType.SlotValue.INTEGER || slotValue == ShreddedType.SlotValue.DECIMAL;
    this.target = numeric ? type.variantType() : null;
    this.unusedBits =
        slotValue == ShreddedType.SlotValue.INTEGER
            ? Long.SIZE - Byte.SIZE * target.fixedPayloadSize()
            : 0;
  }

  /** True if {@code v} goes into a slot of type {@code t} under {@code mode}. */
  static boolean fits(Variant v, ShreddedType t, NumericWidening mode) {
    ValueCursor c = new ValueCursor();
    c.at(v);
    return new Widening(t, mode).write(c, Discard.INSTANCE);
  }

  /**
   * Writes the cursor's current value into {@code sink} typed and returns true if it fits the slot;
   * else writes nothing and returns false (the caller writes the residual).
   *
   * @throws io.variant.core.VariantFormatException if the value is malformed where it is read
   */
  boolean write(ValueCursor c, ShreddedSink sink) {
    VariantType vt = c.type();
    switch (slotValue) {
      case INTEGER:
        return integer(c, vt, sink);
      case DECIMAL:
        return decimal(c, vt, sink);
      default:
        break;
    }
    if (KIND_OF[vt.ordinal()] != type.kind()) {
      return false;
    }
    switch (slotValue) {
      case BOOLEAN -> sink.typedBoolean(vt == VariantType.BOOLEAN_TRUE);
      case FLOAT -> sink.typedFloat(Float.intBitsToFloat((int) c.fixedPayload()));
      case DOUBLE -> sink.typedDouble(Double.longBitsToDouble(c.fixedPayload()));
      case DATE, TEMPORAL -> sink.typedLong(c.fixedPayload()); // days, or micros or nanos
      case STRING, BINARY, UUID -> payload(c, sink);
      default -> throw new AssertionError(slotValue); // numeric slots returned above
    }
    return true;
  }

  private boolean integer(ValueCursor c, VariantType vt, ShreddedSink sink) {
    long value;
    if (exactType) {
      if (vt != target) {
        return false;
      }
      value = c.fixedPayload();
    } else if (vt.isInteger()) {
      value = c.fixedPayload();
    } else if (vt == VariantType.DECIMAL4 || vt == VariantType.DECIMAL8) {
      long u = c.unscaled();
      int s = c.scale();
      if (!rescale && s != 0) {
        return false; // an integer slot has scale 0
      }
      if (u != 0 && (s > LONG_DIGITS || u % LONG_POW10[s] != 0)) {
        return false; // a non-zero fraction (|u| < 10^19, so no scale above 18 divides it)
      }
      value = u == 0 ? 0 : u / LONG_POW10[s];
    } else if (vt == VariantType.DECIMAL16) {
      BigDecimal d = c.view().decimalValue();
      if (!rescale && d.scale() != 0) {
        return false; // an integer slot has scale 0
      }
      if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
        return false; // a non-zero fraction
      }
      BigInteger i = d.toBigInteger();
      if (i.compareTo(LONG_MIN) < 0 || i.compareTo(LONG_MAX) > 0) {
        return false;
      }
      value = i.longValue();
    } else {
      return false;
    }
    if ((value << unusedBits) >> unusedBits != value) {
      return false; // does not survive sign extension from the slot's width
    }
    sink.typedLong(value);
    return true;
  }

  /**
   * Lossless: the value is rescaled when only trailing zeros change (1.5 → 1.50, 1.500 → 1.5) and
   * must then have at most the slot's precision. Same-scale: any exact numeric already at the
   * slot's scale. Strict: the Variant type and the scale must already be the slot's.
   */
  private boolean decimal(ValueCursor c, VariantType vt, ShreddedSink sink) {
    boolean accepted =
        exactType ? vt == target : vt.equivalenceClass() == EquivalenceClass.EXACT_NUMERIC;
    if (!accepted) {
      return false;
    }
    if (vt == VariantType.DECIMAL16) {
      BigDecimal d = toDecimal(c.view().decimalValue());
      if (d == null) {
        return false;
      }
      sink.typedDecimal(d);
      return true;
    }
    long u;
    int s;
    if (vt.isInteger()) {
      u = c.fixedPayload();
      s = 0;
    } else {
      u = c.unscaled();
      s = c.scale();
    }
    int slotScale = type.scale();
    if (s != slotScale) {
      if (!rescale) {
        return false;
      }
      if (u == 0) {
        s = slotScale; // zero takes any scale
      }
      while (s > slotScale && u % 10 == 0) {
        u /= 10; // only trailing zeros go
        s--;
      }
      if (s > slotScale) {
        return false; // a non-zero digit would be cut off
      }
    }
    int shift = slotScale - s; // zeros to append
    int digits = u == 0 ? 1 : digits(u) + shift; // BigDecimal gives 0 precision 1, as the spec does
    if (digits > type.precision()) {
      return false;
    }
    if (digits <= LONG_DIGITS) {
      sink.typedDecimal(u * LONG_POW10[shift], slotScale); // under 10^18: no overflow
      return true;
    }
    // u × 10^shift in 128-bit two's complement: at most 38 digits, so below 2^127 in magnitude and
    // exact in arithmetic modulo 2^128. A factor at a time of at most 10^18, which fits a long.
    long high = u >> 63;
    long low = u;
    while (shift > 0) {
      long m = LONG_POW10[Math.min(shift, LONG_DIGITS)];
      long carry = Math.multiplyHigh(low, m) + ((low >> 63) & m); // unsigned high half (m > 0)
      high = high * m + carry;
      low = low * m;
      shift -= Math.min(shift, LONG_DIGITS);
    }
    sink.typedDecimal(high, low, slotScale);
    return true;
  }

  /** A decimal16's value at the slot's scale and within its precision, or null. */
  private BigDecimal toDecimal(BigDecimal d) {
    int slotScale = type.scale();
    if (d.scale() != slotScale) {
      if (!rescale) {
        return null;
      }
      if (d.scale() > slotScale) {
        d = d.stripTrailingZeros(); // may turn the scale negative (1E+3); setScale undoes that
        if (d.scale() > slotScale) {
          return null; // a non-zero digit would be cut off
        }
      }
      d = d.setScale(slotScale); // only appends zeros now: exact
    }
    return d.precision() <= type.precision() ? d : null;
  }

  /** Decimal digits of {@code u}'s magnitude, 1 to 19. */
  static int digits(long u) {
    if (u == Long.MIN_VALUE) {
      return 19;
    }
    long m = Math.abs(u);
    int d = 1;
    while (d <= LONG_DIGITS && m >= LONG_POW10[d]) {
      d++;
    }
    return d;
  }

  /**
   * Hands a string's, binary's or UUID's bytes over in this slot's reused buffer (the sink may not
   * keep them past the call, so no array is made per value): one copy of the whole encoded value,
   * header included, as the payload follows the header. A short string's header is its only byte
   * before the payload, a long string's or binary's is followed by a four-byte length, and a UUID's
   * 16 bytes are big-endian, as Parquet's UUID type. spec: VariantEncoding §Value encoding, string
   * and binary; §Encoding types, uuid
   */
  private void payload(ValueCursor c, ShreddedSink sink) {
    int n = copy.copy(c);
    byte[] a = copy.bytes();
    int header = c.isShortString() || slotValue == ShreddedType.SlotValue.UUID ? 1 : 5;
    sink.typedBytes(a, header, n - header);
  }

  /** Takes the typed values of {@link #fits} and keeps none. */
  private static final class Discard implements ShreddedSink {
    static final Discard INSTANCE = new Discard();

    @Override
    public void residual(Variant v) {}

    @Override
    public void typedBoolean(boolean value) {}

    @Override
    public void typedLong(long value) {}

    @Override
    public void typedFloat(float value) {}

    @Override
    public void typedDouble(double value) {}

    @Override
    public void typedDecimal(BigDecimal value) {}

    @Override
    public void typedDecimal(long unscaled, int scale) {}

    @Override
    public void typedBytes(byte[] buffer, int offset, int length) {}

    @Override
    public void startObject() {}

    @Override
    public void startField(int index, String name) {}

    @Override
    public void endField() {}

    @Override
    public void missingField(int index, String name) {}

    @Override
    public void endObject() {}

    @Override
    public void startArray(int size) {}

    @Override
    public void startElement() {}

    @Override
    public void endElement() {}

    @Override
    public void endArray() {}
  }
}
