// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.nio.charset.StandardCharsets;

/**
 * Reads thrift's compact protocol from a byte array, as {@code TCompactProtocol} does but without a
 * transport, a stream or interned strings: what {@link FileMetaDataReader} decodes a Parquet footer
 * with. Every read stays inside the array, and a container may claim at most as many elements as
 * there are bytes left, so a damaged footer cannot make it read out of bounds, allocate more than
 * the footer's size or loop (nesting is bounded too); anything it cannot read throws {@link
 * Malformed}.
 *
 * <p>Varints are read as {@code TCompactProtocol} reads them, continuation bytes and all, so that
 * both give the same numbers for the same bytes. spec: thrift's compact protocol
 * (thrift/doc/specs/thrift-compact-protocol.md).
 */
final class CompactReader {
  // compact type ids of a field header or a container's element type
  static final int STOP = 0;
  static final int TRUE = 1;
  static final int FALSE = 2;
  static final int BYTE = 3;
  static final int I16 = 4;
  static final int I32 = 5;
  static final int I64 = 6;
  static final int DOUBLE = 7;
  static final int BINARY = 8;
  static final int LIST = 9;
  static final int SET = 10;
  static final int MAP = 11;
  static final int STRUCT = 12;

  /** Deeper nesting than any Parquet footer has: a damaged one is refused, not recursed into. */
  private static final int MAX_DEPTH = 64;

  /** The bytes cannot be read as the expected structure; no stack trace (it is not reported). */
  static final class Malformed extends RuntimeException {
    Malformed() {
      super(null, null, false, false);
    }
  }

  private static final Malformed MALFORMED = new Malformed();

  private final byte[] b;
  private final int end;
  private int pos;
  private final short[] lastIds = new short[MAX_DEPTH];
  private int depth;
  private short lastId;

  /** The type of the field {@link #nextField()} returned, and its id. */
  int fieldType;

  short fieldId;

  CompactReader(byte[] b, int offset, int length) {
    this.b = b;
    this.pos = offset;
    this.end = offset + length;
  }

  int position() {
    return pos;
  }

  /** Enters a struct: field ids count from 0 again. */
  void structBegin() {
    if (depth == MAX_DEPTH) {
      throw MALFORMED;
    }
    lastIds[depth++] = lastId;
    lastId = 0;
  }

  /** Leaves a struct (after {@link #nextField()} returned false). */
  void structEnd() {
    lastId = lastIds[--depth];
  }

  /**
   * Reads the next field header of the current struct into {@link #fieldType} and {@link #fieldId};
   * false at its stop.
   */
  boolean nextField() {
    int header = readByte() & 0xFF;
    if (header == STOP) {
      return false;
    }
    int delta = header >>> 4;
    int type = header & 0x0F;
    short id = delta == 0 ? readI16() : (short) (lastId + delta);
    if (type == STOP) {
      return false; // TCompactProtocol reads a zero type with an id as the stop too
    }
    if (type > STRUCT) {
      throw MALFORMED;
    }
    lastId = id;
    fieldId = id;
    fieldType = type;
    return true;
  }

  /** True if the current field's type is {@code type} ({@link #TRUE} stands for booleans). */
  boolean fieldIs(int type) {
    return type == TRUE ? fieldType == TRUE || fieldType == FALSE : fieldType == type;
  }

  /** The current boolean field's value. */
  boolean fieldBoolean() {
    return fieldType == TRUE;
  }

  byte readByte() {
    if (pos >= end) {
      throw MALFORMED;
    }
    return b[pos++];
  }

  short readI16() {
    return (short) zigzag(readVarint32());
  }

  int readI32() {
    return zigzag(readVarint32());
  }

  long readI64() {
    long v = readVarint64();
    return (v >>> 1) ^ -(v & 1);
  }

  /** A binary field as a string, decoded as UTF-8 with replacement, as thrift does. */
  String readString() {
    int n = readLength();
    String s = new String(b, pos, n, StandardCharsets.UTF_8);
    pos += n;
    return s;
  }

  byte[] readBinary() {
    int n = readLength();
    byte[] out = java.util.Arrays.copyOfRange(b, pos, pos + n);
    pos += n;
    return out;
  }

  /**
   * A list or set header whose elements must be of {@code elementType}; returns the element count.
   */
  int listBegin(int elementType) {
    int header = readByte() & 0xFF;
    int size = header >>> 4;
    if (size == 15) {
      size = readVarint32();
    }
    int type = header & 0x0F;
    boolean matches = elementType == TRUE ? type == TRUE || type == FALSE : type == elementType;
    // every element takes at least one byte (an empty struct its stop)
    if (!matches || size < 0 || size > end - pos) {
      throw MALFORMED;
    }
    return size;
  }

  /** Skips a value of compact type {@code type}; {@code inField}: a boolean is in the header. */
  void skip(int type, boolean inField) {
    switch (type) {
      case TRUE, FALSE -> {
        if (!inField) {
          readByte();
        }
      }
      case BYTE -> readByte();
      case I16, I32 -> readVarint32();
      case I64 -> readVarint64();
      case DOUBLE -> advance(8);
      case BINARY -> advance(readLength());
      case LIST, SET -> {
        int header = readByte() & 0xFF;
        int size = header >>> 4;
        if (size == 15) {
          size = readVarint32();
        }
        skipElements(size, header & 0x0F);
      }
      case MAP -> {
        int size = readVarint32();
        int kinds = size == 0 ? 0 : readByte() & 0xFF;
        int keys = kinds >>> 4;
        int values = kinds & 0x0F;
        if (size < 0 || size > (end - pos) / 2 || keys > STRUCT || values > STRUCT) {
          throw MALFORMED; // a key and a value take a byte each at least
        }
        for (int i = 0; i < size; i++) {
          skip(keys, false);
          skip(values, false);
        }
      }
      case STRUCT -> {
        structBegin();
        while (nextField()) {
          skip(fieldType, true);
        }
        structEnd();
      }
      default -> throw MALFORMED;
    }
  }

  /** Skips the current field's value. */
  void skipField() {
    skip(fieldType, true);
  }

  /** The array being read: with {@link #position()}, the bytes of a value just skipped. */
  byte[] array() {
    return b;
  }

  private void skipElements(int size, int type) {
    // as TCompactProtocol: an unknown element type fails even in an empty container
    if (type > STRUCT || size < 0 || size > end - pos || (size > 0 && type == STOP)) {
      throw MALFORMED;
    }
    for (int i = 0; i < size; i++) {
      skip(type, false);
    }
  }

  private int readLength() {
    int n = readVarint32();
    if (n < 0 || n > end - pos) {
      throw MALFORMED;
    }
    return n;
  }

  private void advance(int n) {
    if (n > end - pos) {
      throw MALFORMED;
    }
    pos += n;
  }

  // TCompactProtocol's loops: no limit on continuation bytes, shifts wrap as Java's do
  private int readVarint32() {
    int result = 0;
    int shift = 0;
    while (true) {
      byte x = readByte();
      result |= (x & 0x7f) << shift;
      if ((x & 0x80) != 0x80) {
        return result;
      }
      shift += 7;
    }
  }

  private long readVarint64() {
    long result = 0;
    int shift = 0;
    while (true) {
      byte x = readByte();
      result |= (long) (x & 0x7f) << shift;
      if ((x & 0x80) != 0x80) {
        return result;
      }
      shift += 7;
    }
  }

  private static int zigzag(int n) {
    return (n >>> 1) ^ -(n & 1);
  }
}
