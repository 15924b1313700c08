// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.testkit.ChangedPageFile;
import java.nio.file.Path;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantAvroReader} checks page CRCs, as our other readers do: a page changed after its CRC
 * was computed ({@link ChangedPageFile}) fails the read instead of reading as another value, in
 * both forms of the VARIANT field.
 */
class AvroReaderChecksumTest {
  @TempDir Path dir;

  @Test
  void aChangedPageFailsTheRead() throws Exception {
    Path file = ChangedPageFile.write(dir.resolve("names.parquet"));
    for (String jsonField : new String[] {null, ChangedPageFile.COLUMN}) {
      Exception e =
          assertThrows(
              Exception.class,
              () -> {
                try (VariantAvroReader r =
                    jsonField == null
                        ? VariantAvroReader.open(new LocalInputFile(file))
                        : VariantAvroReader.open(new LocalInputFile(file), jsonField)) {
                  while (r.read() != null) {
                    // reading is what fails
                  }
                }
              });
      String messages = e + (e.getCause() == null ? "" : " / " + e.getCause());
      assertTrue(messages.contains("CRC"), messages);
    }
  }
}
