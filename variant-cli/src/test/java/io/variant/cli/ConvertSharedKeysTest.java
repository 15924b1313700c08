// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.VariantMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert} puts the sampled rows' common keys in every row's dictionary, so rows of one log
 * whose types carry keys of their own share one metadata value; both engines alike.
 */
class ConvertSharedKeysTest {
  @TempDir Path dir;

  /**
   * Event rows: most carry only the common fields; clicks a target whose fields vary too much to be
   * typed (so its keys stay in the residual), orders their items; one row a key of its own.
   */
  private List<String> events() {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      String common = "\"id\": " + i + ", \"kind\": \"k" + (i % 3) + "\"";
      if (i == 123) {
        lines.add("{" + common + ", \"debug\": {\"trace\": true}}");
      } else if (i % 4 == 1) {
        Object x = i % 8 == 1 ? (Object) ("\"" + i + "\"") : (Object) (i * 1.5);
        lines.add("{" + common + ", \"target\": {\"x\": " + x + ", \"y\": [" + i + "]}}");
      } else if (i % 4 == 2) {
        lines.add("{" + common + ", \"items\": [{\"sku\": " + (i % 8 == 2 ? "true" : i) + "}]}");
      } else {
        lines.add("{" + common + "}");
      }
    }
    return lines;
  }

  @Test
  void rowsOfALogShareOneDictionaryOnEitherEngine() throws IOException {
    Path in = dir.resolve("events.ndjson");
    Files.write(in, events());
    Path local = dir.resolve("local.parquet");
    CliRunner.Result r = CliRunner.run("", "convert", in.toString(), "-o", local.toString());
    assertEquals(0, r.exitCode(), r.err());

    Map<String, Integer> dictionaries = metadataCounts(List.of(local));
    assertEquals(2, dictionaries.size(), dictionaries.keySet().toString());
    String shared = mostCommon(dictionaries);
    assertEquals(399, dictionaries.get(shared));
    List<String> keys = keys(shared);
    assertTrue(keys.containsAll(List.of("x", "y", "sku")), keys.toString());
    assertTrue(!keys.contains("trace"), "a key of one row in 400 stays with it: " + keys);

    Path out = dir.resolve("mr");
    CliRunner.Result mr =
        CliRunner.run("", "convert", "--engine", "mapreduce", in.toString(), "-o", out.toString());
    assertEquals(0, mr.exitCode(), mr.err());
    assertEquals(dictionaries, metadataCounts(MapReduceRuns.parts(out)));
    // one split, one task: the job's writer is the local engine's, so the file is the same
    List<Path> parts = MapReduceRuns.parts(out);
    assertEquals(1, parts.size(), parts.toString());
    assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(parts.get(0)));
  }

  private static String mostCommon(Map<String, Integer> counts) {
    return counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
  }

  private static List<String> keys(String hex) {
    VariantMetadata m = VariantMetadata.of(HexFormat.of().parseHex(hex));
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < m.size(); i++) {
      keys.add(m.key(i));
    }
    return keys;
  }

  /** Each row's stored {@code metadata} bytes (hex), counted, as parquet-java reads the column. */
  private static Map<String, Integer> metadataCounts(List<Path> files) throws IOException {
    Configuration conf = new Configuration();
    conf.set(
        "parquet.read.schema",
        "message m { required group variant { required binary metadata; } }");
    Map<String, Integer> counts = new TreeMap<>();
    for (Path f : files) {
      try (ParquetReader<Group> reader =
          ParquetReader.builder(new GroupReadSupport(), new org.apache.hadoop.fs.Path(f.toUri()))
              .withConf(conf)
              .build()) {
        for (Group g; (g = reader.read()) != null; ) {
          byte[] b = g.getGroup("variant", 0).getBinary("metadata", 0).getBytes();
          counts.merge(HexFormat.of().formatHex(b), 1, Integer::sum);
        }
      }
    }
    return counts;
  }
}
