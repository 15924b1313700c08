// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.variant.arrow.CastMode;
import io.variant.arrow.JsonColumns;
import io.variant.arrow.Unshred;
import io.variant.arrow.VariantGet;
import io.variant.arrow.VariantVector;
import io.variant.core.path.Segment;
import io.variant.core.path.VariantPath;
import io.variant.parquet.file.BytesInputFile;
import io.variant.parquet.read.FuzzInput;
import io.variant.parquet.read.FuzzOracle;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Coverage-guided fuzzing of whole Parquet files through {@link VariantBatchReader}, which decodes
 * levels and dictionary ids itself and writes Arrow buffers at their addresses, and through the
 * kernels over the batches it hands out ({@link Unshred}, {@link VariantGet}, {@link
 * JsonColumns#variantToJson}). Each file is read three ways: whole, in unshredded storage ({@link
 * BatchOptions#withUnshredded()}), and projected to the paths of its plans.
 *
 * <p><b>Input</b>: as the row readers' fuzz target (see {@code ParquetFuzzTest}): byte 0 even, the
 * rest is the file; odd, byte 1 picks a seed file and the rest drives structure-aware damage.
 *
 * <p><b>Oracle</b>: batches, or an {@link IOException} or runtime exception that reports the file
 * (see {@link FuzzOracle#allowed}). A finding is any {@link Error}, a programming error thrown from
 * this project's code or from Arrow's (which parses nothing of the file, so an index out of bounds
 * there is a wrong index of ours), an allocation past the oracle's bound, Arrow memory left
 * allocated after the reader and every kernel's output are closed (the allocator's close fails on a
 * leak), or a JVM that dies (a write at a wrong address).
 *
 * <p><b>Regression mode</b> (every {@code mvn verify}): runs the inputs in {@code
 * src/test/resources/io/variant/arrow/parquet/BatchFuzzTestInputs/readAnyFile/}. <b>Fuzzing
 * mode</b>: {@code bin/fuzz batches ...} (FUZZING.md).
 */
public class BatchFuzzTest {
  /** Rows read per file and pass at most: a forged row count must not make one input long. */
  private static final int MAX_ROWS = 5_000;

  /** Arrow memory one input may hold at once. */
  private static final long MAX_ARROW_BYTES = 256L << 20;

  /** Paths per plan that the kernels and the projection are run on. */
  private static final int MAX_PATHS = 6;

  private static final ArrowType[] GET_TYPES = {
    new ArrowType.Int(64, true),
    ArrowType.Utf8.INSTANCE,
    new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)
  };

  /** Loads and warms the classes an input needs before the standalone driver's time bound. */
  public static void fuzzerInitialize() {
    for (byte[] raw : FuzzInput.rawSeeds()) {
      fuzzerTestOneInput(raw);
    }
    fuzzerTestOneInput(new byte[] {1, 0, 7, 7, 7, 7});
  }

  /** The entry point of the standalone Jazzer driver ({@code bin/fuzz batches}). */
  public static void fuzzerTestOneInput(byte[] input) {
    new BatchFuzzTest().readAnyFile(input);
  }

  @FuzzTest(maxDuration = "2m")
  void readAnyFile(byte[] input) {
    FuzzInput in = FuzzInput.of(input);
    if (in != null) {
      FuzzOracle.bounded(in.name(), () -> readAllWays(in.file(), in.name()));
    }
  }

  private static void readAllWays(byte[] file, String name) {
    Map<String, ShreddingPlan> plans = new LinkedHashMap<>();
    read(file, name, BatchOptions.defaults().withBatchSize(97), plans);
    read(file, name, BatchOptions.defaults().withBatchSize(64).withUnshredded(), null);
    BatchOptions projected = BatchOptions.defaults().withBatchSize(128);
    boolean any = false;
    for (Map.Entry<String, ShreddingPlan> e : plans.entrySet()) {
      List<VariantPath> paths = leafPaths(e.getValue());
      if (!paths.isEmpty()) {
        projected = projected.withPaths(e.getKey(), paths.toArray(VariantPath[]::new));
        any = true;
      }
    }
    if (any) {
      read(file, name, projected, null);
    }
  }

  /**
   * Reads every batch and runs the kernels on each VARIANT column; puts into {@code plans} (when
   * given) the plan of each VARIANT column.
   */
  private static void read(
      byte[] file, String name, BatchOptions options, Map<String, ShreddingPlan> plans) {
    try (BufferAllocator allocator = new RootAllocator(MAX_ARROW_BYTES)) {
      try (VariantBatchReader reader =
          VariantBatchReader.open(new BytesInputFile(file), name, allocator, options)) {
        if (plans != null) {
          plans.putAll(reader.plans());
        }
        int rows = 0;
        while (rows < MAX_ROWS && reader.loadNextBatch()) {
          rows += reader.root().getRowCount();
          for (FieldVector v : reader.root().getFieldVectors()) {
            if (v instanceof VariantVector column) {
              runKernels(column, reader.plans().get(column.getName()));
            }
          }
        }
      } catch (IOException | UncheckedIOException e) {
        allowed(e);
      } catch (RuntimeException e) {
        allowed(e);
      }
    } // the allocator's close throws IllegalStateException on a leak: a finding
  }

  private static void runKernels(VariantVector column, ShreddingPlan plan) {
    try {
      try (VariantVector whole = Unshred.unshred(column)) {
        JsonColumns.variantToJson(whole).close();
      }
      List<VariantPath> paths = plan == null ? new ArrayList<>() : leafPaths(plan);
      paths.add(VariantPath.root());
      for (VariantPath path : paths) {
        VariantGet.variantGet(column, path).close();
        for (ArrowType type : GET_TYPES) {
          VariantGet.variantGet(column, path, type, CastMode.LENIENT).close();
        }
      }
    } catch (RuntimeException e) {
      allowed(e);
    }
  }

  /** The paths to the typed leaves of {@code plan}, up to {@link #MAX_PATHS}. */
  private static List<VariantPath> leafPaths(ShreddingPlan plan) {
    List<VariantPath> out = new ArrayList<>();
    walk(plan, new ArrayList<>(), out);
    return out;
  }

  private static void walk(ShreddingPlan plan, List<Segment> at, List<VariantPath> out) {
    if (out.size() >= MAX_PATHS || at.size() > 4) {
      return;
    }
    if (plan instanceof ShreddingPlan.ObjectPlan o) {
      for (ShreddingPlan.Field f : o.fields()) {
        at.add(new Segment.Key(f.name()));
        walk(f.plan(), at, out);
        at.remove(at.size() - 1);
      }
    } else if (plan instanceof ShreddingPlan.ArrayPlan a) {
      at.add(new Segment.Index(0));
      walk(a.element(), at, out);
      at.remove(at.size() - 1);
    } else if (!at.isEmpty()) {
      out.add(VariantPath.of(List.copyOf(at)));
    }
  }

  /**
   * A reported error, unless the oracle of the row readers says otherwise, or a programming error
   * surfaced from Arrow (which reads nothing of the file: its index errors are indexes of ours).
   */
  private static void allowed(Exception e) {
    FuzzOracle.allowed(e);
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if ((t instanceof IndexOutOfBoundsException
              || t instanceof NullPointerException
              || t instanceof IllegalStateException
                  && String.valueOf(t.getMessage()).contains("leak"))
          && firstFrameOutsideJdk(t).startsWith("org.apache.arrow.")) {
        throw new AssertionError("Arrow refused an access of ours: " + t, e);
      }
    }
  }

  private static String firstFrameOutsideJdk(Throwable t) {
    for (StackTraceElement f : t.getStackTrace()) {
      String c = f.getClassName();
      if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
        return c;
      }
    }
    return "";
  }

  /** Writes the seed corpus for fuzzing mode: {@code args[0]} is the corpus directory. */
  public static void main(String[] args) throws IOException {
    FuzzInput.writeCorpus(Path.of(args[0]), new Random(17));
  }
}
