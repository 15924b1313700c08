// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantType;
import java.util.function.Predicate;

/**
 * An engine bug or limit that makes what it reads or writes differ from the truth, recorded with
 * the engine version it was seen on ({@link Engine#recordedVersion}). Each difference maps the
 * truth and the engine's answer to forms in which the difference no longer shows ({@link
 * #expected}, {@link #actual}); a row whose forms then agree is counted as that known difference,
 * not as equal. A test lists the differences it expects and fails when one no longer occurs, and
 * every engine test first checks the engine version: a fixed or upgraded engine shows up as a
 * failure that asks for this list to be updated.
 */
enum KnownDifference {
  /**
   * DuckDB turns a top-level Variant null into SQL NULL: it reads one as NULL ({@code CAST(v AS
   * JSON)} is NULL, not 'null'), and it writes the JSON document {@code null} as an SQL NULL row.
   */
  DUCKDB_NULL_AS_SQL_NULL(
      Engine.DUCKDB, "a top-level Variant null becomes SQL NULL, read or written") {
    @Override
    Variant expected(Variant v) {
      return v != null && v.isNull() ? null : v;
    }
  },
  /**
   * DuckDB's JSON to VARIANT cast makes every JSON number with a fraction or an exponent, and every
   * integer past int64, a DOUBLE; the JSON text (and our parser) keep them exact (decimal). A type
   * choice, not a lost value where the double is exact, but a different Variant type.
   */
  DUCKDB_JSON_NUMBERS_AS_DOUBLE(
      Engine.DUCKDB, "JSON numbers with a fraction, or past int64, become DOUBLE") {
    @Override
    Variant expected(Variant v) {
      return v == null ? null : Transform.map(v, k -> true, Transform::decimalToDouble);
    }
  },
  /**
   * DuckDB fails the whole COPY when a JSON integer is in [2^63, 2^64): it types it UBIGINT, which
   * its Variant writer does not take. Recorded by a test of its own; no row of a corpus is
   * compared.
   */
  DUCKDB_UINT64_COPY_FAILS(
      Engine.DUCKDB, "COPY of a JSON integer in [2^63, 2^64) to a VARIANT column fails") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * Spark's {@code variant_get} binary-searches objects of more than 32 fields comparing keys as
   * Java strings (UTF-16 code units), while the spec sorts them by UTF-8 bytes: in a spec-ordered
   * (unshredded) wide object a key whose two orders disagree (U+1F600 against U+E000 and U+FF01) is
   * not found, and the answer is NULL.
   */
  SPARK_WIDE_OBJECT_KEY_MISSED(
      Engine.SPARK, "variant_get misses a key of an unshredded object of > 32 fields") {
    @Override
    Variant expected(Variant v) {
      return null;
    }
  },
  /**
   * DuckDB's Variant encoder ({@code variant_to_parquet_variant}, and so its reading of an
   * unshredded file) gives a decimal the width its value needs, or 16 bytes for precision 18, not
   * the width the file holds: the value is kept, the type id is not.
   */
  DUCKDB_DECIMAL_WIDTH_NOT_KEPT(
      Engine.DUCKDB, "re-encodes unshredded decimals with a width of its own choice") {
    @Override
    Variant expected(Variant v) {
      return v == null ? null : Transform.map(v, k -> true, Transform::decimalToWidest);
    }

    @Override
    Variant actual(Variant v) {
      return expected(v);
    }
  },
  /**
   * DuckDB reads a Variant timestamp with time zone in nanoseconds (type 18) as TIMESTAMP_NANOS_TZ
   * but cannot encode it again: {@code variant_to_parquet_variant} (and so a COPY of what it read)
   * fails. Recorded by a test of its own.
   */
  DUCKDB_TIMESTAMP_NANOS_TZ_NOT_ENCODABLE(
      Engine.DUCKDB, "cannot encode a timestamp_nanos (with zone) it read back to a Variant") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * DuckDB fails a COPY of a Variant holding a TIMESTAMP_S or TIMESTAMP_MS value, or an UBIGINT,
   * HUGEINT or UHUGEINT past int64 ("Can't convert VARIANT of type ... to Parquet VARIANT", "out of
   * range"), though the spec has an exact type for each (timestamp micros; a 16-byte decimal of
   * scale 0 up to 38 digits). Recorded by a test of its own.
   */
  DUCKDB_EXACT_TYPE_NOT_ENCODED(
      Engine.DUCKDB, "COPY fails on TIMESTAMP_S/_MS values and on integers past int64") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * DuckDB fails a COPY of a Variant holding an INTERVAL, TIMETZ, TIME_NS, BIT or BIGNUM: the spec
   * has no type for them, so this is a limit, not a wrong answer; recorded so that a DuckDB which
   * starts to write them (as what?) shows up. Recorded by a test of its own.
   */
  DUCKDB_TYPE_WITHOUT_VARIANT_TYPE(
      Engine.DUCKDB, "COPY fails on INTERVAL, TIMETZ, TIME_NS, BIT and BIGNUM values") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * Spark rebuilds an integer or a decimal from a shredded {@code typed_value} column with the
   * smallest width its value fits, not the type the column gives (an int16 column's -1 comes back
   * as an int8, a decimal(38,10) column's 1.5 as a decimal4; the spec maps each column type to one
   * Variant type, which we rebuild): the value is kept, the type id is not.
   */
  SPARK_NUMBER_WIDTH_BY_VALUE(
      Engine.SPARK, "rebuilds shredded integers and decimals with the smallest width") {
    @Override
    Variant expected(Variant v) {
      return v == null ? null : Transform.map(v, k -> true, Transform::numberToWidest);
    }

    @Override
    Variant actual(Variant v) {
      return expected(v);
    }
  },
  /**
   * Spark's shredding-schema inference gives up on the whole file when the buffered rows mix
   * objects with other top-level values (one scalar or array row among objects): the file is
   * written unshredded. Recorded by a test of its own.
   */
  SPARK_INFERENCE_UNSHREDDED_ON_MIXED_ROWS(
      Engine.SPARK, "inferred shredding gives up if any row is not an object") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * Spark's Variant functions ({@code to_json}, {@code schema_of_variant}, {@code variant_get})
   * fail on time and nanosecond timestamps (type ids 17, 18, 19) with
   * UNKNOWN_PRIMITIVE_TYPE_IN_VARIANT; unshredded values still pass through as bytes. Recorded by a
   * test of its own.
   */
  SPARK_TIME_AND_NANOS_UNKNOWN(
      Engine.SPARK, "Variant functions fail on time and nanosecond timestamps") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * Spark cannot read a file whose shredded {@code typed_value} column is a time, a nanosecond
   * timestamp or a uuid (PARQUET_TYPE_ILLEGAL, or FAILED_READ_FILE for time): the whole file is
   * unreadable, though the spec allows those columns. Recorded by a test of its own.
   */
  SPARK_TYPED_COLUMN_NOT_READ(
      Engine.SPARK, "a typed_value column of time, timestamp nanos or uuid fails the read") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * Spark cannot make a Variant of its TIME type: {@code CAST(TIME '...' AS VARIANT)} fails with
   * INTERNAL_ERROR. Recorded by a test of its own.
   */
  SPARK_TIME_TO_VARIANT_FAILS(Engine.SPARK, "CAST(TIME AS VARIANT) fails with an internal error") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * Spark cannot cast an interval (day-time or year-month) or a map whose keys are not strings to
   * VARIANT (DATATYPE_MISMATCH): the spec has no interval type, so this is a limit, not a wrong
   * answer; recorded so that a Spark which starts to write them shows up. Recorded by a test of its
   * own.
   */
  SPARK_TYPE_WITHOUT_VARIANT_TYPE(
      Engine.SPARK, "intervals and maps of non-string keys cannot be cast to VARIANT") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * DuckDB's Arrow import ({@code registerArrowStream}) takes an {@code arrow.parquet.variant}
   * column in the unshredded storage as VARIANT, but refuses one in the shredded storage (with a
   * {@code typed_value}): "not supported yet". Its storage struct, without the extension name, is
   * taken as a STRUCT. Recorded by a test of its own.
   */
  DUCKDB_ARROW_SHREDDED_VARIANT_REFUSED(
      Engine.DUCKDB, "Arrow import refuses arrow.parquet.variant in the shredded storage") {
    @Override
    boolean wholeCell() {
      return true;
    }
  },
  /**
   * DuckDB's shredding writer stores an object field whose key is "" as {@code element<N>} (a
   * Parquet column needs a name), and reads it back under that name: the key is changed in the
   * file. Its Arrow import renames a struct field "" the same way.
   */
  DUCKDB_EMPTY_KEY_RENAMED(Engine.DUCKDB, "shredding stores the key \"\" as element<N>") {
    @Override
    Variant expected(Variant v) {
      return v == null ? null : Transform.map(v, k -> !k.isEmpty(), Transform::same);
    }

    @Override
    Variant actual(Variant v) {
      return v == null ? null : Transform.map(v, k -> !k.matches("element[0-9]+"), Transform::same);
    }
  };

