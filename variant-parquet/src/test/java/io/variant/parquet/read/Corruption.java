// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;

/**
 * The ways {@link CorruptFilePropertyTest} damages a valid file. Each returns the damaged bytes,
 * what it did (for the failure message) and whether the damage is <em>detectable</em>: then reading
 * must either fail or give exactly the rows written. Damage that a reader cannot tell from valid
 * data (a bit in an unchecked page header or in the footer, pages of one chunk swapped, a forged
 * count) need only fail cleanly.
 */
enum Corruption {
  /** Bit flips anywhere in pages, headers included (headers carry no checksum). */
  PAGE_BYTES {
    @Override
    Damage apply(ParquetSurgery s, Random rnd) {
      List<long[]> ranges = new ArrayList<>();
      s.allPages().forEach(p -> ranges.add(new long[] {p.start(), p.end()}));
      return flips(s, rnd, ranges, false);
    }
  },
  /** Bit flips in the payload of pages that carry a CRC: a reader that verifies it must notice. */
  PAYLOAD_BYTES {
    @Override
    Damage apply(ParquetSurgery s, Random rnd) {
      List<long[]> ranges = new ArrayList<>();
      s.allPages().stream()
          .filter(p -> p.header().isSetCrc() && p.payloadLength() > 0)
          .forEach(p -> ranges.add(new long[] {p.payloadStart(), p.end()}));
      return ranges.isEmpty() ? PAGE_BYTES.apply(s, rnd) : flips(s, rnd, ranges, true);
    }
  },
  /** Bit flips in the thrift footer, which carries no checksum. */
  FOOTER_BYTES {
    @Override
    Damage apply(ParquetSurgery s, Random rnd) {
      return flips(
          s,
          rnd,
          List.<long[]>of(new long[] {s.footerStart, s.footerStart + s.footerLength}),
          false);
    }
  },
  /** The file cut short anywhere, its tail (footer length and magic) lost. */
  TRUNCATION {
    @Override
    Damage apply(ParquetSurgery s, Random rnd) {
      int length =
          rnd.nextBoolean()
              ? rnd.nextInt(s.file.length)
              : s.file.length - 1 - rnd.nextInt(Math.min(s.file.length, 16));
      return new Damage(
          java.util.Arrays.copyOf(s.file, length),
          "cut to " + length + " of " + s.file.length + " bytes",
          true);
    }
  },
  /**
   * The footer length before the closing magic replaced: negative, past the file start, or off by a
   * little.
   */
  FOOTER_LENGTH {
    @Override
    Damage apply(ParquetSurgery s, Random rnd) {
      int length =
          pick(
              rnd,
              -1,
              Integer.MIN_VALUE,
              Integer.MAX_VALUE,
              0,
              s.file.length,
              s.file.length - ParquetSurgery.TAIL,
              s.file.length - ParquetSurgery.TAIL - ParquetSurgery.MAGIC.length,
              s.footerLength + 1 + rnd.nextInt(8),
              s.footerLength - 1 - rnd.nextInt(8),
              rnd.nextInt());
      return new Damage(
          s.withFooterLength(length),
          "footer length " + length + " (was " + s.footerLength + ")",
          true);
    }
  },
  /** Two pages of one chunk swapped; each still matches its own CRC. */
  SWAPPED_PAGES {
    @Override
    Damage apply(ParquetSurgery s, Random rnd) {
      List<ParquetSurgery.Chunk> multi =
          s.chunks.stream().filter(c -> c.pages().size() > 1).toList();
      if (multi.isEmpty()) {
        return FORGED_PAGE_HEADER.apply(s, rnd);
      }
      ParquetSurgery.Chunk c = multi.get(rnd.nextInt(multi.size()));
      int a = rnd.nextInt(c.pages().size() - 1);
      int b = a + 1 + rnd.nextInt(c.pages().size() - a - 1);
      return new Damage(
          s.swapPages(c.pages().get(a), c.pages().get(b)),
          "pages "
              + a
              + " and "
              + b
              + " of row group "
              + c.rowGroup()
              + " column "
              + c.column()
              + " swapped",
          false);
    }
  },
  /** One size, offset or count in the footer forged, the footer re-serialized consistently. */
  FORGED_FOOTER_FIELD {
    @Override
    Damage apply(ParquetSurgery s, Random rnd) {
      FileMetaData f = s.footerCopy();
      RowGroup g = f.getRow_groups().get(rnd.nextInt(f.getRow_groups().size()));
      ColumnMetaData m = g.getColumns().get(rnd.nextInt(g.getColumns().size())).getMeta_data();
      long size = forgedSize(rnd, s.file.length);
      String what;
      switch (rnd.nextInt(8)) {
        case 0 -> {
          m.setTotal_compressed_size(size);
          what = "a chunk's total_compressed_size";
        }
        case 1 -> {
          m.setTotal_uncompressed_size(size);
          what = "a chunk's total_uncompressed_size";
        }
        case 2 -> {
          m.setData_page_offset(size);
          what = "a chunk's data_page_offset";
        }
        case 3 -> {
          m.setDictionary_page_offset(size);
          what = "a chunk's dictionary_page_offset";
        }
        case 4 -> {
          m.setNum_values(size);
          what = "a chunk's num_values";
        }
        case 5 -> {
          g.setNum_rows(size);
          what = "a row group's num_rows";
        }
        case 6 -> {
          f.setNum_rows(size);
          what = "the file's num_rows";
        }
        default -> {
          SchemaElement e = f.getSchema().get(rnd.nextInt(f.getSchema().size()));
          if (e.isSetNum_children()) {
            e.setNum_children((int) size);
            what = "schema element " + e.getName() + "'s num_children";
          } else {
            e.setType_length((int) size);
            what = "schema element " + e.getName() + "'s type_length";
          }
        }
      }
      return new Damage(s.withFooter(f), what + " set to " + size, false);
    }
  },
  /**
   * One size or count in a page header forged, later offsets shifted so that only that field is
   * wrong.
   */
  FORGED_PAGE_HEADER {
    @Override
    Damage apply(ParquetSurgery s, Random rnd) {
      ParquetSurgery.Chunk c = s.chunks.get(rnd.nextInt(s.chunks.size()));
      ParquetSurgery.Page p = c.pages().get(rnd.nextInt(c.pages().size()));
      PageHeader h = p.header().deepCopy();
      int size =
          (int)
              Math.max(
                  Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, forgedSize(rnd, s.file.length)));
      String what;
      switch (rnd.nextInt(3)) {
        case 0 -> {
          h.setUncompressed_page_size(size);
          what = "uncompressed_page_size";
        }
        case 1 -> {
          h.setCompressed_page_size(size);
          what = "compressed_page_size";
        }
        default -> {
          if (h.isSetDictionary_page_header()) {
            h.getDictionary_page_header().setNum_values(size);
          } else if (h.isSetData_page_header()) {
            h.getData_page_header().setNum_values(size);
          } else {
            h.getData_page_header_v2().setNum_values(size);
          }
          what = h.getType() + " num_values";
        }
      }
      return new Damage(
          s.withPageHeader(c, p, h),
          "page at " + p.start() + ": " + what + " set to " + size,
          false);
    }
  };

  /** The damaged file, a description, and whether reading must notice. */
  record Damage(byte[] bytes, String what, boolean detectable) {}

  abstract Damage apply(ParquetSurgery s, Random rnd);

  /** 1 to 4 bit flips at random positions inside the given [start, end) ranges. */
  private static Damage flips(
      ParquetSurgery s, Random rnd, List<long[]> ranges, boolean detectable) {
    byte[] out = s.file.clone();
    StringBuilder what = new StringBuilder("bits flipped at");
    for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
      long[] r = ranges.get(rnd.nextInt(ranges.size()));
      int at = (int) (r[0] + rnd.nextInt((int) (r[1] - r[0])));
      out[at] ^= (byte) (1 << rnd.nextInt(8));
      what.append(' ').append(at);
    }
    return new Damage(out, what.toString(), detectable);
  }

  /** A size that lies: huge, negative, zero, a little off, or past the end of the file. */
  private static long forgedSize(Random rnd, int fileLength) {
    return pick(
        rnd,
        Long.MAX_VALUE,
        Integer.MAX_VALUE,
        Integer.MAX_VALUE - 8,
        1L << 40,
        1L << 30,
        -1,
        Integer.MIN_VALUE,
        0,
        1,
        fileLength,
        2L * fileLength,
        fileLength - 1 - rnd.nextInt(fileLength),
        rnd.nextInt(64));
  }

  private static int pick(Random rnd, int... choices) {
    return choices[rnd.nextInt(choices.length)];
  }

  private static long pick(Random rnd, long... choices) {
    return choices[rnd.nextInt(choices.length)];
  }
}
