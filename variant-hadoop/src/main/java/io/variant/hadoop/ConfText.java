// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantException;
import io.variant.core.VariantType;
import io.variant.core.json.VariantJson;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists of strings as Configuration text: a JSON array of strings. A Configuration travels as XML,
 * which cannot hold every character a key or a literal may contain (NUL, say); JSON escapes them.
 */
final class ConfText {
  private ConfText() {}

  /** {@code ["a","b"]}. */
  static String ofList(List<String> items) {
    VariantBuilder b = new VariantBuilder().startArray();
    for (String s : items) {
      b.appendString(s);
    }
    return VariantJson.toJson(b.endArray().build());
  }

  /**
   * The strings of a text made by {@link #ofList}.
   *
   * @param key the Configuration key, for the message
   * @throws IllegalArgumentException if the text is not a JSON array of strings
   */
  static List<String> toList(String key, String text) {
    Variant v;
    try {
      v = VariantJson.parse(text);
    } catch (VariantException e) {
      throw notAList(key, text, e);
    }
    if (!v.isArray()) {
      throw notAList(key, text, null);
    }
    List<String> out = new ArrayList<>(v.size());
    for (int i = 0; i < v.size(); i++) {
      Variant e = v.element(i);
      if (e.type() != VariantType.STRING) {
        throw notAList(key, text, null);
      }
      out.add(e.stringValue());
    }
    return out;
  }

  private static IllegalArgumentException notAList(String key, String text, Exception cause) {
    return new IllegalArgumentException(
        "Cannot read " + key + ": expected a JSON array of strings, was " + text, cause);
  }
}