  final Engine engine;
  final String description;

  KnownDifference(Engine engine, String description) {
    this.engine = engine;
    this.description = description;
  }

  /** The truth as this difference shows it (identity unless overridden). */
  Variant expected(Variant v) {
    return v;
  }

  /** The engine's answer with this difference's trace removed (identity unless overridden). */
  Variant actual(Variant v) {
    return v;
  }

  /** True for a difference recorded once per test (a failed statement), not per row. */
  boolean wholeCell() {
    return false;
  }

  @Override
  public String toString() {
    return name() + " (" + engine.label() + ": " + description + ")";
  }

  /** Rebuilds Variants with some object fields dropped and some scalars replaced. */
  static final class Transform {
    private Transform() {}

    static Variant map(
        Variant v,
        Predicate<String> keepKey,
        java.util.function.BiConsumer<Variant, VariantBuilder> scalar) {
      VariantBuilder b = new VariantBuilder();
      copy(v, b, keepKey, scalar);
      return b.build();
    }

    private static void copy(
        Variant v,
        VariantBuilder b,
        Predicate<String> keepKey,
        java.util.function.BiConsumer<Variant, VariantBuilder> scalar) {
      if (v.isObject()) {
        b.startObject();
        for (int i = 0; i < v.fieldCount(); i++) {
          if (keepKey.test(v.fieldName(i))) {
            b.key(v.fieldName(i));
            copy(v.fieldValue(i), b, keepKey, scalar);
          }
        }
        b.endObject();
      } else if (v.isArray()) {
        b.startArray();
        for (int i = 0; i < v.size(); i++) {
          copy(v.element(i), b, keepKey, scalar);
        }
        b.endArray();
      } else {
        scalar.accept(v, b);
      }
    }

    static void same(Variant v, VariantBuilder b) {
      b.appendVariant(v);
    }

    /** An integer as an int64, a decimal as a decimal16; anything else as is. */
    static void numberToWidest(Variant v, VariantBuilder b) {
      if (v.type().isInteger()) {
        b.appendInteger(VariantType.INT64, v.longValue());
      } else {
        decimalToWidest(v, b);
      }
    }

    /** A decimal as a 16-byte decimal of the same value and scale; anything else as is. */
    static void decimalToWidest(Variant v, VariantBuilder b) {
      VariantType t = v.type();
      if (t == VariantType.DECIMAL4 || t == VariantType.DECIMAL8 || t == VariantType.DECIMAL16) {
        b.appendDecimal(VariantType.DECIMAL16, v.decimalValue());
      } else {
        b.appendVariant(v);
      }
    }

    static void decimalToDouble(Variant v, VariantBuilder b) {
      VariantType t = v.type();
      if (t == VariantType.DECIMAL4 || t == VariantType.DECIMAL8 || t == VariantType.DECIMAL16) {
        b.appendDouble(v.decimalValue().doubleValue());
      } else {
        b.appendVariant(v);
      }
    }
  }
}
