// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import static io.variant.parquet.file.CompactReader.declineIf;

import io.variant.parquet.file.CompactReader.Malformed;
import java.io.InputStream;
import java.util.Objects;
import shaded.parquet.org.apache.thrift.TBase;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

/**
 * The footer's small unions and structs that only the schema's annotations and the statistics hold
 * ({@code LogicalType}, {@code Statistics}, {@code SizeStatistics}, ...), decoded by
 * parquet-format's generated thrift code itself from the bytes a {@link CompactReader} delimits:
 * too rare to be worth decoding by hand, and thrift's own reading of them is the reference.
 */
final class GeneratedStruct {
  private GeneratedStruct() {}

  /**
   * The struct that starts at {@code in}'s position, decoded by its generated thrift code from the
   * bytes that {@link CompactReader#skipField()} finds it in; declined unless that code reads
   * exactly those bytes.
   *
   * @param union whether it is a union, which thrift reads correctly only with exactly one field
   */
  static <T extends TBase<?, ?>> T read(CompactReader in, T struct, boolean union) {
    int start = in.position();
    if (union) {
      in.structBegin();
      declineIf(!in.nextField());
      in.skipField();
      declineIf(in.nextField());
      in.structEnd();
    } else {
      in.skipField();
    }
    Slice bytes = new Slice(in.array(), start, in.position());
    try {
      struct.read(new TCompactProtocol(new TIOStreamTransport(bytes)));
    } catch (TException | RuntimeException e) {
      throw new Malformed();
    }
    declineIf(bytes.pos != bytes.end);
    return struct;
  }

  /** Bytes {@code [pos, end)} of an array as a stream, without locks; counts what was read. */
  private static final class Slice extends InputStream {
    private final byte[] b;
    private int pos;
    private final int end;

    Slice(byte[] b, int pos, int end) {
      this.b = b;
      this.pos = pos;
      this.end = end;
    }

    @Override
    public int read() {
      return pos < end ? b[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] to, int off, int len) {
      Objects.checkFromIndexSize(off, len, to.length);
      if (len == 0) {
        return 0;
      }
      if (pos >= end) {
        return -1;
      }
      int n = Math.min(len, end - pos);
      System.arraycopy(b, pos, to, off, n);
      pos += n;
      return n;
    }

    @Override
    public int available() {
      return end - pos;
    }
  }
}
