package io.variant.interop;

import static org.apache.spark.sql.functions.col;

import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import io.variant.shredding.ShreddingLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.unsafe.types.VariantVal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Our files, read by Spark SQL, equal the source: as Variant bytes and through {@code to_json}. */
class SparkReadsOurFilesTest {
  private static final long SEED = 20261125L;
  private static final int ROWS = 2000;

  private static List<Variant> source;

  @TempDir
  Path tmp;

  @BeforeAll
  static void start() {
    SparkSessions.requireRecordedVersion();
    List<String> json = new java.util.ArrayList<>(Corpus.json(SEED, ROWS, true));
    json.add("null");
    json.add(Corpus.UINT64_ROW);
    source = OurFiles.parse(json);
  }

  @ParameterizedTest
  @EnumSource(OurFiles.Plan.class)
  void specLayout(OurFiles.Plan plan) throws Exception {
    Path file = tmp.resolve("ours-" + plan + ".parquet");
    OurFiles.write(file, source, plan, ShreddingLayout.SPEC);
    SparkSession spark = SparkSessions.shared();
    List<Row> rows = spark.read().parquet(file.toString()).orderBy("row")
        .select(col("v"), org.apache.spark.sql.functions.to_json(col("v"))).collectAsList();
    String writer = "variant-engine " + plan.name().toLowerCase() + " (spec layout)";
    Comparison bytes = new Comparison(writer, Engine.SPARK.label() + " (Variant value)");
    Comparison json = new Comparison(writer, Engine.SPARK.label() + " (to_json)", Comparison.Equality.JSON_TEXT, Set.of());
    for (int i = 0; i < source.size(); i++) {
      Row r = rows.get(i);
      VariantVal vv = (VariantVal) r.get(0); // Spark's own bytes: objects it rebuilt are in UTF-16 key order
      bytes.row(i, source.get(i), vv == null ? null : Variant.of(vv.getMetadata(), vv.getValue()));
      json.row(i, source.get(i), r.isNullAt(1) ? null : VariantJson.parse(r.getString(1)));
    }
    bytes.finish();
    json.finish();
  }
}
