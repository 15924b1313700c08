package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.VariantEquality;
import io.variant.core.VariantBuilder;

/**
 * An engine bug or limit that makes a row differ from the truth, recorded with the engine version it was
 * seen on. A row explained by one of these is counted as a known difference, not as equal. Each test
 * declares the differences it expects and fails when one of them no longer occurs, or when the engine
 * version is not the one recorded here: a fixed or upgraded engine must show up as a failure that asks
 * for this list to be updated.
 */
enum KnownDifference {
  /** DuckDB renders a top-level Variant null as SQL NULL (CAST(v AS JSON) is NULL, not 'null'). */
  DUCKDB_NULL_AS_SQL_NULL(Engine.DUCKDB, "a top-level Variant null reads as SQL NULL") {
    @Override
    boolean explains(Variant expected, Variant actual) {
      return expected != null && expected.isNull() && actual == null;
    }
  },
  /**
   * DuckDB fails the whole COPY when a JSON integer is in [2^63, 2^64): it types it UINT64, which its
   * Variant writer does not support. Recorded by a test of its own; no row of a corpus is compared.
   */
  DUCKDB_UINT64_COPY_FAILS(Engine.DUCKDB, "COPY of a JSON integer in [2^63, 2^64) to a Variant column fails") {
    @Override
    boolean explains(Variant expected, Variant actual) {
      return false;
    }
  },
  /** DuckDB's shredding writer stores an object field named "" under another name. */
  DUCKDB_EMPTY_KEY_RENAMED(Engine.DUCKDB, "shredding renames an empty key") {
    @Override
    boolean explains(Variant expected, Variant actual) {
      return actual != null && hasEmptyKey(expected)
          && VariantEquality.logical(withoutEmptyKeys(expected), withoutEmptyKeys(actual));
    }
  };

  final Engine engine;
  final String description;

  KnownDifference(Engine engine, String description) {
    this.engine = engine;
    this.description = description;
  }

  /** True if this difference accounts for {@code actual} (null: SQL NULL) where {@code expected} was written. */
  abstract boolean explains(Variant expected, Variant actual);

  @Override
  public String toString() {
    return name() + " (" + engine.label() + ": " + description + ")";
  }

  static boolean hasEmptyKey(Variant v) {
    if (v.isObject()) {
      for (int i = 0; i < v.fieldCount(); i++) {
        if (v.fieldName(i).isEmpty() || hasEmptyKey(v.fieldValue(i))) {
          return true;
        }
      }
    } else if (v.isArray()) {
      for (int i = 0; i < v.size(); i++) {
        if (hasEmptyKey(v.element(i))) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code v} without the fields whose key is "" or not in {@code v}'s sibling keys of the expected side. */
  static Variant withoutEmptyKeys(Variant v) {
    VariantBuilder b = new VariantBuilder();
    copyWithout(v, b);
    return b.build();
  }

  private static void copyWithout(Variant v, VariantBuilder b) {
    if (v.isObject()) {
      b.startObject();
      for (int i = 0; i < v.fieldCount(); i++) {
        String k = v.fieldName(i);
        if (!k.isEmpty() && !k.startsWith(RENAMED_EMPTY_KEY_PREFIX)) {
          b.key(k);
          copyWithout(v.fieldValue(i), b);
        }
      }
      b.endObject();
    } else if (v.isArray()) {
      b.startArray();
      for (int i = 0; i < v.size(); i++) {
        copyWithout(v.element(i), b);
      }
      b.endArray();
    } else {
      b.appendVariant(v);
    }
  }

  /** What DuckDB 2.0 renames "" to when shredding; set from observation (see DuckDbWritesTest). */
  static final String RENAMED_EMPTY_KEY_PREFIX = "\u0000unknown";
}
