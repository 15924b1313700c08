// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantFormatException;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.testkit.Gen;
import io.variant.testkit.Trials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad Variant bytes inside a well-formed Parquet file never crash the reader: random, truncated and
 * bit-flipped metadata, residuals (with field ids that do not match the row's dictionary) and
 * non-UTF-8 typed strings give, per row, either a Variant (whose full validation throws only {@link
 * VariantFormatException}) or a {@link VariantParquetException} caused by a {@link
 * VariantException}; the same holds for projection. Never an AIOOBE, NPE or other unchecked
 * exception.
 */
class MalformedInputPropertyTest {
  private static final int TRIALS = Math.max(20, Trials.trials() / 10);
  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message m { required int64 id;"
              + " optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
              + "   optional group typed_value {"
              + "     required group a { optional binary value; optional int64 typed_value; }"
              + "     required group b { optional binary value; optional group typed_value (LIST) { repeated group list {"
              + "       required group element { optional binary value; optional binary typed_value (STRING); } } } } } } }");
  private static final Gen.Config SMALL =
      Gen.Config.defaults().withMaxDepth(3).withAllowLarge(false).withBudgetBytes(3_000);

  @TempDir Path tmp;

  @Test
  void malformedBytesGiveOnlyVariantExceptions() {
    Trials.run(
        "malformedBytesGiveOnlyVariantExceptions",
        TRIALS,
        rnd -> {
          Path file = Files.createTempFile(tmp, "bad", ".parquet");
          SimpleGroupFactory f = new SimpleGroupFactory(SCHEMA);
          List<Group> rows = new ArrayList<>();
          for (int i = 0; i < 20; i++) {
            rows.add(row(f, i, rnd));
          }
          TestFileWriter.writeRaw(file, SCHEMA, rows);

          readAllRows(file);
          for (String path : new String[] {"$", "$.a", "$.b[1]", "$.zz"}) {
            projectAllRows(file, VariantPath.parse(path));
          }
        });
  }

  private static void readAllRows(Path file) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      while (true) {
        VariantRecord row;
        try {
          row = r.read();
        } catch (VariantParquetException e) {
          assertTrue(e.getCause() instanceof VariantException, () -> chain(e));
          continue; // the next row is still readable
        }
        if (row == null) {
          return;
        }
        Variant v = row.variant("v");
        if (v != null) {
          useFully(v);
        }
      }
    }
  }

  private static void projectAllRows(Path file, VariantPath path) throws IOException {
    try (VariantParquetReader r = VariantParquetReader.open(file);
        VariantPathReader p = r.project("v", path)) {
      while (true) {
        PathValue value;
        try {
          value = p.read();
        } catch (VariantParquetException e) {
          assertTrue(e.getCause() instanceof VariantException, () -> chain(e));
          continue;
        }
        if (value == null) {
          return;
        }
        if (value.isPresent()) {
          useFully(value.value());
        }
      }
    }
  }

  private static String chain(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      sb.append("\n  caused by ").append(c);
      StackTraceElement[] st = c.getStackTrace();
      for (int i = 0; i < Math.min(4, st.length); i++) {
        sb.append("\n    at ").append(st[i]);
      }
    }
    return sb.toString();
  }

  /** Full validation and the recursive operations fail only with VariantFormatException. */
  private static void useFully(Variant v) {
    try {
      v.validate();
      v.toString();
      v.hashCode();
    } catch (VariantFormatException expected) {
      // malformed, and said so
    } catch (RuntimeException e) {
      fail("unexpected " + e, e);
    }
  }

  private static Group row(SimpleGroupFactory f, long id, Random rnd) {
    Group row = f.newGroup().append("id", id);
    if (rnd.nextInt(10) == 0) {
      return row; // SQL NULL
    }
    Group v = row.addGroup("v");
    v.append(
        "metadata", bytes(rnd.nextInt(3) == 0 ? mangle(metadataOf(rnd), rnd) : metadataOf(rnd)));
    if (rnd.nextBoolean()) {
      v.append("value", bytes(mangle(Gen.variant(rnd, SMALL).valueBytes(), rnd)));
    }
    if (rnd.nextBoolean()) {
      Group t = v.addGroup("typed_value");
      Group a = t.addGroup("a");
      if (rnd.nextBoolean()) {
        a.append("value", bytes(mangle(Gen.variant(rnd, SMALL).valueBytes(), rnd)));
      }
      if (rnd.nextBoolean()) {
        a.append("typed_value", rnd.nextLong());
      }
      Group b = t.addGroup("b");
      if (rnd.nextBoolean()) {
        Group list = b.addGroup("typed_value");
        for (int i = rnd.nextInt(3); i > 0; i--) {
          Group e = list.addGroup("list").addGroup("element");
          if (rnd.nextBoolean()) {
            e.append("value", bytes(mangle(Gen.variant(rnd, SMALL).valueBytes(), rnd)));
          }
          if (rnd.nextBoolean()) {
            byte[] s = new byte[rnd.nextInt(6)];
            rnd.nextBytes(s); // usually not UTF-8
            e.append("typed_value", bytes(s));
          }
        }
      }
    }
    return row;
  }

  private static byte[] metadataOf(Random rnd) {
    return Gen.variant(rnd, SMALL).metadataBytes();
  }

  /** Unchanged, truncated, bit-flipped or replaced by random bytes. */
  private static byte[] mangle(byte[] b, Random rnd) {
    switch (rnd.nextInt(4)) {
      case 0:
        return b;
      case 1:
        return Arrays.copyOf(b, rnd.nextInt(b.length + 1));
      case 2:
        {
          byte[] c = b.clone();
          for (int i = 1 + rnd.nextInt(3); i > 0 && c.length > 0; i--) {
            c[rnd.nextInt(c.length)] ^= (byte) (1 << rnd.nextInt(8));
          }
          return c;
        }
      default:
        {
          byte[] c = new byte[rnd.nextInt(12)];
          rnd.nextBytes(c);
          return c;
        }
    }
  }

  private static Binary bytes(byte[] b) {
    return Binary.fromConstantByteArray(b);
  }
}
