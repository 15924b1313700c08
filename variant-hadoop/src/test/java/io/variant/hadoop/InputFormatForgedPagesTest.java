// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static io.variant.parquet.read.EncodedPagesFile.NUMBERS;
import static io.variant.parquet.read.EncodedPagesFile.NUMBER_RESIDUALS;
import static io.variant.parquet.read.EncodedPagesFile.STRINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.path.VariantPath;
import io.variant.parquet.VariantParquetException;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.read.EncodedPagesFile;
import io.variant.parquet.read.ForgedLevelFiles;
import io.variant.parquet.read.PageForgery;
import io.variant.parquet.read.VariantParquetReader;
import io.variant.parquet.read.VariantPathReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task of {@link VariantParquetInputFormat} refuses a hostile file as {@code variant cat} and
 * {@code get} do, with the same message naming file, column and row: levels changed so that a row's
 * columns disagree ({@code ForgedLevelFiles}, page CRCs computed again), and page headers whose
 * encodings the footer does not list or whose levels and values do not use up the page's bytes
 * ({@code PageForgery}). Read through parquet-java's record assembly, most of these gave other rows
 * and no error.
 */
class InputFormatForgedPagesTest {
  @TempDir Path dir;

  @Test
  void anElementThatOnlyOneColumnHoldsFailsTheTask() throws Exception {
    refusedAsByTheRowReader(ForgedLevelFiles.elementInARowWithoutList(sub("in-row")));
  }

  @Test
  void anElementThatOneColumnLacksFailsTheTask() throws Exception {
    refusedAsByTheRowReader(ForgedLevelFiles.elementMissingInOneColumn(sub("lacks")));
  }

  @Test
  void aListContinuedWhereNoneStartedFailsTheTask() throws Exception {
    refusedAsByTheRowReader(ForgedLevelFiles.listContinuedWhereNoneStarted(sub("continued")));
  }

  @Test
  void aRepetitionLevelAboveTheColumnsFailsTheTask() throws Exception {
    refusedAsByTheRowReader(ForgedLevelFiles.repetitionAboveTheColumns(sub("above")));
  }

  @Test
  void anOuterElementInAnInnerListsColumnFailsTheTask() throws Exception {
    refusedAsByTheRowReader(ForgedLevelFiles.outerElementInAnInnerListsColumn(sub("outer")));
  }

  @Test
  void aGroupThatItsFirstColumnSaysIsNullFailsTheTaskAndItsProjections() throws Exception {
    refusedAsByTheRowReader(
        ForgedLevelFiles.groupNullInItsFirstColumn(sub("x"), ForgedLevelFiles.X));
    Path a = ForgedLevelFiles.groupNullInItsFirstColumn(sub("a"), ForgedLevelFiles.A);
    refusedAsByTheRowReader(a);
    for (String path : List.of("$.a", "$")) {
      refusedAsByThePathReader(a, path);
    }
  }

  @Test
  void anEncodingTheFooterDoesNotListFailsTheTask() throws Exception {
    byte[] deltas = Files.readAllBytes(EncodedPagesFile.deltas(dir.resolve("deltas.parquet")));
    refusedAsByTheRowReader(
        file("plain", PageForgery.withValuesEncoding(deltas, NUMBERS, 1, 0, Encoding.PLAIN)));
  }

  @Test
  void valuesThatLeaveBytesOfTheirPageFailTheTask() throws Exception {
    byte[] deltas = Files.readAllBytes(EncodedPagesFile.deltas(dir.resolve("deltas.parquet")));
    byte[] listed = PageForgery.withChunkEncodingListed(deltas, NUMBERS, 1, Encoding.PLAIN);
    Path plain =
        file("listed", PageForgery.withValuesEncoding(listed, NUMBERS, 1, 0, Encoding.PLAIN));
    refusedAsByTheRowReader(plain);
    refusedAsByThePathReader(plain, "$.n");
    Encoding lengths = Encoding.DELTA_LENGTH_BYTE_ARRAY;
    byte[] listedLengths = PageForgery.withChunkEncodingListed(deltas, STRINGS, 0, lengths);
    refusedAsByTheRowReader(
        file("lengths", PageForgery.withValuesEncoding(listedLengths, STRINGS, 0, 0, lengths)));
  }

  @Test
  void levelsThatLeaveBytesOfTheirPageFailTheTask() throws Exception {
    byte[] small = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("small.parquet"), 20));
    refusedAsByTheRowReader(
        file(
            "left",
            PageForgery.withDefinitionLevelEncoding(
                small, NUMBER_RESIDUALS, 0, 0, Encoding.BIT_PACKED)));
  }

  @Test
  void aRequiredFieldGroupMadeOptionalFailsTheTask() throws Exception {
    byte[] ours = Files.readAllBytes(EncodedPagesFile.ours(dir.resolve("ours.parquet")));
    Path forged =
        file(
            "optional",
            PageForgery.withRepetition(
                ours, EncodedPagesFile.DEVICE_GROUP, FieldRepetitionType.OPTIONAL));
    refusedAsByTheRowReader(forged);
    refusedAsByThePathReader(forged, "$.d.os");
  }

  /** The input format's tasks fail on {@code file} with the row reader's exception. */
  private void refusedAsByTheRowReader(Path file) throws Exception {
    VariantParquetException e = refusedByTasks(job(file));
    VariantParquetException expected =
        assertThrows(
            VariantParquetException.class,
            () -> {
              try (VariantParquetReader r = reader(file, e.file())) {
                while (r.read() != null) {
                  // to the row that fails
                }
              }
            });
    assertEquals(expected.getMessage(), e.getMessage());
  }

  /** As {@link #refusedAsByTheRowReader}, for tasks that read one path. */
  private void refusedAsByThePathReader(Path file, String path) throws Exception {
    Job job = job(file);
    VariantParquetInputFormat.setProjection(job, "v", VariantPath.parse(path));
    VariantParquetException e = refusedByTasks(job);
    VariantParquetException expected =
        assertThrows(
            VariantParquetException.class,
            () -> {
              try (VariantParquetReader r = reader(file, e.file());
                  VariantPathReader values = r.project("v", VariantPath.parse(path))) {
                while (values.read() != null) {
                  // to the row that fails
                }
              }
            });
    assertEquals(expected.getMessage(), e.getMessage(), path);
  }

  private static VariantParquetException refusedByTasks(Job job) {
    return assertThrows(
        VariantParquetException.class,
        () -> {
          List<VariantRecord> rows = VariantParquetInputFormatTest.readSplits(job);
          throw new AssertionError("read " + rows.size() + " rows of a forged file");
        });
  }

  /** Our reader of {@code file}, naming it as the task did. */
  private static VariantParquetReader reader(Path file, String name) throws IOException {
    assertTrue(name.endsWith(file.getFileName().toString()), name);
    return VariantParquetReader.builder(new LocalInputFile(file), name).build();
  }

  /** A job reading {@code file} in splits of 1 KB: several per file, as tasks would. */
  private Job job(Path file) throws IOException {
    Job job = Job.getInstance(Events.localConf(dir));
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(file.toString()));
    FileInputFormat.setMaxInputSplitSize(job, 1024);
    return job;
  }

  private Path sub(String name) throws IOException {
    return Files.createDirectories(dir.resolve(name));
  }

  private Path file(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name + ".parquet"), bytes);
  }
}
