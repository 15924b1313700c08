// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.parquet.testkit.ChangedPageFile;
import io.variant.parquet.testkit.ForgedFooterFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantAvroReader} checks a file's footer against its bytes, as our other readers do: a
 * row group claiming fewer rows than its columns hold would otherwise end the records early with no
 * error.
 */
class AvroReaderForgedFooterTest {
  @TempDir Path dir;

  private static int count(Path file) throws Exception {
    int n = 0;
    try (VariantAvroReader r = VariantAvroReader.open(file)) {
      while (r.read() != null) {
        n++;
      }
    }
    return n;
  }

  @Test
  void aRowGroupClaimingFewerRowsFailsInsteadOfDroppingRows() throws Exception {
    Path good = ChangedPageFile.writeIntact(dir.resolve("good.parquet"));
    assertEquals(ChangedPageFile.ROWS, count(good));
    int claimed = ChangedPageFile.ROWS - 10;
    Path forged =
        ForgedFooterFile.write(
            good,
            dir.resolve("forged.parquet"),
            footer -> {
              footer.getRow_groups().get(0).setNum_rows(claimed);
              footer.setNum_rows(claimed);
            });
    Exception e =
        assertThrows(
            Exception.class,
            () -> {
              throw new AssertionError("read " + count(forged) + " rows of a forged file");
            });
    assertTrue(e.getMessage().contains("forged.parquet"), e.getMessage());
    assertTrue(e.getMessage().contains("claims " + claimed + " rows"), e.getMessage());
  }
}
