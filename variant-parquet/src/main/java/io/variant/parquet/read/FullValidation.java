// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.read;

import io.variant.core.KeyOrder;
import io.variant.core.Variant;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantLimitException;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.shredding.RebuildOptions;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * A read support that runs {@link Variant#validate()} on every Variant its delegate materializes
 * ({@link VariantReadOptions.Validation#FULL}, {@link VariantReadOptions.Validation#STRICT}): a
 * malformed value then fails its own row, which the reader names, instead of failing later wherever
 * the value is used. It checks after parquet-java has assembled the record, so the rows after a
 * failed one still read.
 */
final class FullValidation<T> extends ReadSupport<T> {
  private final ReadSupport<T> delegate;
  private final Consumer<T> validator;

  private FullValidation(ReadSupport<T> delegate, Consumer<T> validator) {
    this.delegate = delegate;
    this.validator = validator;
  }

  /**
   * {@code delegate}, validating every VARIANT column of each record as {@code validation} says.
   */
  static ReadSupport<VariantRecord> ofRecords(
      ReadSupport<VariantRecord> delegate, VariantReadOptions.Validation validation) {
    Consumer<VariantRecord> check = records(validation);
    return check == null ? delegate : new FullValidation<>(delegate, check);
  }

  /**
   * What validates every VARIANT column of a record as {@code validation} says, or {@code null} for
   * {@code LAZY}.
   */
  static Consumer<VariantRecord> records(VariantReadOptions.Validation validation) {
    if (validation == VariantReadOptions.Validation.LAZY) {
      return null;
    }
    KeyOrder order = validation.keyOrder();
    // by position: columns() makes a list per row and get(name) copies byte[] values
    return record -> {
      for (int i = 0, n = record.columnCount(); i < n; i++) {
        if (record.typeOf(i) == Variant.class) {
          validate((Variant) record.get(i), record.column(i), "Invalid Variant", order);
        }
      }
    };
  }

  /**
   * {@code delegate}, validating the value at {@code path} of {@code column} as {@code validation}
   * says.
   */
  static ReadSupport<PathValue> ofPath(
      ReadSupport<PathValue> delegate,
      String column,
      VariantPath path,
      VariantReadOptions.Validation validation) {
    Consumer<PathValue> check = path(column, path, validation);
    return check == null ? delegate : new FullValidation<>(delegate, check);
  }

  /**
   * What validates the value at {@code path} of {@code column} as {@code validation} says, or
   * {@code null} for {@code LAZY}; its failures name the path, but {@code $}.
   */
  static Consumer<PathValue> path(
      String column, VariantPath path, VariantReadOptions.Validation validation) {
    if (validation == VariantReadOptions.Validation.LAZY) {
      return null;
    }
    KeyOrder order = validation.keyOrder();
    // $ is the whole value, as a record's check names it
    String invalid = path.segments().isEmpty() ? "Invalid Variant" : "Invalid Variant at " + path;
    return value -> {
      if (value.isPresent()) {
        validate(value.value(), column, invalid, order);
      }
    };
  }

  /**
   * The rebuild options a reader with {@code options} uses: under {@code FULL} the rebuild checks
   * each residual it copies, so that a rebuilt row is known valid and its {@code validate()} here
   * checks only its dictionary, instead of walking every byte of a row whose typed parts were
   * checked as they were decoded. ({@code STRICT} also demands the key order, which only the full
   * walk checks.)
   */
  static RebuildOptions rebuildOptions(VariantReadOptions options) {
    return options.validation() == VariantReadOptions.Validation.FULL
        ? options.rebuild().withCheckResiduals(true)
        : options.rebuild();
  }

  /** {@code invalid}: how a malformed value's message starts, {@code "Invalid Variant"}. */
  private static void validate(Variant v, String column, String invalid, KeyOrder order) {
    try {
      v.validate(order);
    } catch (VariantFormatException e) {
      throw new VariantParquetException(null, column, -1, invalid + ": " + e.getMessage(), e);
    } catch (VariantLimitException e) { // nesting past the limit; the cause says it is a limit
      throw new VariantParquetException(null, column, -1, e.getMessage(), e);
    }
  }

  @Override
  public ReadContext init(InitContext context) {
    return delegate.init(context);
  }

  @Override
  @SuppressWarnings(
      "deprecation") // abstract in ReadSupport; readers built on a Hadoop Configuration call it
  public RecordMaterializer<T> prepareForRead(
      Configuration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return validating(
        delegate.prepareForRead(configuration, keyValueMetaData, fileSchema, readContext));
  }

  @Override
  public RecordMaterializer<T> prepareForRead(
      ParquetConfiguration configuration,
      Map<String, String> keyValueMetaData,
      MessageType fileSchema,
      ReadContext readContext) {
    return validating(
        delegate.prepareForRead(configuration, keyValueMetaData, fileSchema, readContext));
  }

  private RecordMaterializer<T> validating(RecordMaterializer<T> materializer) {
    return new RecordMaterializer<>() {
      @Override
      public T getCurrentRecord() {
        T t = materializer.getCurrentRecord();
        validator.accept(t);
        return t;
      }

      @Override
      public void skipCurrentRecord() {
        materializer.skipCurrentRecord();
      }

      @Override
      public GroupConverter getRootConverter() {
        return materializer.getRootConverter();
      }
    };
  }
}
