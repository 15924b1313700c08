// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark input: {@code testdata/events.ndjson}, found through the system property {@code
 * variant.testdata} or relative to the working directory (run benchmarks from the repository root).
 */
final class EventData {
  private EventData() {}

  static Path file() {
    String p = System.getProperty("variant.testdata", "testdata/events.ndjson");
    Path path = Paths.get(p);
    if (!Files.isRegularFile(path)) {
      throw new IllegalStateException(
          "Cannot find "
              + path.toAbsolutePath()
              + ": run from the repository root or pass -Dvariant.testdata=PATH");
    }
    return path;
  }

  /** Every line of the file as UTF-8 bytes. */
  static List<byte[]> lines() {
    try {
      List<byte[]> out = new ArrayList<>();
      for (String line : Files.readAllLines(file(), StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          out.add(line.getBytes(StandardCharsets.UTF_8));
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every line parsed into a Variant. */
  static List<Variant> variants() {
    List<Variant> out = new ArrayList<>();
    for (byte[] line : lines()) {
      out.add(VariantJson.parse(line));
    }
    return out;
  }
}
