// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static java.time.temporal.ChronoField.NANO_OF_SECOND;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Base64;
import java.util.Locale;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The text of one non-null value of a typed {@code select} column (a vector {@link CastType}
 * names), as JSON or as a plain field: the same text {@code cat} gives the equal Variant value
 * (shortest round-trip digits for floats, NaN and the infinities as strings in JSON, decimals with
 * their scale, dates and timestamps in ISO-8601 with {@code +00:00} for a time zone, binaries in
 * base64). A plain field is that text without JSON's quotes and escapes.
 */
final class TypedText {
  private static final DateTimeFormatter MICROS =
      new DateTimeFormatterBuilder()
          .append(DateTimeFormatter.ISO_LOCAL_DATE)
          .appendLiteral('T')
          .appendPattern("HH:mm:ss")
          .appendFraction(NANO_OF_SECOND, 6, 6, true)
          .toFormatter(Locale.ROOT);
  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final JsonStringEncoder QUOTES = JsonStringEncoder.getInstance();

  private TypedText() {}

  /** Appends row {@code row} of {@code v} (not null there) as JSON. */
  static void appendJson(FieldVector v, int row, StringBuilder out) {
    String text = text(v, row);
    if (isQuoted(v, text)) {
      out.append('"');
      QUOTES.quoteAsString(text, out);
      out.append('"');
    } else {
      out.append(text);
    }
  }

  /** Appends row {@code row} of {@code v} (not null there) as plain text. */
  static void appendPlain(FieldVector v, int row, StringBuilder out) {
    if (v instanceof BigIntVector b) {
      out.append(b.get(row)); // the common cases without a String
    } else if (v instanceof VarCharVector s) {
      appendUtf8(s, row, out);
    } else {
      out.append(text(v, row));
    }
  }

  /** A string's characters straight from the vector's bytes where they are ASCII. */
  private static void appendUtf8(VarCharVector v, int row, StringBuilder out) {
    long start = v.getStartOffset(row);
    long end = v.getEndOffset(row);
    ArrowBuf bytes = v.getDataBuffer();
    int from = out.length();
    for (long i = start; i < end; i++) {
      byte b = bytes.getByte(i);
      if (b < 0) { // not ASCII: decode the whole string
        out.setLength(from);
        out.append(new String(v.get(row), StandardCharsets.UTF_8));
        return;
      }
      out.append((char) b);
    }
  }

  /** True if the JSON form of {@code text} from {@code v} is a string. */
  private static boolean isQuoted(FieldVector v, String text) {
    ArrowType.ArrowTypeID id = v.getField().getType().getTypeID();
    return switch (id) {
      case Utf8, Binary, Date, Timestamp -> true;
      case FloatingPoint -> !Double.isFinite(Double.parseDouble(text));
      default -> false;
    };
  }

  private static String text(FieldVector v, int row) {
    if (v instanceof BitVector b) {
      return b.get(row) != 0 ? "true" : "false";
    }
    if (v instanceof TinyIntVector t) {
      return Byte.toString(t.get(row));
    }
    if (v instanceof SmallIntVector s) {
      return Short.toString(s.get(row));
    }
    if (v instanceof IntVector i) {
      return Integer.toString(i.get(row));
    }
    if (v instanceof BigIntVector b) {
      return Long.toString(b.get(row));
    }
    if (v instanceof Float4Vector f) {
      return floating(f.get(row), NumberOutput.toString(f.get(row), true));
    }
    if (v instanceof Float8Vector d) {
      return floating(d.get(row), NumberOutput.toString(d.get(row), true));
    }
    if (v instanceof DecimalVector d) {
      return d.getObject(row).toPlainString();
    }
    if (v instanceof VarCharVector s) {
      return new String(s.get(row), StandardCharsets.UTF_8);
    }
    if (v instanceof VarBinaryVector b) {
      return Base64.getEncoder().encodeToString(b.get(row));
    }
    if (v instanceof DateDayVector d) {
      return LocalDate.ofEpochDay(d.get(row)).toString();
    }
    if (v instanceof TimeStampVector t) {
      long micros = t.get(row);
      LocalDateTime at =
          LocalDateTime.ofEpochSecond(
              Math.floorDiv(micros, MICROS_PER_SECOND),
              (int) Math.floorMod(micros, MICROS_PER_SECOND) * 1000,
              ZoneOffset.UTC);
      boolean zoned = ((ArrowType.Timestamp) t.getField().getType()).getTimezone() != null;
      return MICROS.format(at) + (zoned ? "+00:00" : "");
    }
    throw new IllegalArgumentException("no text for a column of " + v.getField().getType());
  }

  /** NaN and the infinities as JSON strings name them, as Variant JSON does. */
  private static String floating(double x, String shortest) {
    if (Double.isNaN(x)) {
      return "NaN";
    }
    if (Double.isInfinite(x)) {
      return x > 0 ? "Infinity" : "-Infinity";
    }
    return shortest;
  }
}
