// SPDX-License-Identifier: Apache-2.0
package io.variant.avro;

import io.variant.core.Variant;
import io.variant.core.internal.ExclusiveUse;
import io.variant.core.json.VariantJson;
import io.variant.parquet.guard.GuardedInputFile;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;

/**
 * Reads Parquet files with a VARIANT column back as Avro {@link GenericRecord}s: the files {@link
 * VariantAvroWriter} writes, or those of parquet-avro and other writers. Records come from
 * parquet-avro's own reader (whose {@code VariantConverters} rebuild shredded columns), so every
 * other field reads exactly as with {@code AvroParquetReader}; the VARIANT column is a Variant
 * record ({@code metadata}, {@code value} bytes), or, for a column named with {@link
 * #open(InputFile, String)}, its JSON text in a nullable string field, as {@link
 * VariantAvroWriter.Builder#jsonField} wrote it. <b>Thread safety:</b> none; overlapping {@link
 * #read()} calls from two threads fail with {@link java.util.ConcurrentModificationException}.
 */
public final class VariantAvroReader implements Closeable {
  private final ExclusiveUse use =
      new ExclusiveUse("VariantAvroReader", "open one reader per thread");
  private final ParquetReader<GenericRecord> reader;
  private final String jsonField;
  // the read schema with the JSON field as a string; built at the first record
  private Schema jsonSchema;

  private VariantAvroReader(ParquetReader<GenericRecord> reader, String jsonField) {
    this.reader = reader;
    this.jsonField = jsonField;
  }

  /**
   * Reads records with the VARIANT column as Variant records. Errors name the file as {@code
   * file.toString()} does (a Hadoop input file by its path); {@link #open(Path)} names a local one.
   *
   * @throws IOException if the file cannot be read, or its footer does not decode
   * @throws io.variant.parquet.VariantParquetException if its footer does not fit the file
   */
  public static VariantAvroReader open(InputFile file) throws IOException {
    return new VariantAvroReader(parquetAvro(file, file.toString()), null);
  }

  /** Reads the local {@code file}'s records with the VARIANT column as Variant records. */
  public static VariantAvroReader open(Path file) throws IOException {
    return new VariantAvroReader(parquetAvro(new LocalInputFile(file), file.toString()), null);
  }

  /**
   * Reads records with VARIANT column {@code jsonField} as JSON text; errors name the file as
   * {@link #open(InputFile)} does.
   */
  public static VariantAvroReader open(InputFile file, String jsonField) throws IOException {
    Objects.requireNonNull(jsonField, "jsonField");
    return new VariantAvroReader(parquetAvro(file, file.toString()), jsonField);
  }

  /** Reads the local {@code file}'s records with VARIANT column {@code jsonField} as JSON text. */
  public static VariantAvroReader open(Path file, String jsonField) throws IOException {
    Objects.requireNonNull(jsonField, "jsonField");
    return new VariantAvroReader(parquetAvro(new LocalInputFile(file), file.toString()), jsonField);
  }

  /**
   * parquet-avro's reader of {@code file} through {@link GuardedInputFile}, as our other readers
   * read: the footer checked against the file (parquet-java reads as many rows as a row group
   * claims, so a footer claiming fewer would end the records early with no error), page headers
   * checked before parquet-java allocates what they claim, and page CRCs checked where the writer
   * stored them (ours and parquet-java's do by default), so that a changed byte is an error instead
   * of another value.
   */
  private static ParquetReader<GenericRecord> parquetAvro(InputFile file, String name)
      throws IOException {
    return AvroParquetReader.<GenericRecord>builder(
            GuardedInputFile.open(file, name).withChecksums())
        .withConf(GuardedInputFile.verifyChecksums(new Configuration()))
        .build();
  }

  /** The Variant of a parquet-avro Variant record, or {@code null} for {@code null}. */
  public static Variant variant(GenericRecord variantRecord) {
    if (variantRecord == null) {
      return null;
    }
    return Variant.of(
        ((ByteBuffer) variantRecord.get(VariantField.METADATA)).duplicate(),
        ((ByteBuffer) variantRecord.get(VariantField.VALUE)).duplicate());
  }

  /**
   * The next record, or {@code null} after the last.
   *
   * @throws IllegalArgumentException if the JSON field is not a VARIANT column of the file
   */
  public GenericRecord read() throws IOException {
    use.enter();
    try {
      return next();
    } finally {
      use.exit();
    }
  }

  private GenericRecord next() throws IOException {
    GenericRecord r = reader.read();
    if (r == null || jsonField == null) {
      return r;
    }
    Schema.Field f = r.getSchema().getField(jsonField);
    if (f == null || !VariantField.isVariantRecord(VariantField.nonNull(f.schema()))) {
      throw new IllegalArgumentException(
          "Cannot read \"" + jsonField + "\" as JSON: not a VARIANT column of the file");
    }
    if (jsonSchema == null) {
      Schema text =
          Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(Schema.Type.STRING));
      jsonSchema = VariantAvroWriteSupport.withFieldType(r.getSchema(), jsonField, text);
    }
    GenericRecord out = new GenericData.Record(jsonSchema);
    for (Schema.Field g : r.getSchema().getFields()) {
      Object v = r.get(g.pos());
      out.put(g.pos(), g.pos() == f.pos() ? json((GenericRecord) v) : v);
    }
    return out;
  }

  private static String json(GenericRecord variantRecord) {
    Variant v = variant(variantRecord);
    return v == null ? null : VariantJson.toJson(v);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
