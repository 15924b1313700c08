// SPDX-License-Identifier: Apache-2.0
package io.variant.parquet.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.Variant;
import io.variant.core.VariantBuilder;
import io.variant.parquet.filter.Literal;
import io.variant.parquet.filter.VariantCondition;
import io.variant.parquet.filter.VariantPredicate;
import io.variant.parquet.testkit.ForgedStatistics;
import io.variant.parquet.testkit.PrunedReads;
import io.variant.shredding.ShreddingPlan;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The min and max that {@link StatisticsTrust} drops no longer skip row groups that hold matches;
 * statistics it keeps still skip row groups. Files of 4 row groups of 10 rows, row i holding {"s":
 * one of "aé", "az", "b" in group 0 and "k<group>" after, "n": i, "q": (i - 20) as decimal(38,2),
 * stored in 16 bytes}, with one group's statistics forged as a writer got them wrong.
 */
class StatisticsTrustTest {
  private static final String S = "e.typed_value.s.typed_value";
  private static final String Q = "e.typed_value.q.typed_value";
  private static final VariantCondition S_IS_AZ = VariantPredicate.eq("e", "$.s", Literal.of("az"));
  private static final VariantCondition Q_IS_9 =
      VariantPredicate.eq("e", "$.q", Literal.of(new BigDecimal("9")));

  @TempDir Path dir;
  private Path written;

  private static Variant row(long i) {
    VariantBuilder b = new VariantBuilder();
    b.startObject();
    b.key("s").appendString(i < 10 ? new String[] {"aé", "az", "b"}[(int) (i % 3)] : "k" + i / 10);
    b.key("n").appendLong(i);
    b.key("q").appendDecimal(BigDecimal.valueOf(i * 100 - 2000, 2));
    b.endObject();
    return b.build();
  }

  @BeforeEach
  void write() throws IOException {
    written =
        PrunedReads.write(
            dir.resolve("written.parquet"),
            ShreddingPlan.parse("{\"s\": string, \"n\": int64, \"q\": decimal(38,2)}"),
            StatisticsTrustTest::row);
  }

  private Path forged(String name, Consumer<FileMetaData> change) throws IOException {
    return ForgedStatistics.write(written, dir.resolve(name + ".parquet"), change);
  }

  private static List<Long> ids(long... ids) {
    return LongStream.of(ids).boxed().toList();
  }

  private static List<Long> group(int g) {
    return LongStream.range(g * 10L, g * 10L + 10).boxed().toList();
  }

  /** Asserts that the reader with {@code c} as its filter returns every row {@code c} matches. */
  private static void assertNoMatchSkipped(Path file, VariantCondition c, List<Long> matching)
      throws IOException {
    assertEquals(matching, PrunedReads.matching(file, c), "the rows that match");
    List<Long> kept = PrunedReads.kept(file, c);
    assertTrue(kept.containsAll(matching), c + " kept " + kept);
  }

  /** {@code s}'s group 0 bounded as a writer comparing Java's signed bytes bounds it. */
  private static void signedByteStrings(FileMetaData footer) {
    ForgedStatistics.chunks(
        footer,
        S,
        (s, g) -> {
          if (g == 0) {
            // 'é' is 0xC3 0xA9: a negative byte, so "aé" sorts before "az" and bounds it from below
            s.setMin_value(utf8("aé")).setMax_value(utf8("b"));
          }
        });
  }

  @Test
  void minAndMaxValueOfAFooterWithoutColumnOrdersBoundNothing() throws IOException {
    Path f =
        forged(
            "unordered",
            footer -> {
              signedByteStrings(footer);
              footer.unsetColumn_orders(); // spec: the meaning of min_value and max_value is
              // undefined
            });
    assertNoMatchSkipped(f, S_IS_AZ, ids(1, 4, 7));
    ColumnChunkMetaData s0 = chunk(f, 0, S);
    assertFalse(s0.getStatistics().hasNonNullValue(), "min and max dropped");
    assertEquals(0, s0.getStatistics().getNumNulls(), "the null count kept");
    // the deprecated min and max, whose order is signed, still skip row groups of signed types
    assertEquals(group(2), PrunedReads.kept(f, VariantPredicate.eq("e", "$.n", Literal.of(25))));
  }

