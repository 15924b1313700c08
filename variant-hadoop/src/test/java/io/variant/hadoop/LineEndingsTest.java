// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ConvertJob} splits NDJSON into lines as the local engine does: a line ends at {@code \n}
 * alone (a lone {@code \r} inside a row is whitespace, a trailing one is dropped), and a byte order
 * mark may start only the input's first line.
 */
class LineEndingsTest {
  private static final String BOM = "\uFEFF";

  @TempDir Path dir;

  private ConvertJob.Result run(String text, ConvertMapper.OnError onError) throws Exception {
    Path in = dir.resolve("in.ndjson");
    Files.writeString(in, text, StandardCharsets.UTF_8);
    Path out = dir.resolve("out");
    return ConvertJob.run(
        Events.localConf(dir),
        ConvertJob.Options.of(List.of(in.toString()), out.toString())
            .withOnError(onError)
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
  void crlfLinesLoseTheirCarriageReturnInRowsAndRejects() throws Exception {
    ConvertJob.Result r =
        run("{\"a\":1}\r\n{\"a\":\r\n\r\n{\"a\":3}\r\n", ConvertMapper.OnError.SKIP);

    assertTrue(r.succeeded(), r.failure());
    assertEquals(List.of("{\"a\":1}", "{\"a\":3}"), Events.readAll(dir.resolve("out"), "variant"));
    String rejects = Files.readString(dir.resolve("out/_rejects/rejects-m-00000.ndjson"));
    assertTrue(rejects.contains("\"text\":\"{\\\"a\\\":\"}"), rejects);
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
}
