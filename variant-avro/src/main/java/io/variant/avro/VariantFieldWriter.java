// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.json.VariantJson;
import java.nio.ByteBuffer;
import org.apache.avro.generic.IndexedRecord;

/**
 * Turns the Avro value of the Variant field into a {@link Variant}: a parquet-avro Variant record
 * ({@code metadata} and {@code value} bytes) is taken as it is; a JSON string field is parsed.
 * {@code null} stays SQL NULL.
 */
final class VariantFieldWriter {
  private VariantFieldWriter() {}

  /**
   * @throws IllegalArgumentException if the value has another type, or the JSON text or Variant
   *     bytes are invalid; the message names the field
   */
  static Variant toVariant(VariantField field, Object value) {
    if (value == null) {
      return null;
    }
    try {
      if (field.isJson()) {
        if (!(value instanceof CharSequence text)) {
          throw new IllegalArgumentException(
              "expected a JSON string, got a " + value.getClass().getName());
        }
        return VariantJson.parse(text.toString());
      }
      if (!(value instanceof IndexedRecord r)) {
        throw new IllegalArgumentException(
            "expected a Variant record, got a " + value.getClass().getName());
      }
      // checked whole here: bytes that fail inside Parquet's write abort the file, every row lost
      return Variant.of(bytes(r.get(field.metadataPos())), bytes(r.get(field.valuePos())))
          .validate();
    } catch (VariantException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot write Variant field \"" + field.name() + "\": " + e.getMessage(), e);
    }
  }

  private static ByteBuffer bytes(Object o) {
    if (o instanceof ByteBuffer b) {
      return b.duplicate();
    }
    if (o instanceof byte[] a) {
      return ByteBuffer.wrap(a);
    }
    throw new IllegalArgumentException(
        "expected bytes in the Variant record, got "
            + (o == null ? "null" : o.getClass().getName()));
  }
}