  @Test
  void minAndMaxValueUnderATypeDefinedOrderAreTrustedEvenWhereForged() throws IOException {
    // the same bounds with the column orders the writer wrote: well-formed, so trusted, as every
    // reader trusts them (the file lies)
    Path f = forged("ordered", StatisticsTrustTest::signedByteStrings);
    assertFalse(PrunedReads.kept(f, S_IS_AZ).contains(1L));
  }

  @Test
  void decimalBoundsThatAreNotWholeValuesBoundNothing() throws IOException {
    // a 16-byte decimal's bounds cut to 8 bytes (the max rounded up), as a writer that truncates
    // binary statistics cuts them: as numbers they are 0 and 1, far below 0.00 to 9.00
    Path cut =
        forged(
            "cut",
            footer ->
                ForgedStatistics.chunks(
                    footer,
                    Q,
                    (s, g) -> {
                      if (g == 2) {
                        byte[] max = Arrays.copyOf(s.getMax_value(), 8);
                        max[7]++;
                        s.setMin_value(Arrays.copyOf(s.getMin_value(), 8)).setMax_value(max);
                      }
                    }));
    assertNoMatchSkipped(cut, Q_IS_9, ids(29));
    // whole but flagged as not exact: its writer says they are no values of the column
    Path inexact =
        forged(
            "inexact",
            footer ->
                ForgedStatistics.chunks(
                    footer,
                    Q,
                    (s, g) -> {
                      if (g == 2) {
                        s.setMin_value(decimal16(0)).setMax_value(decimal16(100));
                        s.setIs_min_value_exact(false).setIs_max_value_exact(false);
                      }
                    }));
    assertNoMatchSkipped(inexact, Q_IS_9, ids(29));
    // whole exact bounds still skip row groups
    assertEquals(group(2), PrunedReads.kept(written, Q_IS_9));
  }

  /**
   * {@code q}'s group 2 (0.00 to 9.00) bounded as Arrow's C++ writer before 4.0.0 bounds it,
   * comparing every byte as signed: 0x00C8 (2.00) sorts first, as 0xC8 is negative, and 0x0320
   * (8.00) last, as 0x0384 (9.00) has a negative last byte. Min is below max, yet 0.00, 1.00 and
   * 9.00 lie outside.
   */
  private Path arrowDecimals(String createdBy) throws IOException {
    return forged(
        createdBy.replace(' ', '-'),
        footer -> {
          footer.setCreated_by(createdBy);
          ForgedStatistics.chunks(
              footer,
              Q,
              (s, g) -> {
                if (g == 2) {
                  s.setMin_value(decimal16(200)).setMax_value(decimal16(800));
                }
              });
        });
  }

  @Test
  void decimalBoundsOfArrowsWriterBefore4AreIgnored() throws IOException {
    for (String writer :
        new String[] {
          "parquet-cpp-arrow version 3.0.0",
          "parquet-cpp-arrow version 4.0.0-SNAPSHOT",
          "parquet-cpp version 1.5.1-SNAPSHOT"
        }) {
      assertNoMatchSkipped(arrowDecimals(writer), Q_IS_9, ids(29));
    }
    // from 4.0.0 on, its bounds are trusted: these lie, and skip the row
    assertFalse(
        PrunedReads.kept(arrowDecimals("parquet-cpp-arrow version 4.0.0"), Q_IS_9).contains(29L));
  }

  private static ColumnChunkMetaData chunk(Path file, int group, String path) {
    ParquetMetadata footer = FooterReader.read(new LocalInputFile(file), true);
    return footer.getBlocks().get(group).getColumns().stream()
        .filter(c -> c.getPath().toDotString().equals(path))
        .findFirst()
        .orElseThrow();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** An unscaled decimal in 16 bytes, big-endian two's complement. */
  private static byte[] decimal16(long unscaled) {
    byte[] minimal = BigInteger.valueOf(unscaled).toByteArray();
    byte[] out = new byte[16];
    Arrays.fill(out, 0, 16 - minimal.length, (byte) (unscaled < 0 ? 0xFF : 0));
    System.arraycopy(minimal, 0, out, 16 - minimal.length, minimal.length);
    return out;
  }
}
