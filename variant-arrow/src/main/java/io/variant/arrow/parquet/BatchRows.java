// SPDX-License-Identifier: Apache-2.0
package io.variant.arrow.parquet;

import io.variant.arrow.ColumnReader;
import io.variant.arrow.Unshred;
import io.variant.arrow.VariantExtensionType;
import io.variant.arrow.VariantVector;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The rows of a {@link VariantBatchWriter}'s batches as {@link VariantRecord}s: which Arrow field
 * becomes which column, the checks a batch passes before any of its rows is written, and each row's
 * values read from the batch's vectors.
 */
final class BatchRows {
  /** What a field holds, and so which record value a row of it gives. */
  enum Kind {
    VARIANT,
    LONG,
    INT,
    DOUBLE,
    BOOLEAN,
    STRING,
    BINARY
  }

  private final String file;
  private final String[] names;
  private final Kind[] kinds;
  private final boolean[] required;
  private final VariantParquetWriter writer;
  private final CharsetDecoder utf8Decoder = StandardCharsets.UTF_8.newDecoder(); // reports errors
  private boolean failed;

  /**
   * @param file how errors name the file
   * @param kinds each field's kind, in the schema's order
   * @param required for each field, whether the file refuses SQL NULL in it
   */
  BatchRows(
      String file,
      List<Field> fields,
      Kind[] kinds,
      boolean[] required,
      VariantParquetWriter writer) {
    this.file = file;
    this.names = fields.stream().map(Field::getName).toArray(String[]::new);
    this.kinds = kinds;
    this.required = required;
    this.writer = writer;
  }

  /**
   * The kind of {@code field}.
   *
   * @throws IllegalArgumentException if the writer takes no field of its type
   */
  static Kind kindOf(Field field) {
    ArrowType type = field.getType();
    if (type instanceof VariantExtensionType) {
      return Kind.VARIANT;
    }
    Kind kind = null;
    if (type instanceof ArrowType.Int i && i.getIsSigned()) {
      kind = i.getBitWidth() == 64 ? Kind.LONG : i.getBitWidth() == 32 ? Kind.INT : null;
    } else if (type instanceof ArrowType.FloatingPoint f) {
      kind = f.getPrecision() == FloatingPointPrecision.DOUBLE ? Kind.DOUBLE : null;
    } else if (type instanceof ArrowType.Bool) {
      kind = Kind.BOOLEAN;
    } else if (type instanceof ArrowType.Utf8) {
      kind = Kind.STRING;
    } else if (type instanceof ArrowType.Binary) {
      kind = Kind.BINARY;
    }
    if (kind == null) {
      throw new IllegalArgumentException(
          "Cannot write field \""
              + field.getName()
              + "\" of type "
              + type
              + ": the batch writer takes VARIANT (arrow.parquet.variant), Int(64) and Int(32)"
              + " signed, FloatingPoint(DOUBLE), Bool, Utf8 and Binary fields");
    }
    return kind;
  }

  /** How errors name the file. */
  String file() {
    return file;
  }

  /** Whether the writer failed part-way through a batch; the file is then discarded on close. */
  boolean failed() {
    return failed;
  }

