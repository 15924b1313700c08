// SPDX-License-Identifier: Apache-2.0
package io.variant.interop;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Variant types Spark SQL 4.2 does not take, each recorded as a whole-cell {@link
 * KnownDifference}: a fixed Spark makes the matching test fail, to be updated (and the type added
 * to {@link SparkReadsOurTypedFilesTest}'s corpus).
 */
class SparkTypeLimitsTest {
  private static final List<TypedField> TIME_AND_NANOS =
      List.of(TypedField.TIME, TypedField.TS_NANOS, TypedField.TS_NTZ_NANOS);

  @TempDir Path tmp;

  @BeforeAll
  static void start() {
    SparkSessions.requireRecordedVersion();
  }

  @Test
  void functionsFailOnTimeAndNanos() throws Exception {
    Comparison c = limit(KnownDifference.SPARK_TIME_AND_NANOS_UNKNOWN, "to_json");
    for (TypedField f : TIME_AND_NANOS) {
      assertReadFails(
          write(f, OurFiles.Plan.UNSHREDDED),
          "to_json(v)",
          f + ": to_json now works; update SPARK_TIME_AND_NANOS_UNKNOWN",
          "UNKNOWN_PRIMITIVE_TYPE_IN_VARIANT");
    }
    c.observed(KnownDifference.SPARK_TIME_AND_NANOS_UNKNOWN);
    c.finish();
  }

  @Test
  void typedColumnsOfTimeNanosOrUuidFailTheRead() throws Exception {
    Comparison c = limit(KnownDifference.SPARK_TYPED_COLUMN_NOT_READ, "read v");
    for (TypedField f :
        List.of(TypedField.TIME, TypedField.TS_NANOS, TypedField.TS_NTZ_NANOS, TypedField.UUID_)) {
      assertReadFails(
          write(f, OurFiles.Plan.EXPLICIT),
          "v",
          f + ": a typed column of it now reads; update SPARK_TYPED_COLUMN_NOT_READ",
          "PARQUET_TYPE_ILLEGAL",
          "FAILED_READ_FILE");
    }
    c.observed(KnownDifference.SPARK_TYPED_COLUMN_NOT_READ);
    c.finish();
  }

  /** Spark fails to collect {@code expr} over {@code file}, naming one of {@code errors}. */
  private static void assertReadFails(Path file, String expr, String ifNot, String... errors) {
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                SparkSessions.shared()
                    .read()
                    .parquet(file.toString())
                    .selectExpr(expr)
                    .collectAsList(),
            ifNot);
    String m = String.valueOf(e.getMessage());
    assertTrue(java.util.Arrays.stream(errors).anyMatch(m::contains), e.toString());
  }

  @Test
  void timeCannotBecomeAVariant() {
    Comparison c = limit(KnownDifference.SPARK_TIME_TO_VARIANT_FAILS, "CAST(TIME AS VARIANT)");
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                SparkSessions.shared()
                    .sql("SELECT CAST(TIME '12:34:56.123456' AS VARIANT)")
                    .collectAsList(),
            "CAST(TIME AS VARIANT) now works; update SPARK_TIME_TO_VARIANT_FAILS");
    assertTrue(String.valueOf(e.getMessage()).contains("INTERNAL_ERROR"), e.toString());
    c.observed(KnownDifference.SPARK_TIME_TO_VARIANT_FAILS);
    c.finish();
  }

  private static Comparison limit(KnownDifference d, String what) {
    return new Comparison(Engine.SPARK.label() + " " + what, "-", Set.of(d));
  }

  private Path write(TypedField f, OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve(f.key + "-" + plan + ".parquet");
    OurFiles.writeOneField(file, f, plan);
    return file;
  }
}
