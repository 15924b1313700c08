// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Limits;
import io.variant.core.json.JsonOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ConvertJob} splits NDJSON into lines as the local engine does: a line ends at {@code \n}
 * alone (a lone {@code \r} inside a row is whitespace, a trailing one is dropped), and a byte order
 * mark may start only the input's first line; a line longer than twice the largest value (at least
 * 1 MiB) is refused before it is parsed, and never held whole.
 */
class LineEndingsTest {
  private static final String BOM = "\uFEFF";

  @TempDir Path dir;

  /** Values of up to 64 bytes: lines of up to 1 MiB, the least line limit. */
  private static final JsonOptions SMALL_VALUES =
      JsonOptions.defaults().withLimits(Limits.defaults().withMaxValueBytes(64));

  private static final String SPACES = " ".repeat(1_200_000); // more than 1 MiB

  private ConvertJob.Result run(String text, ConvertMapper.OnError onError) throws Exception {
    return run("in.ndjson", text.getBytes(StandardCharsets.UTF_8), onError, JsonOptions.defaults());
  }

  private ConvertJob.Result run(
      String name, byte[] bytes, ConvertMapper.OnError onError, JsonOptions json) throws Exception {
    Path in = Files.write(dir.resolve(name), bytes);
    Path out = dir.resolve("out");
    return ConvertJob.run(
        Events.localConf(dir),
        ConvertJob.Options.of(List.of(in.toString()), out.toString())
            .withOnError(onError)
            .withJson(json)
            .withOverwrite(true),
        false);
  }

  @Test
  void aLoneCarriageReturnInsideARowIsWhitespace() throws Exception {
    ConvertJob.Result r = run("{\"a\":1,\r\"b\":2}\n{\"a\":3}\n", ConvertMapper.OnError.FAIL);

    assertTrue(r.succeeded(), r.failure());
    assertEquals(
        List.of("{\"a\":1,\"b\":2}", "{\"a\":3}"), Events.readAll(dir.resolve("out"), "variant"));
  }

  @Test
  void aCarriageReturnBetweenTwoDocumentsEndsNoLine() throws Exception {
    ConvertJob.Result failed = run("{\"a\":1}\r{\"a\":2}\n{\"a\":3}\n", ConvertMapper.OnError.FAIL);
    ConvertJob.Result skipped =
        run("{\"a\":1}\r{\"a\":2}\n{\"a\":3}\n", ConvertMapper.OnError.SKIP);

    assertFalse(failed.succeeded());
    assertNotNull(failed.badLine(), failed.failure());
    assertEquals(0, failed.badLine().offset());
    assertTrue(skipped.succeeded(), skipped.failure());
    assertEquals(2, skipped.count(ConvertCounters.ROWS_IN));
    assertEquals(List.of("{\"a\":3}"), Events.readAll(dir.resolve("out"), "variant"));
  }

  @Test
  void crlfLinesLoseTheirCarriageReturnInRowsAndKeepItInRejects() throws Exception {
    ConvertJob.Result r =
        run("{\"a\":1}\r\n{\"a\":\r\n\r\n{\"a\":3}\r\n", ConvertMapper.OnError.SKIP);

    assertTrue(r.succeeded(), r.failure());
    assertEquals(List.of("{\"a\":1}", "{\"a\":3}"), Events.readAll(dir.resolve("out"), "variant"));
    String rejects = Files.readString(dir.resolve("out/_rejects/rejects-m-00000.ndjson"));
    // the line as read, as the local engine's --rejects keeps it
    assertTrue(rejects.contains("\"line\":2,"), rejects);
    assertTrue(rejects.contains("\"text\":\"{\\\"a\\\":\\r\"}"), rejects);
  }