  /**
   * Checks {@code batch} before any of its rows is written.
   *
   * @param firstRow the file's row number of its first row, for errors
   * @throws IllegalStateException if an earlier batch failed part-way
   * @throws IllegalArgumentException if its fields differ from the writer's, a vector holds another
   *     number of values than the batch has rows, or a required VARIANT column holds SQL NULL
   */
  void check(VectorSchemaRoot batch, long firstRow) {
    if (failed) {
      throw new IllegalStateException(
          "Cannot write: an earlier batch failed part-way; call abort() or close() to discard "
              + file);
    }
    List<FieldVector> vectors = batch.getFieldVectors();
    if (vectors.size() != names.length) {
      throw new IllegalArgumentException(
          "Cannot write a batch of "
              + vectors.size()
              + " fields to "
              + file
              + ": the writer was built for "
              + names.length);
    }
    for (int i = 0; i < names.length; i++) {
      FieldVector v = vectors.get(i);
      Field f = v.getField();
      boolean same =
          f.getName().equals(names[i])
              && (kinds[i] == Kind.VARIANT
                  ? v instanceof VariantVector
                  : !(v instanceof VariantVector) && kindOf(f) == kinds[i]);
      if (!same) {
        throw new IllegalArgumentException(
            "Cannot write a batch to "
                + file
                + ": its field "
                + i
                + " is \""
                + f.getName()
                + "\" of type "
                + f.getType()
                + ", where the writer was built for \""
                + names[i]
                + "\" ("
                + kinds[i]
                + ")");
      }
      if (v.getValueCount() != batch.getRowCount()) {
        // rows past a vector's values would be read from whatever its buffers hold
        throw new IllegalArgumentException(
            "Cannot write a batch of "
                + batch.getRowCount()
                + " rows to "
                + file
                + ": its field \""
                + names[i]
                + "\" holds "
                + v.getValueCount()
                + " values");
      }
      if (required[i] && v.getNullCount() > 0) {
        int row = 0;
        while (!v.isNull(row)) {
          row++;
        }
        throw new VariantParquetException(
            file,
            names[i],
            firstRow + row,
            "Cannot write SQL NULL in a required VARIANT column (its Arrow field is not"
                + " nullable); nothing of the batch was written",
            null);
      }
    }
  }

  /**
   * Writes every row of {@code batch} (checked by {@link #check}).
   *
   * @throws VariantParquetException naming the column and row of a value that cannot be written;
   *     the writer has then failed
   */
  void write(VectorSchemaRoot batch) throws IOException {
    List<FieldVector> vectors = batch.getFieldVectors();
    Object[] sources = new Object[names.length];
    List<VariantVector> unshredded = new ArrayList<>();
    try {
      for (int i = 0; i < names.length; i++) {
        FieldVector v = vectors.get(i);
        if (kinds[i] != Kind.VARIANT) {
          sources[i] = v;
          continue;
        }
        VariantVector column = (VariantVector) v;
        if (column.isShredded()) {
          // Unshred rebuilds a batch from heap copies of its buffers: cheaper than each row
          // rebuilt through the vectors' accessors
          column = Unshred.unshred(column);
          unshredded.add(column);
        }
        sources[i] = column.reader();
      }
      writeRows(batch.getRowCount(), sources);
    } finally {
      unshredded.forEach(VariantVector::close);
    }
  }

  private void writeRows(int rows, Object[] sources) throws IOException {
    long first = writer.rowCount();
    int row = 0;
    int column = -1;
    try {
      for (; row < rows; row++) {
        VariantRecord.Builder record = VariantRecord.builder();
        for (column = 0; column < names.length; column++) {
          record.set(names[column], value(kinds[column], sources[column], row));
        }
        column = -1;
        writer.write(record.build());
      }
    } catch (RuntimeException e) {
      failed = true;
      String name = column < 0 ? null : names[column];
      throw new VariantParquetException(
          file, name, first + row, "Cannot write a batch: " + e.getMessage(), e);
    } catch (IOException e) {
      failed = true;
      throw e;
    }
  }

  /** {@code utf8} as a string; malformed UTF-8 is refused, not replaced. */
  private String text(byte[] utf8) {
    try {
      return utf8Decoder.decode(ByteBuffer.wrap(utf8)).toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("the string is not valid UTF-8", e);
    }
  }

  /** Row {@code row} of {@code source} as a record value, {@code null} for SQL NULL. */
  private Object value(Kind kind, Object source, int row) {
    if (kind == Kind.VARIANT) {
      return ((ColumnReader) source).variant(row);
    }
    FieldVector v = (FieldVector) source;
    if (v.isNull(row)) {
      return null;
    }
    return switch (kind) {
      case LONG -> ((BigIntVector) v).get(row);
      case INT -> ((IntVector) v).get(row);
      case DOUBLE -> ((Float8Vector) v).get(row);
      case BOOLEAN -> ((BitVector) v).get(row) != 0;
      case STRING -> text(((VarCharVector) v).get(row));
      case BINARY -> ((VarBinaryVector) v).get(row);
      case VARIANT -> throw new AssertionError(kind);
    };
  }
}
