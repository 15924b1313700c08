// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.testkit.ParquetTesting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.ThrowingConsumer;

/** One dynamic test per parquet-testing {@code shredded_variant} file, for test factories. */
final class ShreddedCases {
  private ShreddedCases() {}

  /** {@code test} run on each case's Parquet file, named by the file. */
  static Stream<DynamicTest> each(ThrowingConsumer<Path> test) throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> files = Files.list(ParquetTesting.dir("shredded_variant"))) {
      for (Path f : (Iterable<Path>) files.sorted()::iterator) {
        if (f.getFileName().toString().endsWith(".parquet")) {
          tests.add(DynamicTest.dynamicTest(f.getFileName().toString(), () -> test.accept(f)));
        }
      }
    }
    assertTrue(tests.size() > 100, "found " + tests.size() + " cases");
    return tests.stream();
  }
}
