// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * Structure-aware damage for fuzzing: one to three rounds of a {@link Corruption} (footer fields,
 * page-header sizes and counts, swapped pages, truncation, bit flips) or of the two kinds below,
 * each drawn from a {@link BytesRandom}. The two extra kinds edit page payloads and then fix the
 * page's CRC, so that the damage reaches parquet-java's decoders instead of stopping at the
 * checksum:
 *
 * <ul>
 *   <li>{@code LEVELS}: bytes at the start of a data page payload, where an uncompressed v1 page
 *       and every v2 page keep their repetition and definition levels (v2: also forged level byte
 *       lengths);
 *   <li>{@code DICTIONARY}: bytes anywhere in a dictionary page's payload.
 * </ul>
 *
 * A round whose input no longer parses as a Parquet file (an earlier round broke it) flips bytes
 * anywhere.
 */
public final class FuzzDamage {
  private static final int KINDS = Corruption.values().length + 2;
  private static final int[] INTERESTING = {0, 1, 0x7F, 0x80, 0xFF, 0x3F, 0x40, 0x10};

  private FuzzDamage() {}

  public static byte[] apply(byte[] seed, Random rnd) {
    byte[] file = seed;
    for (int round = 1 + rnd.nextInt(3); round > 0 && file.length > 0; round--) {
      file = once(file, rnd);
    }
    return file;
  }

  private static byte[] once(byte[] file, Random rnd) {
    ParquetSurgery s;
    try {
      s = ParquetSurgery.of(file);
    } catch (RuntimeException | AssertionError notParquet) {
      return flipAnywhere(file, rnd);
    }
    if (s.chunks.isEmpty()) {
      return flipAnywhere(file, rnd);
    }
    int kind = rnd.nextInt(KINDS);
    try {
      if (kind < Corruption.values().length) {
        return Corruption.values()[kind].apply(s, rnd).bytes();
      }
      return kind == Corruption.values().length ? levels(s, rnd) : dictionary(s, rnd);
    } catch (RuntimeException | AssertionError cannotApply) {
      return flipAnywhere(file, rnd); // e.g. no page of that kind
    }
  }

  private static byte[] levels(ParquetSurgery s, Random rnd) {
    List<Pick> data = pages(s, PageType.DATA_PAGE, PageType.DATA_PAGE_V2);
    if (data.isEmpty()) {
      return flipAnywhere(s.file, rnd);
    }
    Pick p = data.get(rnd.nextInt(data.size()));
    PageHeader h = p.page().header().deepCopy();
    if (h.isSetData_page_header_v2() && rnd.nextInt(4) == 0) {
      int forged = INTERESTING[rnd.nextInt(INTERESTING.length)] + rnd.nextInt(4) - 1;
      if (rnd.nextBoolean()) {
        h.getData_page_header_v2().setRepetition_levels_byte_length(forged);
      } else {
        h.getData_page_header_v2().setDefinition_levels_byte_length(forged);
      }
      return s.withPageHeader(p.chunk(), p.page(), h);
    }
    int span = Math.min(16, p.page().payloadLength());
    return editPayload(s, p, rnd, span);
  }

  private static byte[] dictionary(ParquetSurgery s, Random rnd) {
    List<Pick> dict = pages(s, PageType.DICTIONARY_PAGE);
    if (dict.isEmpty()) {
      return levels(s, rnd);
    }
    Pick p = dict.get(rnd.nextInt(dict.size()));
    return editPayload(s, p, rnd, p.page().payloadLength());
  }

