// SPDX-License-Identifier: Apache-2.0
package io.variant.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.variant.core.Variant;
import io.variant.core.json.VariantJson;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.variant.VariantJsonParser;
import org.apache.spark.types.variant.VariantBuilder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JSON text to a finished Variant (value and metadata), one row per operation, from UTF-8 bytes
 * ({@code parseBytes}) and from a String ({@code parseString}). Peers, each on its fastest public
 * path: parquet-java's {@code VariantJsonParser.parseJson} (its own shaded jackson; for bytes, a
 * parser from one shared shaded factory), Spark's {@code VariantBuilder.parseJson(JsonParser,
 * false)} over one shared {@link JsonFactory} (its {@code parseJson(String)} builds a new factory
 * per call), and the ceiling: a bare jackson {@code nextToken()} scan of the same row through the
 * same shared factory, which decodes no string or number.
 *
 * <p>Warm-up is longer than the other benchmarks': a fork reaches its steady state only after 3-4 s
 * of JIT compilation on the 2-core reference machine (one run of {@code parseString_ours} on
 * events: 42k, 36k, 80k, 140k, then 420k rows/s), and with the default 3 one-second iterations the
 * measurement caught the peers and our String path still compiling (their forks on the mixed corpus
 * ran 5-8× slower than the same code under {@link CpuRatio}).
 *
 * <p>Run: {@code bench/run JsonToVariant}
 */
@Warmup(iterations = 6, time = 1)
public class JsonToVariantBenchmark extends CorpusBenchmark {
  private final JsonFactory jackson = new JsonFactory();
  private final shaded.parquet.com.fasterxml.jackson.core.JsonFactory parquetJackson =
      new shaded.parquet.com.fasterxml.jackson.core.JsonFactory();
  private byte[][] bytes;
  private String[] strings;

  @Setup(Level.Trial)
  public void setup() {
    List<byte[]> rows = corpus().rows();
    bytes = rows.toArray(new byte[0][]);
    strings = corpus().strings().toArray(new String[0]);
  }

  @Benchmark
  public Variant parseBytes_ours() {
    return VariantJson.parse(bytes[nextRow()]);
  }

  @Benchmark
  public org.apache.parquet.variant.Variant parseBytes_parquetJava() throws IOException {
    try (shaded.parquet.com.fasterxml.jackson.core.JsonParser p =
        parquetJackson.createParser(bytes[nextRow()])) {
      p.nextToken(); // the peers' parser API starts on the first token
      return VariantJsonParser.parseJson(p);
    }
  }

  @Benchmark
  public org.apache.spark.types.variant.Variant parseBytes_spark() throws IOException {
    try (JsonParser p = jackson.createParser(bytes[nextRow()])) {
      p.nextToken();
      return VariantBuilder.parseJson(p, false);
    }
  }

  @Benchmark
  public int parseBytes_jackson() throws IOException {
    try (JsonParser p = jackson.createParser(bytes[nextRow()])) {
      return scan(p);
    }
  }

  @Benchmark
  public Variant parseString_ours() {
    return VariantJson.parse(strings[nextRow()]);
  }

  @Benchmark
  public org.apache.parquet.variant.Variant parseString_parquetJava() throws IOException {
    return VariantJsonParser.parseJson(strings[nextRow()]);
  }

  @Benchmark
  public org.apache.spark.types.variant.Variant parseString_spark() throws IOException {
    try (JsonParser p = jackson.createParser(strings[nextRow()])) {
      p.nextToken();
      return VariantBuilder.parseJson(p, false);
    }
  }

  @Benchmark
  public int parseString_jackson() throws IOException {
    try (JsonParser p = jackson.createParser(strings[nextRow()])) {
      return scan(p);
    }
  }

  /** Bare token scan: the least any jackson-based converter must do. */
  private static int scan(JsonParser p) throws IOException {
    int tokens = 0;
    while (p.nextToken() != null) {
      tokens++;
    }
    return tokens;
  }
}
