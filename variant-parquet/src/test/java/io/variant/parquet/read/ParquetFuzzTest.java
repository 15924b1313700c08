// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.variant.core.Limits;
import io.variant.core.Variant;
import io.variant.core.VariantException;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantLimitException;
import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.file.BytesInputFile;
import io.variant.parquet.guard.GuardedInputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Random;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;

/**
 * Coverage-guided fuzzing of whole Parquet files through both ways the library reads them: {@link
 * VariantParquetReader}, and {@link VariantReadSupport} in parquet-java's own {@code ParquetReader}
 * over a {@link GuardedInputFile}, as an engine embeds it. Every row read is validated and
 * rendered.
 *
 * <p><b>Input.</b> Byte 0 chooses the mode. Even: the rest of the input is the file itself (the
 * corpus is seeded with real files, see {@link ParquetFuzzSeeds}). Odd: byte 1 picks one of the
 * seed files, and the rest drives structure-aware damage ({@link FuzzDamage}): forged footer
 * fields, forged page-header sizes and counts, swapped pages, truncation, bit flips in footers,
 * page headers, dictionary pages and the repetition/definition levels at the start of data pages,
 * stacked up to three times. The fuzzer's byte mutations thus steer which structure is damaged and
 * how.
 *
 * <p><b>Oracle.</b> Allowed: rows, or an {@link IOException} / {@link VariantException} (through
 * {@code VariantParquetReader}); parquet-java's own exceptions too through {@code
 * VariantReadSupport}. A finding is any {@link Error} (out of memory under {@code -Xmx256m}, stack
 * overflow), a hang past the per-input time bound, an allocation past {@link
 * FuzzOracle#MAX_ALLOCATED_BYTES}, or a programming error (NPE, index out of bounds, class cast,
 * ...) thrown from this project's code, even when wrapped.
 *
 * <p><b>Regression mode</b> (every {@code mvn verify}): runs the inputs in {@code
 * src/test/resources/io/variant/parquet/read/ParquetFuzzTestInputs/readAnyFile/}. <b>Fuzzing
 * mode</b>: see FUZZING.md ({@code bin/fuzz parquet ...}).
 */
public class ParquetFuzzTest {
  private static final Limits RENDER_LIMITS = Limits.defaults().withMaxValueBytes(1 << 20);

  /** Rows read per file at most: a forged row count must not turn one input into a long run. */
  private static final int MAX_ROWS = 5_000;

  /**
   * Called once by the standalone driver before fuzzing: loads and JIT-warms the classes an input
   * needs, so that the per-input time bound measures the input and not class loading on a busy
   * machine.
   */
  public static void fuzzerInitialize() {
    for (byte[] raw : FuzzInput.rawSeeds()) {
      fuzzerTestOneInput(raw);
    }
    fuzzerTestOneInput(new byte[] {1, 0, 7, 7, 7, 7});
  }

  /** The entry point of the standalone Jazzer driver ({@code bin/fuzz}, see FUZZING.md). */
  public static void fuzzerTestOneInput(byte[] input) {
    new ParquetFuzzTest().readAnyFile(input);
  }

  @FuzzTest(maxDuration = "2m")
  void readAnyFile(byte[] input) {
    FuzzInput in = FuzzInput.of(input);
    if (in == null) {
      return;
    }
    FuzzOracle.bounded(
        in.name(),
        () -> {
          readWithVariantParquetReader(in.file(), in.name());
          readWithReadSupport(in.file(), in.name());
        });
  }

  private static void readWithVariantParquetReader(byte[] file, String name) {
    try (VariantParquetReader r =
        VariantParquetReader.builder(new BytesInputFile(file), name).build()) {
      int n = 0;
      for (VariantRecord row = r.read(); row != null && n < MAX_ROWS; row = r.read(), n++) {
        checkRow(row);
      }
    } catch (IOException | UncheckedIOException | VariantException e) {
      FuzzOracle.allowed(e);
    }
  }

  private static void readWithReadSupport(byte[] file, String name) {
    try {
      GuardedInputFile in = GuardedInputFile.open(new BytesInputFile(file), name);
      ParquetConfiguration conf = GuardedInputFile.verifyChecksums(new PlainParquetConfiguration());
      try (ParquetReader<VariantRecord> r =
          new ParquetReader.Builder<VariantRecord>(in, conf) {
            @Override
            protected ReadSupport<VariantRecord> getReadSupport() {
              return new VariantReadSupport();
            }
          }.build()) {
        int n = 0;
        for (VariantRecord row = r.read(); row != null && n < MAX_ROWS; row = r.read(), n++) {
          checkRow(row);
        }
      }
    } catch (IOException | RuntimeException e) {
      FuzzOracle.allowed(e);
    }
  }

  /** Every Variant of the row validates or fails as malformed, and renders within the limits. */
  private static void checkRow(VariantRecord row) {
    for (String column : row.columns()) {
      if (!(row.get(column) instanceof Variant v)) {
        continue;
      }
      try {
        v.validate();
        VariantJson.toJson(v, RENDER_LIMITS);
      } catch (VariantFormatException | VariantLimitException expected) {
        // damage that reached a value's bytes, reported as such
      }
    }
  }

  /** Writes the seed corpus for fuzzing mode: {@code args[0]} is the corpus directory. */
  public static void main(String[] args) throws IOException {
    FuzzInput.writeCorpus(Path.of(args[0]), new Random(13));
  }
}
