package io.variant.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns a builder's provisional key ids (first-seen order) into a sorted, de-duplicated dictionary. Field
 * order inside objects does not change (it follows key bytes, not ids); only the id bytes do. With at most
 * 256 keys every id is one byte before and after, so ids are patched in place; beyond that the value is
 * re-encoded because id widths may change.
 */
final class KeyRemapper {
  private KeyRemapper() {}

  static Variant finish(List<byte[]> keys, byte[] value, BuilderOptions options) {
    int n = keys.size();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Utf8.compare(keys.get(a), keys.get(b)));
    int[] finalId = new int[n];
    List<byte[]> unique = new ArrayList<>(n);
    boolean identity = true;
    for (int i : order) {
      if (unique.isEmpty() || Utf8.compare(unique.get(unique.size() - 1), keys.get(i)) != 0) {
        unique.add(keys.get(i));
      }
      finalId[i] = unique.size() - 1;
      identity &= finalId[i] == i;
    }
    VariantMetadata metadata = VariantMetadata.of(MetadataBuilder.encode(unique, true));
    if (identity) {
      return Variant.of(metadata, value, 0, value.length);
    }
    if (n <= 256) {
      // Values appended verbatim were not validated: patch checks bounds, and patches shared bytes once.
      patch(value, 0, finalId, new boolean[value.length]);
      return Variant.of(metadata, value, 0, value.length);
    }
    Variant provisional = Variant.of(VariantMetadata.of(MetadataBuilder.encode(keys, false)), value, 0, value.length);
    return VariantBuilder.withMetadata(metadata, options).appendVariant(provisional).build();
  }

  /**
   * Rewrites the one-byte field ids of every object under {@code pos}. Bytes reached through several offsets
   * are patched once ({@code done}); anything outside {@code b} or an id without a final id is a {@link
   * VariantFormatException}, since verbatim-appended values may be malformed.
   */
  private static void patch(byte[] b, int pos, int[] finalId, boolean[] done) {
    if (pos < 0 || pos >= b.length) {
      throw VariantFormatException.at(pos, "value starts at byte %d, outside the %d bytes built", pos, b.length);
    }
    if (done[pos]) {
      return;
    }
    done[pos] = true;
    int header = b[pos] & 0xFF;
    int basic = Layout.basicTypeBits(header);
    if (basic < 2) {
      return;
    }
    int vh = Layout.valueHeader(header);
    int offsetSize = (vh & 0x3) + 1;
    boolean object = basic == 2;
    boolean large = object ? (vh & Layout.OBJECT_LARGE_BIT) != 0 : (vh & Layout.ARRAY_LARGE_BIT) != 0;
    int countSize = large ? 4 : 1;
    long count = read(b, pos + 1, countSize) & 0xFFFFFFFFL;
    int idsAt = pos + 1 + countSize;
    int idSize = object ? ((vh >>> Layout.OBJECT_ID_SIZE_SHIFT) & 0x3) + 1 : 0;
    long offsAt = idsAt + count * idSize;
    long dataStart = offsAt + (count + 1) * offsetSize;
    if (dataStart > b.length) {
      throw VariantFormatException.at(pos, "container of %d elements needs %d bytes, only %d built", count, dataStart, b.length);
    }
    for (int i = 0; i < count; i++) {
      if (object) {
        int at = idsAt + i * idSize;
        int id = read(b, at, idSize);
        if (id < 0 || id >= finalId.length) {
          throw VariantFormatException.at(at, "field id %d outside the %d keys built", id & 0xFFFFFFFFL, finalId.length);
        }
        LittleEndian.write(b, at, finalId[id], idSize);
      }
      long child = dataStart + (read(b, (int) (offsAt + (long) i * offsetSize), offsetSize) & 0xFFFFFFFFL);
      patch(b, child > b.length ? -1 : (int) child, finalId, done);
    }
  }

  private static int read(byte[] b, int at, int width) {
    if (at + width > b.length) {
      throw VariantFormatException.at(at, "needs %d bytes, only %d built", width, b.length);
    }
    return LittleEndian.readUnsigned(b, at, width);
  }
}
