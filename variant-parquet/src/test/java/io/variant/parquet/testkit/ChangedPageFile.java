// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.testkit;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * A Parquet file with one byte of a page changed after its writer computed the page's CRC, in a way
 * that still decodes: only the CRC tells. A reader that does not check it reads {@link #CHANGED}
 * where the writer wrote {@link #WRITTEN}. For the tests of every reader over our files.
 *
 * <p>{@link #ROWS} rows of VARIANT column {@value #COLUMN}, shredded by {@code {"id": int64,
 * "name": string}}: row {@code i} is {@code {"id": i, "name": "name-i"}}, but for row {@link #ROW},
 * whose name is {@link #WRITTEN}: no prefix shared with its neighbours, so that every encoding
 * stores it whole. Pages uncompressed, so that the changed byte is the name's own.
 */
public final class ChangedPageFile {
  public static final String COLUMN = "v";
  public static final int ROWS = 300;
  public static final int ROW = 123;
  public static final String WRITTEN = "Zebra-123";
  public static final String CHANGED = "Yebra-123";

  private ChangedPageFile() {}

  /** Writes the file at {@code file} and changes the byte; returns {@code file}. */
  public static Path write(Path file) throws IOException {
    writeIntact(file);
    byte[] bytes = Files.readAllBytes(file);
    int at = indexOf(bytes, WRITTEN.getBytes(StandardCharsets.UTF_8));
    if (at < 0 || indexOf(bytes, CHANGED.getBytes(StandardCharsets.UTF_8)) >= 0) {
      throw new IllegalStateException("the name is not in a page as it is: " + file);
    }
    bytes[at] = (byte) CHANGED.charAt(0);
    Files.write(file, bytes);
    return file;
  }

  /** Writes the same file at {@code file}, with no byte changed; returns {@code file}. */
  public static Path writeIntact(Path file) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file)
            .overwrite()
            .variantColumn(COLUMN, ShreddingPlan.parse("{\"id\": int64, \"name\": string}"))
            .codec(CompressionCodecName.UNCOMPRESSED)
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        String name = i == ROW ? WRITTEN : "name-" + i;
        String json = "{\"id\": " + i + ", \"name\": \"" + name + "\"}";
        w.write(VariantRecord.builder().set(COLUMN, VariantJson.parse(json)).build());
      }
    }
    return file;
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
