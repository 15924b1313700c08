// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.BuilderOptions;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Strings that are dates or timestamps, re-encoded as such: a string becomes a {@code date}, a
 * {@code timestamp} (UTC, written with {@code Z}) or a {@code timestamp_ntz}, in microseconds (up
 * to 6 fraction digits) or nanoseconds (9), only when it parses as one <em>and</em> renders back to
 * exactly the same text as {@link VariantJson#toJson} prints it, so that no reader of the JSON can
 * tell: {@code "2024-03-01"}, {@code "2024-03-01T00:00:26.791Z"}, {@code "2024-03-01T00:00:26"}.
 * Text in any other form ({@code "2024-03-01T00:00:26.790000Z"}, which would print as {@code
 * ...26.790Z}; {@code +00:00} for UTC; a space for the {@code T}) stays a string. This changes the
 * Variant type a reader sees, so it is only ever opted into.
 *
 * <p>Not thread-safe: one per thread; it counts what it converted.
 */
public final class TemporalStrings {
  private final BuilderOptions options;
  private long converted;

  /** Converts into values built with {@code options} (their limits and duplicate-key rule). */
  public TemporalStrings(BuilderOptions options) {
    this.options = options;
  }

  /** Strings converted so far. */
  public long converted() {
    return converted;
  }

  /**
   * {@code v} with its date and timestamp strings converted, over {@code v}'s own metadata; {@code
   * v} itself if none converts.
   */
  public Variant convert(Variant v) {
    if (!hasCandidate(v)) {
      return v;
    }
    long before = converted;
    // onto the row's own dictionary, which holds every key it uses: a row parsed onto a writer's
    // dictionary keeps it (and shares that metadata with the rows around it)
    VariantBuilder b = VariantBuilder.withMetadata(v.metadata(), options);
    append(v, b);
    return converted == before ? v : b.build();
  }

  /**
   * A date ({@link VariantType#DATE}, {@code value} its epoch day) or a timestamp (one of the four
   * timestamp types, {@code value} the micro- or nanoseconds since the epoch its type counts).
   *
   * @param type the Variant type the text would be stored as
   * @param value the epoch day, or the micro- or nanoseconds since 1970-01-01T00:00
   */
  public record Time(VariantType type, long value) {}

  /**
   * The date or timestamp whose JSON text is exactly {@code s}, as a one-value Variant, or null.
   */
  public static Variant temporal(String s) {
    Time t = time(ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1))); // others: not ISO
    if (t == null) {
      return null;
    }
    VariantBuilder b = new VariantBuilder();
    append(t, b);
    return b.build();
  }

  private static void append(Time t, VariantBuilder b) {
    if (t.type() == VariantType.DATE) {
      b.appendDate(Math.toIntExact(t.value()));
    } else {
      b.appendTemporal(t.type(), t.value());
    }
  }

  /**
   * What {@link #temporal} finds in the UTF-8 text {@code utf8} (its bytes from position to limit,
   * which are left as they are), without building a Variant: the type and value it would store, or
   * null. For callers that compare many strings with a time.
   */
  public static Time time(ByteBuffer utf8) {
    return CanonicalTimeText.read(utf8, utf8.position(), utf8.limit());
  }

  private void append(Variant v, VariantBuilder b) {
    switch (v.type()) {
      case OBJECT -> {
        b.startObject();
        for (int i = 0, n = v.fieldCount(); i < n; i++) {
          b.key(v.fieldName(i));
          append(v.fieldValue(i), b);
        }
        b.endObject();
      }
      case ARRAY -> {
        b.startArray();
        for (int i = 0, n = v.size(); i < n; i++) {
          append(v.element(i), b);
        }
        b.endArray();
      }
      case STRING -> {
        Time t = time(v.stringUtf8());
        if (t == null) {
          b.appendVariant(v);
        } else {
          converted++;
          append(t, b);
        }
      }
      default -> b.appendVariant(v);
    }
  }

  private static boolean hasCandidate(Variant v) {
    switch (v.type()) {
      case OBJECT:
        for (int i = 0, n = v.fieldCount(); i < n; i++) {
          if (hasCandidate(v.fieldValue(i))) {
            return true;
          }
        }
        return false;
      case ARRAY:
        for (int i = 0, n = v.size(); i < n; i++) {
          if (hasCandidate(v.element(i))) {
            return true;
          }
        }
        return false;
      case STRING:
        return time(v.stringUtf8()) != null;
      default:
        return false;
    }
  }
}
