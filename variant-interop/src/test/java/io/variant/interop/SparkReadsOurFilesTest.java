package io.variant.interop;

import static org.apache.spark.sql.functions.col;

import io.variant.core.Variant;
import io.variant.core.VariantType;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.schema.ShreddingLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Our files, read by Spark SQL, equal the source: as Variant bytes and through {@code to_json}. */
class SparkReadsOurFilesTest {
  private static final long SEED = 20261125L;
  private static final int ROWS = 2000;

  private static List<Variant> source;

  @TempDir Path tmp;

  @BeforeAll
  static void start() {
    SparkSessions.requireRecordedVersion();
    List<String> json = Corpus.documents(SEED, ROWS, true);
    source = OurFiles.parse(json);
  }

  /** A {@code variant_get} path, its SQL type, and which source values that type reads exactly. */
  private record TypedPath(
      String path, String sqlType, java.util.function.Predicate<Variant> readsExactly) {
    /** The source's value at the path: a JSON path step {@code ['k']} is a field here too. */
    Variant extract(Variant v) {
      Variant at = VariantPath.parse(path).extract(v);
      return at == null || at.isNull() || !readsExactly.test(at) ? null : at;
    }
  }

  private static final java.util.function.Predicate<Variant> INTEGER = v -> v.type().isInteger();
  private static final java.util.function.Predicate<Variant> STRING =
      v -> v.type() == VariantType.STRING;
  private static final java.util.function.Predicate<Variant> BOOLEAN =
      v -> v.type() == VariantType.BOOLEAN_TRUE || v.type() == VariantType.BOOLEAN_FALSE;

  private static final List<TypedPath> TYPED_PATHS =
      List.of(
          new TypedPath("$.id", "bigint", INTEGER),
          new TypedPath("$.big", "bigint", INTEGER),
          new TypedPath("$.name", "string", STRING),
          new TypedPath("$.active", "boolean", BOOLEAN),
          new TypedPath("$.user.name", "string", STRING),
          new TypedPath("$.user.address.zip", "string", STRING),
          new TypedPath("$.tags[0]", "string", STRING),
          new TypedPath("$.items[1].qty", "bigint", INTEGER),
          new TypedPath("$.wide.k35", "bigint", INTEGER),
          new TypedPath("$.wide[\"\uE000\"]", "bigint", INTEGER),
          new TypedPath("$.wide[\"\uFF01\"]", "bigint", INTEGER),
          new TypedPath("$.wide[\"\uD83D\uDE00\"]", "bigint", INTEGER));

  /**
   * {@code try_variant_get} on typed paths (pushed down to typed columns where our plan shredded
   * them) gives the source's value wherever the source holds one of the path's type, and NULL where
   * the path is absent. Rows whose value has another type (drift) are not compared: casting them is
   * Spark's business.
   */
  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void variantGetOnTypedPaths(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-get-" + plan + ".parquet");
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC);
    SparkSession spark = SparkSessions.shared();
    List<String> exprs = new java.util.ArrayList<>();
    for (TypedPath p : TYPED_PATHS) {
      exprs.add(
          "try_variant_get(v, '"
              + p.path()
              + "', '"
              + p.sqlType()
              + "')"); // paths hold no single quote
    }
    List<Row> rows =
        spark
            .read()
            .parquet(file.toString())
            .orderBy("row")
            .selectExpr(exprs.toArray(new String[0]))
            .collectAsList();
    for (int k = 0; k < TYPED_PATHS.size(); k++) {
      TypedPath p = TYPED_PATHS.get(k);
      // Our unshredded objects are in UTF-8 key order, which Spark's binary search over > 32 fields
      // misreads.
      boolean missed = plan == OurFiles.Plan.UNSHREDDED && p.path().endsWith("[\"\uD83D\uDE00\"]");
      Comparison c =
          new Comparison(
              "variant-engine " + plan.name().toLowerCase() + " (spec layout)",
              Engine.SPARK.label() + " try_variant_get(" + p.path() + ", " + p.sqlType() + ")",
              missed
                  ? java.util.EnumSet.of(KnownDifference.SPARK_WIDE_OBJECT_KEY_MISSED)
                  : java.util.EnumSet.noneOf(KnownDifference.class));
      for (int i = 0; i < source.size(); i++) {
        Variant expected = source.get(i) == null ? null : p.extract(source.get(i));
        Variant at =
            source.get(i) == null ? null : VariantPath.parse(p.path()).extract(source.get(i));
        if (expected == null && at != null && !at.isNull()) {
          continue; // another type at the path: a cast, not compared
        }
        c.row(i, expected, SparkValues.toVariant(rows.get(i).get(k)));
      }
      c.finish();
    }
  }

  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void specLayout(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-" + plan + ".parquet");
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC);
    SparkSession spark = SparkSessions.shared();
    List<Row> rows =
        spark
            .read()
            .parquet(file.toString())
            .orderBy("row")
            .select(col("v"), org.apache.spark.sql.functions.to_json(col("v")))
            .collectAsList();
    String writer = "variant-engine " + plan.name().toLowerCase() + " (spec layout)";
    Comparison bytes = new Comparison(writer, Engine.SPARK.label() + " (Variant value)");
    Comparison json =
        new Comparison(
            writer, Engine.SPARK.label() + " (to_json)", Comparison.Equality.JSON_TEXT, Set.of());
    for (int i = 0; i < source.size(); i++) {
      Row r = rows.get(i);
      // Spark's own bytes: objects it rebuilt are in UTF-16 key order
      Variant vv = SparkValues.variant(r.get(0));
      bytes.row(i, source.get(i), vv);
      json.row(i, source.get(i), r.isNullAt(1) ? null : VariantJson.parse(r.getString(1)));
    }
    bytes.finish();
    json.finish();
  }
}
