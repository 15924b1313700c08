// SPDX-License-Identifier: Apache-2.0
package io.variant.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.core.VariantFormatException;
import io.variant.core.VariantType;
import io.variant.core.json.JsonRowParser;
import io.variant.core.json.VariantJson;
import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.write.VariantParquetWriter;
import io.variant.shredding.Rebuilder;
import io.variant.shredding.ShreddedSource;
import io.variant.shredding.ShreddingPlan;
import io.variant.shredding.SplitOptions;
import io.variant.shredding.Splitter;
import io.variant.shredding.infer.InferenceOptions;
import io.variant.shredding.infer.InferenceResult;
import io.variant.shredding.infer.PlanInference;
import io.variant.shredding.testkit.ShreddedTree;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The five examples of README.md's "Using the library", compiled, run and checked. Each README code line
 * appears verbatim in this file (see {@link #everyReadmeLineIsInThisTest}), except those that
 * {@link #STAND_INS} replace with runnable stand-ins.
 */
class ReadmeExamplesTest {
  /**
   * README text that cannot run as written, and what this test runs in its place: the sample is the event
   * log, and files go to a temporary directory rather than the working directory.
   */
  private static final Map<String, String> STAND_INS = Map.of(
      "List<Variant> sample = ...;", "List<Variant> sample = events();",
      "Path.of(\"events.parquet\")", "file");

  @TempDir Path dir;

  /** Example 1's value; examples 3 and 4 use it too, as README's {@code v}. */
  private static Variant example1() {
    Variant v = VariantJson.parse("{\"user\": {\"id\": 42, \"tags\": [\"a\", \"b\"]}, \"price\": 9.99}");
    return v;
  }

  @Test
  void example1JsonFieldsPathsAndBack() {
    Variant v = example1();
    long id = v.field("user").field("id").longValue();              // 42 (stored as int8)
    BigDecimal price = v.field("price").decimalValue();             // 9.99 (decimal4, scale 2)
    Variant tag = VariantPath.parse("$.user.tags[1]").extract(v);   // "b"
    String json = VariantJson.toJson(v);  // {"price":9.99,"user":{"id":42,"tags":["a","b"]}}

    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    ThreadLocal<JsonRowParser> rows = ThreadLocal.withInitial(VariantJson::rowParser); // one parser per thread
    Variant row = rows.get().parse(bytes);                          // an engine's loop, per row, on any thread

    assertEquals(42, id);
    assertEquals(v, row);
    assertEquals(json, VariantJson.toJson(row));
    assertEquals(VariantType.INT8, v.field("user").field("id").type());
    assertEquals(new BigDecimal("9.99"), price); // equals() compares the scale too
    assertEquals(VariantType.DECIMAL4, v.field("price").type());
    assertEquals("b", tag.stringValue());
    assertEquals("{\"price\":9.99,\"user\":{\"id\":42,\"tags\":[\"a\",\"b\"]}}", json);
  }

  @Test
  void example2BuildingAndReadingUntrustedBytes() {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    b.key("when").appendTimestampMicros(1_700_000_000_000_000L);
    b.key("id").appendUuid(UUID.fromString("f24f9b64-81fa-49d1-b74e-8c09a6e31c56"));
    b.endObject();
    Variant built = b.build();
    byte[] metadata = built.metadataBytes(), value = built.valueBytes();

    Variant read = Variant.of(metadata, value).validate(); // VariantFormatException (with byte offset) if malformed

    assertEquals(built, read);
    assertEquals(Instant.parse("2023-11-14T22:13:20Z"), read.field("when").instantValue());
    assertEquals(UUID.fromString("f24f9b64-81fa-49d1-b74e-8c09a6e31c56"), read.field("id").uuidValue());
    byte[] truncated = Arrays.copyOf(value, value.length - 1);
    var e = assertThrows(VariantFormatException.class, () -> Variant.of(metadata, truncated).validate());
    assertTrue(e.byteOffset() >= 0 && e.byteOffset() <= truncated.length, "offset " + e.byteOffset());
    assertTrue(e.getMessage().startsWith("Invalid variant at byte " + e.byteOffset()), e.getMessage());
  }

  @Test
  void example3InferringAPlanSplittingAndRebuilding() {
    Variant v = example1();
    List<Variant> sample = events();
    InferenceResult inferred = PlanInference.infer(sample, InferenceOptions.defaults());
    System.out.println(inferred.plan());               // {"id": int64, "user": {...}, ...}
    System.out.println(inferred.coverage().format());  // per path: present %, typed %, residual %

    ShreddingPlan plan = ShreddingPlan.parse("{\"id\": int64, \"price\": decimal(9,2)}");
    ShreddedTree sink = new ShreddedTree(); // an in-memory ShreddedSink and ShreddedSource (variant-shredding's test kit)
    Splitter.of(plan, SplitOptions.defaults()).split(v, sink);      // sink: a ShreddedSink
    ShreddedSource source = sink.root();
    Variant back = Rebuilder.of(plan).rebuild(v.metadata(), source); // source: a ShreddedSource

    assertEquals(inferred.plan().print(), inferred.plan().toString());
    assertTrue(inferred.plan().print().contains("\"user\": {\"email\": string, \"id\": int64, \"name\": string,"),
        inferred.plan().print());
    assertTrue(inferred.coverage().format().contains("3000 rows sampled;"), inferred.coverage().format());
    assertEquals(v, back); // logically equal
    assertEquals(VariantJson.toJson(v), VariantJson.toJson(back));
    assertEquals(new BigDecimal("9.99"), ((ShreddedTree.Fields) sink.root().typed).slots.get(1).typed); // price went typed
    assertTrue(sink.root().residual.isObject()); // and "user" into the residual object
  }

  @Test
  void example4And5WritingAndReadingAShreddedFile() throws IOException {
    Variant v = example1();
    Path file = dir.resolve("events.parquet");
    try (VariantParquetWriter w = VariantParquetWriter.builder(file)
            .longColumn("id")
            .variantColumn("event")        // plan inferred from the first rows, or pass one
            .inferFromFirst(1000)
            .build()) {
      w.write(VariantRecord.builder().set("id", 1L).set("event", v).build());
    }

    List<Variant> events = new ArrayList<>();
    List<Object> ids = new ArrayList<>();
    try (VariantParquetReader r = VariantParquetReader.open(file)) {
      for (VariantRecord row : r) {
        Variant event = row.variant("event"); // null = SQL NULL; a Variant null is a Variant of type NULL
        events.add(event);
        ids.add(row.get("id"));
      }
      assertEquals("{\"price\": decimal(9,2), \"user\": {\"id\": int64, \"tags\": [string]}}", r.plans().get("event").print());
    }
    assertEquals(List.of(v), events);
    assertEquals(List.of(1L), ids);
  }

  @Test
  void everyReadmeLineIsInThisTest() throws IOException {
    Path root = CliRunner.repoRoot();
    String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
    int from = readme.indexOf("## Using the library");
    int to = readme.indexOf("\n## ", from + 1);
    assertTrue(from >= 0 && to > from, "README.md has no section '## Using the library'");
    List<String> blocks = new ArrayList<>();
    Matcher m = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(readme.substring(from, to));
    while (m.find()) {
      blocks.add(m.group(1));
    }
    assertEquals(5, blocks.size(), "README's library examples");

    String self = Files.readString(root.resolve("variant-cli/src/test/java/io/variant/cli/ReadmeExamplesTest.java"));
    Set<String> here = self.lines().map(ReadmeExamplesTest::code).collect(Collectors.toSet());
    for (String block : blocks) {
      for (String line : block.lines().map(ReadmeExamplesTest::code).filter(l -> !l.isEmpty()).toList()) {
        String runnable = line;
        for (Map.Entry<String, String> s : STAND_INS.entrySet()) {
          runnable = runnable.replace(s.getKey(), s.getValue());
        }
        assertTrue(here.contains(runnable), "README line not run by this test: " + line);
      }
    }
  }

  /** A line without its {@code //} comment and with runs of blanks as one space. */
  private static String code(String line) {
    int comment = line.indexOf("//");
    return (comment < 0 ? line : line.substring(0, comment)).strip().replaceAll("\\s+", " ");
  }

  /** The README's {@code sample}: the event log. */
  private static List<Variant> events() {
    return Fixtures.eventLines().stream().map(VariantJson::parse).toList();
  }
}
