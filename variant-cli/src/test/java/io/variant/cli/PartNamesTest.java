// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartNamesTest {
  @TempDir Path dir;

  @Test
  void theStemIsOutWithoutItsParquetSuffix() throws IOException {
    assertEquals(
        dir.resolve("out-00001.parquet"), PartNames.of(dir.resolve("out.parquet")).part(1));
    assertEquals(
        dir.resolve("out-00002.parquet"), PartNames.of(dir.resolve("out.PARQUET")).part(2));
    assertEquals(dir.resolve("day-00012.parquet"), PartNames.of(dir.resolve("day")).part(12));
    assertEquals(dir.resolve("a.json-00001.parquet"), PartNames.of(dir.resolve("a.json")).part(1));
    assertEquals(
        dir.resolve(".parquet-00001.parquet"), PartNames.of(dir.resolve(".parquet")).part(1));
    assertEquals(
        dir.resolve("out-123456.parquet"), PartNames.of(dir.resolve("out.parquet")).part(123456));
    assertEquals(Path.of("out-00001.parquet"), PartNames.of(Path.of("out.parquet")).part(1));
    assertEquals(
        dir.resolve("out-NNNNN.parquet").toString(),
        PartNames.of(dir.resolve("out.parquet")).pattern());
  }

  @Test
  void existingFilesOfTheSetAreFoundInNumberOrder() throws IOException {
    for (String name :
        List.of(
            "out-100000.parquet",
            "out-00002.parquet",
            "out-00001.parquet",
            "out-1.parquet",
            "out-00001.parquet.tmp",
            "other-00001.parquet",
            "out.parquet")) {
      Files.writeString(dir.resolve(name), "");
    }
    assertEquals(
        List.of(
            dir.resolve("out-00001.parquet"),
            dir.resolve("out-00002.parquet"),
            dir.resolve("out-100000.parquet")),
        PartNames.of(dir.resolve("out.parquet")).existing());
  }

  @Test
  void aMissingDirectoryIsAnIoError() {
    assertThrows(NoSuchFileException.class, () -> PartNames.of(dir.resolve("missing/out.parquet")));
  }
}
