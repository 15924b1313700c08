// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.arrow.CastMode;
import io.variant.arrow.VariantGet;
import io.variant.arrow.VariantVector;
import io.variant.arrow.VariantVectorException;
import io.variant.core.path.VariantPath;
import io.variant.parquet.read.UnreadableElementFile;
import io.variant.parquet.read.UnreadableElementFile.Damage;
import io.variant.parquet.read.UnreadableElementFile.Shape;
import io.variant.shredding.ShreddingException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The batch side of {@code ProjectedElementFailureTest}: {@link VariantGet} of one list element of
 * batches read {@code withPaths} names the path when the element cannot be read, where the rebuild
 * had named it {@code $}; and a malformed element fails as a {@link VariantVectorException} naming
 * the row, cast or not, where it had escaped as the bare format error its copy or cast met.
 */
class BatchElementFailureTest {
  private static final ArrowType INT64 = new ArrowType.Int(64, true);

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Shape.class)
  void anElementWhoseTypedValueAndResidualConflictNamesThePath(Shape shape) throws IOException {
    Path file =
        UnreadableElementFile.write(dir.resolve("conflict.parquet"), shape, Damage.CONFLICT);
    String element = (shape == Shape.IN_OBJECT ? "$.items" : "$") + "[1]";
    VariantVectorException e =
        refused(file, element, v -> VariantGet.variantGet(v, VariantPath.parse(element)));
    assertTrue(e.getMessage().startsWith("Cannot read " + element + " at row 0: "), e.getMessage());
    assertEquals(element, ((ShreddingException) e.getCause()).path(), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(Shape.class)
  void aMalformedElementNamesThePathAndRow(Shape shape) throws IOException {
    Path file =
        UnreadableElementFile.write(dir.resolve("malformed.parquet"), shape, Damage.MALFORMED);
    String element = (shape == Shape.IN_OBJECT ? "$.items" : "$") + "[1]";
    VariantPath path = VariantPath.parse(element);
    for (Function<VariantVector, FieldVector> get :
        List.<Function<VariantVector, FieldVector>>of(
            v -> VariantGet.variantGet(v, path),
            v -> VariantGet.variantGet(v, path, INT64, CastMode.STRICT),
            v -> VariantGet.variantGet(v, path, INT64, CastMode.LENIENT))) {
      VariantVectorException e = refused(file, element, get);
      assertTrue(
          e.getMessage().startsWith("Cannot read " + element + " at row 0: Invalid variant at"),
          e.getMessage());
    }
  }

  /** What refuses {@code get} of the batch read with the path {@code path} alone. */
  private static VariantVectorException refused(
      Path file, String path, Function<VariantVector, FieldVector> get) throws IOException {
    BatchOptions options = BatchOptions.defaults().withPaths("v", VariantPath.parse(path));
    try (BufferAllocator allocator = new RootAllocator();
        VariantBatchReader reader = VariantBatchReader.open(file, allocator, options)) {
      assertTrue(reader.loadNextBatch());
      VariantVector batch = (VariantVector) reader.root().getVector("v");
      VariantVectorException e = assertThrows(VariantVectorException.class, () -> get.apply(batch));
      assertEquals(0, e.row(), e.getMessage());
      return e;
    }
  }
}
