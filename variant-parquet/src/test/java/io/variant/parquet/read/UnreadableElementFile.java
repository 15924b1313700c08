// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Files of one row whose list's second element cannot be read, for the readers' tests in every
 * module: the Variant {@code {"items": [1, ?, 3]}} (VARIANT column {@code v}, {@code items} a typed
 * list of int64) or, with {@link Shape#TOP_LEVEL}, {@code [1, ?, 3]}. The element {@code ?} is
 * either {@link Damage#CONFLICT}, both its typed int64 5 and its residual int8 1 set (invalid:
 * VariantShredding §Arrays), or {@link Damage#MALFORMED}, a residual of malformed Variant bytes.
 */
public final class UnreadableElementFile {
  /** Where the list sits in the Variant. */
  public enum Shape {
    /** {@code {"items": [...]}}: path {@code $.items[1]}. */
    IN_OBJECT,
    /** {@code [...]}: path {@code $[1]}. */
    TOP_LEVEL
  }

  /** What is wrong with the element. */
  public enum Damage {
    /** Typed value and residual both set. */
    CONFLICT,
    /** A residual whose bytes are no Variant: a primitive header with no payload for its type. */
    MALFORMED
  }

  private static final String ELEMENT =
      "optional group typed_value (LIST) { repeated group list { required group element {"
          + " optional binary value; optional int64 typed_value; } } }";

  private UnreadableElementFile() {}

  /** Writes the file to {@code file}; returns it. */
  public static Path write(Path file, Shape shape, Damage damage) throws IOException {
    String typed =
        shape == Shape.IN_OBJECT
            ? "optional group typed_value { required group items { optional binary value; "
                + ELEMENT
                + " } }"
            : ELEMENT;
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message m { optional group v (VARIANT(1)) { required binary metadata; "
                + "optional binary value; "
                + typed
                + " } }");
    Group row = new SimpleGroupFactory(schema).newGroup();
    Group v = row.addGroup("v");
    v.append("metadata", bin("01 00 00")); // v1, no keys
    Group list =
        shape == Shape.IN_OBJECT
            ? v.addGroup("typed_value").addGroup("items").addGroup("typed_value")
            : v.addGroup("typed_value");
    list.addGroup("list").addGroup("element").append("typed_value", 1L);
    Group second = list.addGroup("list").addGroup("element");
    if (damage == Damage.CONFLICT) {
      second.append("value", bin("0C 01")).append("typed_value", 5L); // int8 1, and 5
    } else {
      second.append("value", bin("14")); // primitive int32, its 4 bytes missing
    }
    list.addGroup("list").addGroup("element").append("typed_value", 3L);
    TestFileWriter.writeRaw(file, schema, List.of(row));
    return file;
  }

  private static Binary bin(String hex) {
    return Binary.fromConstantByteArray(HexFormat.ofDelimiter(" ").parseHex(hex));
  }
}
