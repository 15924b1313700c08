// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Gzip input (RFC 1952), every member one after another to the end of the file. Each member's
 * header is parsed (and its header CRC checked when it has one), its deflate data inflated, and its
 * CRC-32 and length checked against its trailer. Every problem is a {@link CompressedDataException}
 * with the compressed byte offset: a file that ends inside a member, a checksum or length that does
 * not match, corrupt deflate data (located to the slice of at most {@value #SLICE} bytes being
 * inflated), and bytes after the last member that do not start another member. gzip(1) warns about
 * such "trailing garbage" and ignores it; here it is an error, since it may be a member whose
 * header was damaged, with rows in it.
 *
 * <p>Why not {@code java.util.zip.GZIPInputStream}: it ends the input silently at trailing bytes
 * that are not a member, and it asks {@code available()} whether another member follows, so from a
 * pipe whose next member has not arrived yet it ends the input after the first one, silently
 * (JDK-7036144); and its errors carry no offset.
 *
 * <p>A read returns as soon as it has inflated bytes. Not thread-safe.
 */
final class GzipMembers extends DecompressedStream {
  private static final int ID1 = 0x1F; // RFC 1952 §2.3.1 Member header and trailer
  private static final int ID2 = 0x8B;
  private static final int CM_DEFLATE = 8;
  private static final int FHCRC = 0x02;
  private static final int FEXTRA = 0x04;
  private static final int FNAME = 0x08;
  private static final int FCOMMENT = 0x10;
  private static final int FRESERVED = 0xE0;
  private static final int MTIME_XFL_OS_BYTES = 6;

  /** Compressed bytes given to the inflater at once: a deflate error is located to within them. */
  private static final int SLICE = 4096;

  private final InputStream source;
  private final byte[] buf = new byte[1 << 16];
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32(); // of a header while it is read, then of the member's data
  private int pos; // next unread byte of buf
  private int end; // end of the bytes in buf
  private int fedEnd; // end of the slice given to the inflater
  private long bufStart; // compressed offset of buf[0]
  private long memberStart = -1; // compressed offset of the current member; -1 between members
  private boolean ended;

  GzipMembers(InputStream source) {
    this.source = source;
  }

  @Override
  int decompress(byte[] b, int off, int len) throws IOException {
    while (!ended) {
      if (memberStart < 0 && !startMember()) {
        ended = true;
        break;
      }
      int n = inflate(b, off, len);
      if (n > 0) {
        return n;
      }
    }
    return -1;
  }

  @Override
  public void close() throws IOException {
    inflater.end();
    source.close();
  }

  /** Reads the next member's header; false at the end of the file, between members. */
  private boolean startMember() throws IOException {
    long at = offset();
    int id1 = byteOrEnd();
    if (id1 < 0) {
      return false;
    }
    memberStart = at;
    int id2 = byteOrEnd();
    if (id1 == ID1 && id2 < 0) {
      throw truncated("inside the header");
    }
    if (id1 != ID1 || id2 != ID2) {
      throw new CompressedDataException(
          at,
          at == 0
              ? "not gzip data: it does not start with 1f 8b"
              : format(
                  "bytes after the last gzip member, at compressed byte %d, do not start another"
                      + " member (%02x %02x)",
                  at, id1, Math.max(id2, 0)),
          null);
    }
    crc.reset();
    crc.update(ID1);
    crc.update(ID2);
    int method = headerByte();
    if (method != CM_DEFLATE) {
      throw corrupt(
          at + 2,
          format(
              "compression method %d at compressed byte %d (gzip's is 8, deflate)",
              method, at + 2));
    }
    int flags = headerByte();
    if ((flags & FRESERVED) != 0) {
      throw corrupt(
          at + 3, format("reserved flag bits in %02x at compressed byte %d", flags, at + 3));
    }
    for (int i = 0; i < MTIME_XFL_OS_BYTES; i++) {
      headerByte();
    }
    if ((flags & FEXTRA) != 0) {
      for (int left = headerByte() | headerByte() << 8; left > 0; left--) {
        headerByte();
      }
    }
    skipZeroTerminated(flags & FNAME);
    skipZeroTerminated(flags & FCOMMENT);
    if ((flags & FHCRC) != 0) {
      long crcAt = offset();
      int computed = (int) crc.getValue() & 0xFFFF;
      int stored = headerByte() | headerByte() << 8;
      if (stored != computed) {
        throw corrupt(
            crcAt,
            format(
                "the header CRC %04x at compressed byte %d is not the header's (%04x)",
                stored, crcAt, computed));
      }
    }
    crc.reset();
    inflater.reset();
    return true;
  }

  private void skipZeroTerminated(int flag) throws IOException {
    if (flag != 0) {
      while (headerByte() != 0) {
        // a file name or comment: not needed
      }
    }
  }

  /** Inflates into {@code b}; 0 once the member's data has ended and its trailer matched. */
  private int inflate(byte[] b, int off, int len) throws IOException {
    while (true) {
      if (inflater.needsInput()) {
        if (pos == end && !fill()) {
          throw truncated("inside the deflate data");
        }
        fedEnd = Math.min(end, pos + SLICE);
        inflater.setInput(buf, pos, fedEnd - pos);
      }
      long before = offset();
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (DataFormatException e) {
        throw new CompressedDataException(
            before,
            format(
                "corrupt gzip data: %s, in the deflate data at compressed bytes %d to %d, in the"
                    + " member that starts at byte %d",
                e.getMessage(), before, bufStart + fedEnd - 1, memberStart),
            e);
      }
      pos = fedEnd - inflater.getRemaining();
      if (n > 0) {
        crc.update(b, off, n);
        return n;
      }
      if (inflater.finished()) {
        readTrailer();
        return 0;
      }
      if (!inflater.needsInput()) { // a preset dictionary, which gzip never uses
        throw corrupt(
            before, format("the deflate data at compressed byte %d asks for a dictionary", before));
      }
    }
  }

  private void readTrailer() throws IOException {
    long at = offset();
    long stored = intLe();
    long size = intLe();
    if (stored != crc.getValue()) {
      throw unchecked(
          at,
          format(
              "the CRC-32 %08x in the trailer at compressed byte %d is not the data's (%08x)",
              stored, at, crc.getValue()));
    }
    long written = inflater.getBytesWritten() & 0xFFFFFFFFL; // ISIZE: the length modulo 2^32
    if (size != written) {
      throw unchecked(
          at + 4,
          format(
              "the length %d in the trailer at compressed byte %d is not the data's (%d)",
              size, at + 4, written));
    }
    memberStart = -1;
  }

  /**
   * A checksum that does not match: found at the end of its member, after the member's bytes were
   * returned, which the message says, since a reader that goes on (skipping bad input) used them.
   */
  private CompressedDataException unchecked(long at, String detail) {
    return new CompressedDataException(
        at,
        format(
            "corrupt gzip data: %s, so the rows read from the member that starts at byte %d may"
                + " hold corrupt data",
            detail, memberStart),
        null);
  }

  private long intLe() throws IOException {
    long v = 0;
    for (int i = 0; i < 4; i++) {
      int b = byteOrEnd();
      if (b < 0) {
        throw truncated("inside the trailer");
      }
      v |= (long) b << (8 * i);
    }
    return v;
  }

  private int headerByte() throws IOException {
    int b = byteOrEnd();
    if (b < 0) {
      throw truncated("inside the header");
    }
    crc.update(b);
    return b;
  }

  /** The next compressed byte, or -1 at the end of the file. */
  private int byteOrEnd() throws IOException {
    if (pos == end && !fill()) {
      return -1;
    }
    return buf[pos++] & 0xFF;
  }

  /** Reads the next bytes of the file into {@code buf}, all of whose bytes were used. */
  private boolean fill() throws IOException {
    bufStart += end;
    pos = 0;
    end = 0;
    fedEnd = 0;
    int n;
    do {
      n = source.read(buf, 0, buf.length);
    } while (n == 0);
    if (n < 0) {
      return false;
    }
    end = n;
    return true;
  }

  private long offset() {
    return bufStart + pos;
  }

  private CompressedDataException truncated(String where) {
    return new CompressedDataException(
        offset(),
        format(
            "truncated gzip data: the file ends at compressed byte %d, %s of the member that"
                + " starts at byte %d",
            offset(), where, memberStart),
        null);
  }

  private CompressedDataException corrupt(long at, String detail) {
    return new CompressedDataException(
        at,
        "corrupt gzip data: "
            + detail
            + format(", in the member that starts at byte %d", memberStart),
        null);
  }

  private static String format(String text, Object... args) {
    return String.format(Locale.ROOT, text, args);
  }
}
