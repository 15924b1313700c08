// SPDX-License-Identifier: Apache-2.0
package io.variant.core.json;

import io.variant.core.BuilderOptions;
import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

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
   * The date or timestamp whose JSON text is exactly {@code s}, as a one-value Variant, or null.
   */
  public static Variant temporal(String s) {
    VariantType type = shape(s);
    if (type == null) {
      return null;
    }
    Variant v;
    try {
      v = build(type, s);
    } catch (DateTimeParseException | ArithmeticException e) {
      return null; // not a date (2024-02-30), or out of the type's range
    }
    return VariantToJson.scalar(v).text.equals(s) ? v : null;
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
        Variant t = temporal(v.stringValue());
        if (t != null) {
          converted++;
        }
        b.appendVariant(t != null ? t : v);
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
        return shape(v.stringValue()) != null;
      default:
        return false;
    }
  }

  /**
   * The type whose rendering has the length and separators of {@code s}, or null: {@code
   * yyyy-MM-dd}, or that and {@code THH:mm:ss}, then nothing or {@code .} and 3, 6 or 9 digits,
   * then {@code Z} or nothing.
   */
  private static VariantType shape(String s) {
    int n = s.length();
    if (n < 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
      return null;
    }
    if (n == 10) {
      return VariantType.DATE;
    }
    boolean utc = s.charAt(n - 1) == 'Z';
    int end = utc ? n - 1 : n; // past the seconds and the fraction
    if (end < 19 || s.charAt(10) != 'T' || s.charAt(13) != ':' || s.charAt(16) != ':') {
      return null;
    }
    int fraction = end == 19 ? 0 : s.charAt(19) == '.' ? end - 20 : -1;
    return switch (fraction) {
      case 0, 3, 6 -> utc ? VariantType.TIMESTAMP_MICROS : VariantType.TIMESTAMP_NTZ_MICROS;
      case 9 -> utc ? VariantType.TIMESTAMP_NANOS : VariantType.TIMESTAMP_NTZ_NANOS;
      default -> null;
    };
  }

  private static Variant build(VariantType type, String s) {
    VariantBuilder b = new VariantBuilder();
    if (type == VariantType.DATE) {
      return b.appendDate(LocalDate.parse(s)).build();
    }
    boolean utc = type == VariantType.TIMESTAMP_MICROS || type == VariantType.TIMESTAMP_NANOS;
    LocalDateTime t = LocalDateTime.parse(utc ? s.substring(0, s.length() - 1) : s);
    ChronoUnit unit =
        type == VariantType.TIMESTAMP_MICROS || type == VariantType.TIMESTAMP_NTZ_MICROS
            ? ChronoUnit.MICROS
            : ChronoUnit.NANOS;
    long value = unit.between(LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC), t);
    return b.appendTemporal(type, value).build();
  }
}