  @Test
  void aByteOrderMarkStartsOnlyTheFirstLine() throws Exception {
    ConvertJob.Result first = run(BOM + "{\"a\":1}\n{\"a\":2}\n", ConvertMapper.OnError.FAIL);
    assertTrue(first.succeeded(), first.failure());

    ConvertJob.Result later =
        run(BOM + "{\"a\":1}\n" + BOM + "{\"a\":2}\n", ConvertMapper.OnError.FAIL);

    assertFalse(later.succeeded());
    assertNotNull(later.badLine(), later.failure());
    assertEquals(11, later.badLine().offset()); // the 3-byte mark and 8 bytes of the first line
    assertTrue(later.badLine().reason().contains("byte order mark"), later.badLine().reason());
  }

  @Test
  void aLineOverTheLimitFailsTheJobThoughItsValueIsSmall() throws Exception {
    String text = "{\"a\":1}\n{\"a\":2}" + SPACES + "\n{\"a\":3}\n";
    for (String name : List.of("in.ndjson", "in.ndjson.gz")) {
      ConvertJob.Result r = run(name, bytes(name, text), ConvertMapper.OnError.FAIL, SMALL_VALUES);

      assertFalse(r.succeeded(), name);
      assertNotNull(r.badLine(), r.failure());
      assertEquals(8, r.badLine().offset(), name); // the second line
      assertEquals(ConvertMapper.Problem.OVER_LIMIT, r.badLine().problem());
      assertEquals(
          "the line is longer than 1.0 MiB (twice Limits.maxValueBytes)",
          r.badLine().reason(),
          name);
      Files.delete(dir.resolve(name));
    }
  }

  @Test
  void aLineOverTheLimitIsRejectedWithItsStartUnderSkip() throws Exception {
    String text = "{\"a\":1}\n{\"a\":2}" + SPACES + "\n{\"a\":3}\n";
    for (String name : List.of("in.ndjson", "in.ndjson.gz")) {
      ConvertJob.Result r = run(name, bytes(name, text), ConvertMapper.OnError.SKIP, SMALL_VALUES);

      assertTrue(r.succeeded(), r.failure());
      assertEquals(3, r.count(ConvertCounters.ROWS_IN), name);
      assertEquals(1, r.count(ConvertCounters.ROWS_REJECTED), name);
      assertEquals(
          List.of("{\"a\":1}", "{\"a\":3}"), Events.readAll(dir.resolve("out"), "variant"));
      String rejects = Files.readString(dir.resolve("out/_rejects/rejects-m-00000.ndjson"));
      assertTrue(rejects.contains("\"line\":2,"), rejects); // the line at byte 8
      assertTrue(rejects.contains("\"reason\":\"the line is longer than 1.0 MiB"), rejects);
      // the line's first 64 KiB, as the local engine's --rejects keeps them
      assertTrue(rejects.contains("\"text\":\"{\\\"a\\\":2}   "), rejects);
      assertTrue(rejects.length() < 70_000, "length " + rejects.length());
      Files.delete(dir.resolve(name));
    }
  }

  @Test
  void aLongLineIsBlankOnlyIfBlankThroughout() throws Exception {
    // blank for more than the limit, then a document: not a blank line, and not a row either
    String text = SPACES + "\n{\"a\":1}\n" + SPACES + "{\"a\":2}\n";

    ConvertJob.Result r =
        run(
            "in.ndjson",
            text.getBytes(StandardCharsets.UTF_8),
            ConvertMapper.OnError.SKIP,
            SMALL_VALUES);

    assertTrue(r.succeeded(), r.failure());
    assertEquals(2, r.count(ConvertCounters.ROWS_IN)); // the blank line is no row
    assertEquals(1, r.count(ConvertCounters.ROWS_REJECTED));
    assertEquals(List.of("{\"a\":1}"), Events.readAll(dir.resolve("out"), "variant"));
  }

  /** {@code text} in UTF-8, gzip-compressed if {@code name} ends in .gz. */
  private static byte[] bytes(String name, String text) throws IOException {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    if (!name.endsWith(".gz")) {
      return utf8;
    }
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(utf8);
    }
    return gz.toByteArray();
  }
}