  /**
   * Overwrites 1 to 4 payload bytes within the first {@code span}, then re-computes the page's CRC.
   */
  private static byte[] editPayload(ParquetSurgery s, Pick p, Random rnd, int span) {
    if (span <= 0) {
      return flipAnywhere(s.file, rnd);
    }
    byte[] out = s.file.clone();
    int start = (int) p.page().payloadStart();
    for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
      int at = start + rnd.nextInt(span);
      out[at] =
          (byte)
              (rnd.nextBoolean()
                  ? INTERESTING[rnd.nextInt(INTERESTING.length)]
                  : out[at] + rnd.nextInt(5) - 2);
    }
    PageHeader h = p.page().header().deepCopy();
    if (!h.isSetCrc()) {
      return out;
    }
    CRC32 crc = new CRC32();
    crc.update(out, start, p.page().payloadLength());
    h.setCrc((int) crc.getValue());
    ParquetSurgery edited = ParquetSurgery.of(out);
    Pick same =
        pages(edited, h.getType()).stream()
            .filter(q -> q.page().start() == p.page().start())
            .findFirst()
            .orElseThrow();
    return edited.withPageHeader(same.chunk(), same.page(), h);
  }

  /**
   * A copy of {@code file} with byte {@code at} of the payload of column {@code column}'s first
   * data page (row group 0) set to {@code value}, the page's CRC computed again: damage only a
   * decoder can see. For tests that forge levels or values deliberately.
   */
  public static byte[] withFirstDataPageByte(byte[] file, String column, int at, int value) {
    ParquetSurgery s = ParquetSurgery.of(file);
    ParquetSurgery.Chunk chunk = s.chunk(column);
    ParquetSurgery.Page page =
        chunk.pages().stream()
            .filter(p -> p.header().getType() == PageType.DATA_PAGE)
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no v1 data page in " + column));
    return withPayloadByte(s, chunk, page, at, value);
  }

  /**
   * A copy of {@code file} with byte {@code at} of the payload of the dictionary page of column
   * {@code column}'s chunk in row group {@code rowGroup} (from 0) set to {@code value}, the page's
   * CRC computed again: damage only a decoder can see.
   */
  public static byte[] withDictionaryPageByte(
      byte[] file, String column, int rowGroup, int at, int value) {
    ParquetSurgery s = ParquetSurgery.of(file);
    ParquetSurgery.Chunk chunk = s.chunk(column, rowGroup);
    ParquetSurgery.Page page = chunk.pages().get(0); // spec: a dictionary page comes first
    if (page.header().getType() != PageType.DICTIONARY_PAGE) {
      throw new IllegalArgumentException("no dictionary page in " + column);
    }
    return withPayloadByte(s, chunk, page, at, value);
  }

  /**
   * A copy of {@code file} whose dictionary page header of column {@code column}'s chunk in row
   * group {@code rowGroup} (from 0) starts with two bytes {@code ff}: a thrift field of type 15,
   * which no header has, so the header does not decode.
   */
  public static byte[] withDictionaryPageHeaderDamaged(byte[] file, String column, int rowGroup) {
    ParquetSurgery.Page page = ParquetSurgery.of(file).chunk(column, rowGroup).pages().get(0);
    if (page.header().getType() != PageType.DICTIONARY_PAGE) {
      throw new IllegalArgumentException("no dictionary page in " + column);
    }
    byte[] out = file.clone();
    out[(int) page.start()] = (byte) 0xff;
    out[(int) page.start() + 1] = (byte) 0xff;
    return out;
  }

  private static byte[] withPayloadByte(
      ParquetSurgery s, ParquetSurgery.Chunk chunk, ParquetSurgery.Page page, int at, int value) {
    if (at >= page.payloadLength()) {
      throw new IllegalArgumentException("the page has " + page.payloadLength() + " bytes");
    }
    byte[] out = s.file.clone();
    int start = (int) page.payloadStart();
    out[start + at] = (byte) value;
    PageHeader h = page.header().deepCopy();
    if (h.isSetCrc()) {
      CRC32 crc = new CRC32();
      crc.update(out, start, page.payloadLength());
      h.setCrc((int) crc.getValue());
    }
    ParquetSurgery edited = ParquetSurgery.of(out);
    ParquetSurgery.Chunk same = edited.chunks.get(s.chunks.indexOf(chunk));
    return edited.withPageHeader(same, same.pages().get(chunk.pages().indexOf(page)), h);
  }

  private static byte[] flipAnywhere(byte[] file, Random rnd) {
    byte[] out = file.clone();
    for (int i = 1 + rnd.nextInt(4); i > 0 && out.length > 0; i--) {
      out[rnd.nextInt(out.length)] ^= (byte) (1 << rnd.nextInt(8));
    }
    return out;
  }

  private record Pick(ParquetSurgery.Chunk chunk, ParquetSurgery.Page page) {}

  private static List<Pick> pages(ParquetSurgery s, PageType... types) {
    List<PageType> wanted = List.of(types);
    return s.chunks.stream()
        .flatMap(
            c ->
                c.pages().stream()
                    .filter(p -> wanted.contains(p.header().getType()))
                    .map(p -> new Pick(c, p)))
        .toList();
  }
}
