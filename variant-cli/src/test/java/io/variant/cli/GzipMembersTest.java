// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class GzipMembersTest {
  private static final byte[] TEXT =
      "{\"id\": 1, \"name\": \"one\"}\n{\"id\": 2, \"name\": \"two\"}\n"
          .repeat(40)
          .getBytes(StandardCharsets.UTF_8);

  /** ID1 ID2, CM 8 (deflate), FLG 0, MTIME 0, XFL 0, OS 3 (Unix): RFC 1952 §2.3. */
  private static final byte[] PLAIN_HEADER = {0x1F, (byte) 0x8B, 8, 0, 0, 0, 0, 0, 0, 3};

  /** A member: {@code header}, the raw deflate data of {@code data}, CRC-32 and ISIZE. */
  private static byte[] member(byte[] header, byte[] data) {
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    deflater.setInput(data);
    deflater.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(header);
    byte[] buf = new byte[4096];
    while (!deflater.finished()) {
      out.write(buf, 0, deflater.deflate(buf));
    }
    deflater.end();
    CRC32 crc = new CRC32();
    crc.update(data);
    writeIntLe(out, (int) crc.getValue());
    writeIntLe(out, data.length);
    return out.toByteArray();
  }

  private static void writeIntLe(ByteArrayOutputStream out, int v) {
    for (int i = 0; i < 4; i++) {
      out.write(v >>> (8 * i));
    }
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static byte[] gunzip(byte[] gz) throws IOException {
    try (InputStream in = new GzipMembers(new ByteArrayInputStream(gz))) {
      return in.readAllBytes();
    }
  }

  @Test
  void readsEveryMemberOneAfterAnother() throws IOException {
    byte[] two = "{\"id\": 3}\n".getBytes(StandardCharsets.UTF_8);
    byte[] gz =
        concat(
            member(PLAIN_HEADER, TEXT),
            member(PLAIN_HEADER, new byte[0]),
            member(PLAIN_HEADER, two));
    assertArrayEquals(concat(TEXT, two), gunzip(gz));
    assertArrayEquals(TEXT, gunzip(CliRunner.gzip(TEXT))); // java.util.zip's own writer
  }

  @Test
  void skipsTheOptionalHeaderFieldsAndChecksTheHeaderCrc() throws IOException {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    header.writeBytes(new byte[] {0x1F, (byte) 0x8B, 8, 2 | 4 | 8 | 16, 1, 2, 3, 4, 0, 3});
    header.writeBytes(new byte[] {3, 0, 'a', 'b', 'c'}); // FEXTRA: XLEN 3, then 3 bytes
    header.writeBytes("name.json\0".getBytes(StandardCharsets.ISO_8859_1)); // FNAME
    header.writeBytes("a comment\0".getBytes(StandardCharsets.ISO_8859_1)); // FCOMMENT
    CRC32 crc = new CRC32();
    crc.update(header.toByteArray());
    int headerLength = header.size();
    header.write((int) crc.getValue()); // FHCRC: the two low bytes of the header's CRC-32
    header.write((int) crc.getValue() >>> 8);
    byte[] gz = member(header.toByteArray(), TEXT);
    assertArrayEquals(TEXT, gunzip(gz));

    gz[headerLength] ^= 0x01;
    CompressedDataException e = assertThrows(CompressedDataException.class, () -> gunzip(gz));
    assertEquals(headerLength, e.compressedOffset());
    assertTrue(e.getMessage().contains("header CRC"), e.getMessage());
  }

  @Test
  void everyPrefixEndsInsideAMemberAndIsTruncatedUnlessItEndsAtAMemberEnd() throws IOException {
    byte[] first = member(PLAIN_HEADER, TEXT);
    byte[] gz = concat(first, member(PLAIN_HEADER, "{}\n".getBytes(StandardCharsets.UTF_8)));
    for (int length = 1; length < gz.length; length++) {
      byte[] prefix = Arrays.copyOf(gz, length);
      if (length == first.length) {
        assertArrayEquals(TEXT, gunzip(prefix));
        continue;
      }
      CompressedDataException e =
          assertThrows(CompressedDataException.class, () -> gunzip(prefix), "length " + length);
      assertEquals(length, e.compressedOffset(), e.getMessage());
      assertTrue(e.getMessage().startsWith("truncated gzip data"), e.getMessage());
    }
  }

  /**
   * A changed bit is found, or it changes nothing of the data (a header's time or OS field, the
   * padding bits after the last deflate block).
   */
  @Test
  void everyChangedByteIsFoundOrChangesNothing() throws IOException {
    byte[] gz = member(PLAIN_HEADER, TEXT);
    for (int at = 0; at < gz.length; at++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] changed = gz.clone();
        changed[at] ^= (byte) (1 << bit);
        byte[] out;
        try {
          out = gunzip(changed);
        } catch (CompressedDataException e) {
          continue;
        }
        assertArrayEquals(TEXT, out, "byte " + at + " bit " + bit + " changed the data silently");
      }
    }
  }

  @Test
  void bytesAfterTheLastMemberAreAnErrorOnceItsDataIsRead() throws IOException {
    byte[] gz = member(PLAIN_HEADER, TEXT);
    byte[] trailing = concat(gz, new byte[] {0, 0, 0, 0});
    ByteArrayOutputStream read = new ByteArrayOutputStream();
    try (InputStream in = new GzipMembers(new ByteArrayInputStream(trailing))) {
      byte[] buf = new byte[1000];
      CompressedDataException e =
          assertThrows(
              CompressedDataException.class,
              () -> {
                for (int n; (n = in.read(buf)) >= 0; ) {
                  read.write(buf, 0, n);
                }
              });
      assertEquals(gz.length, e.compressedOffset());
      assertTrue(e.getMessage().contains("after the last gzip member"), e.getMessage());
      assertThrows(CompressedDataException.class, in::read); // and it stays failed
    }
    assertArrayEquals(TEXT, read.toByteArray());
  }

  @Test
  void corruptDeflateDataIsLocatedToTheBytesBeingInflated() {
    byte[] gz = member(PLAIN_HEADER, TEXT);
    gz[PLAIN_HEADER.length] = (byte) 0xFF; // BFINAL 1, BTYPE 11: reserved (RFC 1951 §3.2.3)
    CompressedDataException e = assertThrows(CompressedDataException.class, () -> gunzip(gz));
    assertEquals(PLAIN_HEADER.length, e.compressedOffset());
    assertTrue(e.getMessage().contains("invalid block type"), e.getMessage());
  }

  @Test
  void aMethodOtherThanDeflateIsAnError() {
    byte[] gz = member(PLAIN_HEADER, TEXT);
    gz[2] = 7;
    CompressedDataException e = assertThrows(CompressedDataException.class, () -> gunzip(gz));
    assertEquals(2, e.compressedOffset());
    assertTrue(e.getMessage().contains("method 7"), e.getMessage());
  }
}
