// SPDX-License-Identifier: Apache-2.0
package io.variant.testkit;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Re-encodes a valid Variant with legal but non-canonical choices (spec: VariantEncoding §Value
 * encoding grammar, §Object field ID order and uniqueness), and with the gaps the spec leaves open:
 * the generator of what a reader must tolerate. Written from the spec text alone, with its own
 * constants (no production {@code Layout}), so a wrong production constant cannot hide here.
 *
 * <p>Choices, each drawn at random: metadata unsorted ({@code sorted_strings} = 0) with duplicate
 * and unused keys, or sorted with unused keys; metadata offsets wider than needed; the reserved
 * metadata bit; field ids and offsets wider than needed; {@code is_large} with few members;
 * reserved header bits; object values laid out in a shuffled order (non-monotonic offsets) and with
 * unused gap bytes; array elements shuffled; the long-string form for strings of at most 63 bytes.
 */
final class NonCanonicalEncoder {
  // spec: VariantEncoding §Value Metadata: basic type in bits 0-1, value header in bits 2-7.
  private static final int BASIC_SHORT_STRING = 1;
  private static final int BASIC_OBJECT = 2;
  private static final int BASIC_ARRAY = 3;
  private static final int LONG_STRING_HEADER = 16 << 2; // primitive id 16, basic type 0
  private static final int MAX_SHORT_STRING = 63;

  private final Random r;
  private final boolean foreignKeyOrder;
  private final Map<String, List<Integer>> idsOfKey = new HashMap<>();

  NonCanonicalEncoder(Random r) {
    this(r, false);
  }

  /**
   * @param foreignKeyOrder also list each object's fields out of the spec's order, as other engines
   *     write them: shuffled (DuckDB keeps insertion order) or by UTF-16 code units (Spark)
   */
  NonCanonicalEncoder(Random r, boolean foreignKeyOrder) {
    this.r = r;
    this.foreignKeyOrder = foreignKeyOrder;
  }

  Variant encode(Variant v) {
    Set<String> used = new LinkedHashSet<>();
    collectKeys(v, used);
    byte[] metadata = metadata(used);
    ByteArrayOutputStream value = new ByteArrayOutputStream();
    write(v, value);
    return Variant.of(metadata, value.toByteArray());
  }

  private static void collectKeys(Variant v, Set<String> keys) {
    if (v.isObject()) {
      for (int i = 0; i < v.fieldCount(); i++) {
        keys.add(v.fieldName(i));
        collectKeys(v.fieldValue(i), keys);
      }
    } else if (v.isArray()) {
      for (int i = 0; i < v.size(); i++) {
        collectKeys(v.element(i), keys);
      }
    }
  }

