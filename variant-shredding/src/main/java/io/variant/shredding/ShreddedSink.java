// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding;

import io.variant.core.Variant;
import io.variant.core.VariantMetadata;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Receives the split of one Variant, slot by slot, in Parquet schema order; the Parquet writer
 * implements it over a {@code RecordConsumer}, so no per-row object tree is built.
 *
 * <p><b>Protocol</b> for one slot (the top level, one object field or one array element), given its
 * plan:
 *
 * <pre>
 * slot   := [residual] [typed]          at least one of the two, except a missing object field
 * typed  := typedBoolean | typedLong | typedFloat | typedDouble | typedDecimal | typedBytes   (ScalarPlan)
 *         | startObject field* endObject                                                      (ObjectPlan)
 *         | startArray (startElement slot endElement)* endArray                              (ArrayPlan)
 * field  := startField slot endField | missingField        once per plan field, in plan order
 * </pre>
 *
 * Both residual and typed appear only for a partially shredded object. A Variant null is a residual
 * holding {@code 00}. The top-level call sequence is bracketed by the writer itself (it writes the
 * row's metadata first).
 *
 * <p><b>Lifetime:</b> what a call passes is valid only during that call: the bytes of {@link
 * #typedBytes} and of {@link #residual(VariantMetadata, byte[], int, int)} are in buffers the
 * splitter reuses, and a {@link Variant} passed to {@link #residual(Variant)} may be a view of the
 * caller's input. A sink that keeps bytes copies them (a Parquet sink hands them on as a reused
 * {@code Binary}, which Parquet copies only where it keeps one), so a split allocates nothing per
 * value.
 */
public interface ShreddedSink {
  /**
   * The residual ({@code value}) of the current slot. In the spec layout its field ids index the
   * row's metadata; in the draft layout it carries its own metadata ({@code v.metadata()}), and the
   * sink writes {@code metadata ‖ value}.
   */
  void residual(Variant v);

  /**
   * The residual of the current slot in the spec layout, as the encoded value {@code value[offset,
   * offset + length)} over the row's dictionary {@code metadata}: the form the splitter uses there,
   * so that no view is made per residual. The bytes are valid only during the call. The default
   * wraps them in a {@link Variant} and calls {@link #residual(Variant)}.
   */
  default void residual(VariantMetadata metadata, byte[] value, int offset, int length) {
    residual(Variant.of(metadata, value, offset, length));
  }

  void typedBoolean(boolean value);

  /**
   * An integer, date (days since epoch), time (micros since midnight) or timestamp (micros or nanos
   * since epoch, as the slot's type says).
   */
  void typedLong(long value);

  void typedFloat(float value);

  void typedDouble(double value);

  /** A decimal already at the slot's scale and within its precision. */
  void typedDecimal(BigDecimal value);

  /**
   * A decimal given as its unscaled value at the slot's scale ({@code unscaled × 10^-scale}),
   * within the slot's precision: the splitter's form for values of up to 18 digits, which it
   * rescales without making a {@link BigDecimal}. The default makes one and calls {@link
   * #typedDecimal(BigDecimal)}; a sink that writes the unscaled value (Parquet's INT32 and INT64
   * decimals) can override it to skip that object.
   */
  default void typedDecimal(long unscaled, int scale) {
    typedDecimal(BigDecimal.valueOf(unscaled, scale));
  }

  /**
   * A decimal given as its unscaled value at the slot's scale in 128-bit two's complement ({@code
   * high} and {@code low} 64 bits), within the slot's precision (at most 38 digits): the splitter's
   * form for values of 19 to 38 digits that it rescales from a decimal4, decimal8 or integer
   * without a {@link BigDecimal}. The default makes one and calls {@link
   * #typedDecimal(BigDecimal)}; a sink that writes Parquet's big-endian decimal bytes can override
   * it to skip that object.
   */
  default void typedDecimal(long high, long low, int scale) {
    byte[] bigEndian = new byte[16];
    for (int i = 0; i < 8; i++) {
      bigEndian[i] = (byte) (high >>> (56 - 8 * i));
      bigEndian[8 + i] = (byte) (low >>> (56 - 8 * i));
    }
    typedDecimal(new BigDecimal(new BigInteger(bigEndian), scale));
  }

  /**
   * UTF-8 bytes of a string, the bytes of a binary, or the 16 big-endian bytes of a UUID, in a
   * buffer the splitter reuses: valid only during the call.
   */
  void typedBytes(byte[] buffer, int offset, int length);

  void startObject();

  /** Starts plan field {@code index} (named {@code name}), which is present in the value. */
  void startField(int index, String name);

  void endField();

  /** Plan field {@code index} is absent from the value: both its parts are null. */
  void missingField(int index, String name);

  void endObject();

  /** Starts the typed list of {@code size} elements. */
  void startArray(int size);

  void startElement();

  void endElement();

  void endArray();
}
