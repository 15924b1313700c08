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
   * DuckDB's shredding writer stores an object field whose key is "" as {@code element<N>} (a
   * Parquet column needs a name), and reads it back under that name: the key is changed in the
   * file.
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
