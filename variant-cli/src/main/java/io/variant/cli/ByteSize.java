// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A size on the command line: a number of bytes with an optional binary unit, {@code 64M}, {@code
 * 1.5GiB}, {@code 512k}, {@code 4096}. K, M, G and T are powers of 1024 with or without {@code
 * iB}/{@code B}.
 */
final class ByteSize implements ITypeConverter<Long> {
  private static final Pattern SIZE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(?:i?b)?", Pattern.CASE_INSENSITIVE);

  @Override
  public Long convert(String text) {
    return parse(text);
  }

  /**
   * @throws TypeConversionException if {@code text} is not a size or is over {@link Long#MAX_VALUE}
   *     bytes
   */
  static long parse(String text) {
    Matcher m = SIZE.matcher(text.strip());
    if (!m.matches()) {
      throw new TypeConversionException(
          "'" + text + "' is not a size (examples: 4096, 512K, 64M, 1.5G)");
    }
    int shift =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "k" -> 10;
          case "m" -> 20;
          case "g" -> 30;
          case "t" -> 40;
          default -> 0;
        };
    double bytes = Double.parseDouble(m.group(1)) * (1L << shift);
    if (bytes >= Long.MAX_VALUE) {
      throw new TypeConversionException("'" + text + "' is too large");
    }
    return (long) bytes;
  }

  /** {@code bytes} for people: {@code 812 B}, {@code 3.4 KiB}, {@code 12.0 MiB}. */
  static String format(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = bytes;
    int unit = -1;
    while (v >= 1024 && unit < units.length - 1) {
      v /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[unit]);
  }
}