  // spec: VariantEncoding §Metadata encoding: header, dictionary_size, offsets, bytes.
  private byte[] metadata(Set<String> used) {
    List<String> keys = new ArrayList<>(used);
    for (int i = 0, extra = r.nextInt(4); i < extra; i++) {
      keys.add("unused" + r.nextInt(1000)); // keys no object refers to
    }
    boolean sorted = r.nextInt(4) == 0;
    if (sorted) {
      keys = new ArrayList<>(new LinkedHashSet<>(keys));
      keys.sort(Model::compareUtf8);
    } else {
      for (int i = 0, dups = keys.isEmpty() ? 0 : r.nextInt(4); i < dups; i++) {
        keys.add(keys.get(r.nextInt(keys.size()))); // legal only because sorted_strings = 0
      }
      java.util.Collections.shuffle(keys, r);
    }
    for (int i = 0; i < keys.size(); i++) {
      idsOfKey.computeIfAbsent(keys.get(i), k -> new ArrayList<>()).add(i);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int[] offsets = new int[keys.size() + 1];
    for (int i = 0; i < keys.size(); i++) {
      byte[] k = keys.get(i).getBytes(StandardCharsets.UTF_8);
      bytes.writeBytes(k);
      offsets[i + 1] = offsets[i] + k.length;
    }
    int width = widerThan(Math.max(keys.size(), offsets[keys.size()]));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int header =
        1
            | (sorted ? 0x10 : 0)
            | (r.nextInt(3) == 0 ? 0x20 : 0)
            | ((width - 1) << 6); // 0x20: reserved
    out.write(header);
    writeLe(out, keys.size(), width);
    for (int o : offsets) {
      writeLe(out, o, width);
    }
    out.writeBytes(bytes.toByteArray());
    return out.toByteArray();
  }

  private void write(Variant v, ByteArrayOutputStream out) {
    if (v.isObject()) {
      writeObject(v, out);
    } else if (v.isArray()) {
      writeArray(v, out);
    } else if (v.type() == VariantType.STRING) {
      ByteBuffer s = v.stringUtf8();
      byte[] text = new byte[s.remaining()];
      s.get(text);
      if (text.length <= MAX_SHORT_STRING && r.nextBoolean()) {
        out.write((text.length << 2) | BASIC_SHORT_STRING);
      } else {
        out.write(LONG_STRING_HEADER);
        writeLe(out, text.length, 4);
      }
      out.writeBytes(text);
    } else {
      out.writeBytes(v.valueBytes()); // other primitives carry no widths or ids
    }
  }

  // spec: VariantEncoding §Value Data for Object: header, count, ids, offsets, values in any order.
  private void writeObject(Variant v, ByteArrayOutputStream out) {
    int n = v.fieldCount();
    int[] ids = new int[n];
    int maxId = 0;
    byte[][] values = new byte[n][];
    for (int i = 0; i < n; i++) {
      List<Integer> candidates = idsOfKey.get(v.fieldName(i));
      ids[i] = candidates.get(r.nextInt(candidates.size())); // any duplicate entry names the key
      maxId = Math.max(maxId, ids[i]);
      ByteArrayOutputStream child = new ByteArrayOutputStream();
      write(v.fieldValue(i), child);
      values[i] = child.toByteArray();
    }
    int[] offsets = new int[n];
    ByteArrayOutputStream data = layOut(values, offsets);
    if (foreignKeyOrder) {
      List<Integer> order = Gen.permutation(r, n);
      if (r.nextBoolean()) {
        order.sort(
            (a, b) ->
                v.fieldName(a).compareTo(v.fieldName(b))); // UTF-16 code units, as Spark sorts
      }
      int[] permutedIds = new int[n];
      int[] permutedOffsets = new int[n];
      for (int k = 0; k < n; k++) {
        permutedIds[k] = ids[order.get(k)];
        permutedOffsets[k] = offsets[order.get(k)];
      }
      ids = permutedIds;
      offsets = permutedOffsets;
    }
    int idWidth = widerThan(maxId);
    int offsetWidth = widerThan(data.size());
    boolean large = n > 255 || r.nextInt(4) == 0;
    int valueHeader =
        (offsetWidth - 1)
            | (idWidth - 1) << 2
            | (large ? 0x10 : 0)
            | (r.nextInt(4) == 0 ? 0x20 : 0);
    out.write(valueHeader << 2 | BASIC_OBJECT);
    writeLe(out, n, large ? 4 : 1);
    for (int id : ids) {
      writeLe(out, id, idWidth);
    }
    for (int o : offsets) {
      writeLe(out, o, offsetWidth);
    }
    writeLe(out, data.size(), offsetWidth);
    out.writeBytes(data.toByteArray());
  }

  // spec: VariantEncoding §Value Data for Array: header, count, offsets, elements.
  private void writeArray(Variant v, ByteArrayOutputStream out) {
    int n = v.size();
    byte[][] values = new byte[n][];
    for (int i = 0; i < n; i++) {
      ByteArrayOutputStream child = new ByteArrayOutputStream();
      write(v.element(i), child);
      values[i] = child.toByteArray();
    }
    int[] offsets = new int[n];
    ByteArrayOutputStream data = layOut(values, offsets);
    int offsetWidth = widerThan(data.size());
    boolean large = n > 255 || r.nextInt(4) == 0;
    int valueHeader =
        (offsetWidth - 1) | (large ? 0x04 : 0) | (r.nextInt(4) == 0 ? 0x38 : 0); // 0x38: reserved
    out.write(valueHeader << 2 | BASIC_ARRAY);
    writeLe(out, n, large ? 4 : 1);
    for (int o : offsets) {
      writeLe(out, o, offsetWidth);
    }
    writeLe(out, data.size(), offsetWidth);
    out.writeBytes(data.toByteArray());
  }

  /**
   * Writes the values in a random order, sometimes with junk gap bytes; fills each value's offset.
   */
  private ByteArrayOutputStream layOut(byte[][] values, int[] offsets) {
    int n = values.length;
    List<Integer> order = Gen.permutation(r, n);
    if (r.nextBoolean()) {
      order.sort(null); // key order half of the time, so both layouts occur
    }
    boolean gaps = r.nextInt(5) == 0;
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    for (int i : order) {
      if (gaps) {
        byte[] junk = new byte[r.nextInt(3)];
        Arrays.fill(junk, (byte) 0xEE);
        data.writeBytes(junk);
      }
      offsets[i] = data.size();
      data.writeBytes(values[i]);
    }
    return data;
  }

  /** A width of 1..4 bytes that holds {@code unsigned}: the minimal one or, at random, wider. */
  private int widerThan(int unsigned) {
    int min = unsigned <= 0xFF ? 1 : unsigned <= 0xFFFF ? 2 : unsigned <= 0xFFFFFF ? 3 : 4;
    return min + r.nextInt(5 - min);
  }

  private static void writeLe(ByteArrayOutputStream out, long value, int width) {
    for (int i = 0; i < width; i++) {
      out.write((int) (value >>> (8 * i)) & 0xFF);
    }
  }
}
