// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import java.math.BigDecimal;

/** Spark SQL values returned by {@code collect} as Variants, to compare them with the source. */
final class SparkValues {
  private SparkValues() {}

  /** Spark's Variant value ({@code VariantVal}) as our Variant over the same bytes; null: null. */
  static Variant variant(Object o) {
    if (o == null) {
      return null;
    }
    org.apache.spark.unsafe.types.VariantVal vv = (org.apache.spark.unsafe.types.VariantVal) o;
    return Variant.of(vv.getMetadata(), vv.getValue());
  }

  /** Column {@code column} of every row as a Variant ({@link #variant}). */
  static java.util.List<Variant> variants(
      java.util.List<org.apache.spark.sql.Row> rows, int column) {
    java.util.List<Variant> out = new java.util.ArrayList<>(rows.size());
    for (org.apache.spark.sql.Row r : rows) {
      out.add(variant(r.get(column)));
    }
    return out;
  }

  /**
   * A Long, Integer, String, Boolean, BigDecimal or Double (from Spark or JDBC) as a Variant; null
   * (SQL NULL) as null.
   */
  static Variant toVariant(Object o) {
    if (o == null) {
      return null;
    }
    VariantBuilder b = new VariantBuilder();
    if (o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte) {
      b.appendLong(((Number) o).longValue());
    } else if (o instanceof String s) {
      b.appendString(s);
    } else if (o instanceof Boolean x) {
      b.appendBoolean(x);
    } else if (o instanceof BigDecimal d) {
      b.appendDecimal(d);
    } else if (o instanceof Double d) {
      b.appendDouble(d);
    } else {
      throw new IllegalArgumentException("no Variant for a Spark " + o.getClass().getName());
    }
    return b.build();
  }
}
