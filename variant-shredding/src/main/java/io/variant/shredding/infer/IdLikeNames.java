// SPDX-License-Identifier: Apache-2.0
package io.variant.shredding.infer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Field names that announce integers which grow with the data: identifiers, sequence numbers,
 * offsets and times. {@link TypeWidth#FILE} gives such fields int64 whatever range the sample saw:
 * a sample of the first rows of a log sees its smallest ids only.
 *
 * <p>A name is split into words at {@code _}, {@code -}, {@code .}, spaces, digits and
 * lower-to-upper case changes ({@code userId} → user, id; {@code created_at} → created, at); it is
 * id-like when any word is {@code id} or {@code ids}, or its last word is one of {@link
 * #LAST_WORDS}.
 */
final class IdLikeNames {
  /** Last words of names that count, number or time things. */
  static final Set<String> LAST_WORDS =
      Set.of(
          "key",
          "seq",
          "sequence",
          "serial",
          "offset",
          "num",
          "number",
          "no",
          "nr",
          "index",
          "idx",
          "ts",
          "timestamp",
          "time",
          "epoch",
          "at",
          "millis",
          "ms",
          "micros",
          "nanos",
          "ns",
          "us");

  private IdLikeNames() {}

  /** True if {@code name} (a field name; null for array elements and the root) is id-like. */
  static boolean isIdLike(String name) {
    if (name == null) {
      return false;
    }
    List<String> words = words(name);
    if (words.isEmpty()) {
      return false;
    }
    for (String w : words) {
      if (w.equals("id") || w.equals("ids")) {
        return true;
      }
    }
    return LAST_WORDS.contains(words.get(words.size() - 1));
  }

  /** The lower-case words of a name, split as the class comment says. */
  static List<String> words(String name) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    int previous = 0;
    for (int i = 0; i < name.length(); ) {
      int cp = name.codePointAt(i);
      i += Character.charCount(cp);
      boolean letter = Character.isLetter(cp);
      boolean boundary = !letter || (Character.isUpperCase(cp) && Character.isLowerCase(previous));
      if (boundary && word.length() > 0) {
        out.add(word.toString().toLowerCase(Locale.ROOT));
        word.setLength(0);
      }
      if (letter) {
        word.appendCodePoint(cp);
      }
      previous = cp;
    }
    if (word.length() > 0) {
      out.add(word.toString().toLowerCase(Locale.ROOT));
    }
    return out;
  }
}
