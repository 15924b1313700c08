// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.variant.core.json.VariantJson;
import io.variant.parquet.VariantRecord;
import io.variant.parquet.write.VariantParquetWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VariantParquetInputFormat} reads a glob's matches as the CLI does ({@link GlobReach}): it
 * skips those in a hidden or {@code _} directory the glob entered through a wildcard (a running
 * job's {@code _temporary/}, a staging directory), and refuses a glob whose base, or a directory
 * between the base and a match, is an unfinished job's output.
 */
class InputFormatGlobReachTest {
  private static final String PART = "date=2024-01-01/part-0.parquet";
  private static final String ATTEMPT = "_temporary/0/_temporary/attempt_x/" + PART;
  private static final String STAGED = ".staging/x/part-0.parquet";

  @TempDir Path dir;
  private Path out;

  @BeforeEach
  void writeARunningJobsPartitionedOutput() throws IOException {
    out = dir.resolve("out");
    for (String f : List.of(PART, ATTEMPT, STAGED)) {
      writePart(
          Files.createDirectories(out.resolve(f).getParent()).resolve(f.replaceAll(".*/", "")));
    }
  }

  @Test
  void aGlobSkipsTheFilesOfHiddenDirectoriesItEntersThroughAWildcard() throws Exception {
    assertEquals(List.of(file(PART)), read(allowIncomplete(out + "/*/*.parquet")));
    // a match that is a directory is listed only if the glob did not enter a hidden one for it
    assertEquals(List.of(file(PART)), read(allowIncomplete(out + "/*/*")));
    for (String reaching : List.of("/*/*/*.parquet", "/*/*/*/*/*/*.parquet", "/*/*/*/*/*")) {
      Job job = allowIncomplete(out + reaching);
      IOException e = assertThrows(IOException.class, () -> read(job));
      assertTrue(e.getMessage().contains("matches 0 files"), e.getMessage());
    }
  }

  @Test
  void aHiddenDirectoryThePatternSpellsOutOrALiteralPathIsRead() throws Exception {
    String spelled = out + "/_temporary/*/_temporary/*/*/*.parquet";
    assertEquals(List.of(file(ATTEMPT)), read(allowIncomplete(spelled)));
    assertEquals(List.of(file(STAGED)), read(allowIncomplete(out + "/.staging/*/*.parquet")));
    // a file named without a glob is read whatever its path, and nothing above it is checked
    assertEquals(List.of(file(ATTEMPT)), read(job(out.resolve(ATTEMPT).toString())));
  }

  @Test
  void aFileNamedWithoutAGlobIsReadWhateverItsName() throws Exception {
    Path table = Files.createDirectories(dir.resolve("table"));
    for (String name : List.of("part-0.parquet", "_part-1.parquet", ".part-2.parquet")) {
      writePart(table.resolve(name));
    }
    for (String name : List.of("_part-1.parquet", ".part-2.parquet")) {
      assertEquals(
          List.of("file:" + table.resolve(name)), read(job(table.resolve(name).toString())));
    }
    // a glob and a directory still skip them
    String part = "file:" + table.resolve("part-0.parquet");
    assertEquals(List.of(part), read(job(table + "/*.parquet")));
    assertEquals(List.of(part), read(job(table.toString())));
  }

  @Test
  void aGlobReachingBelowAnUnfinishedOutputIsRefusedUnlessAllowed() throws Exception {
    String[][] cases = {
      {out + "/*/*.parquet", "file:" + out}, // the glob's base
      {dir + "/*/date=*/*.parquet", "file:" + out}, // between the base and the match
      {dir + "/o*/*/*.parquet", "file:" + out}
    };
    for (String[] c : cases) {
      Job job = job(c[0]);
      IOException e = assertThrows(IOException.class, () -> read(job));
      assertTrue(e.getMessage().startsWith("Cannot read " + c[1] + ":"), e.getMessage());
      assertTrue(e.getMessage().contains(IncompleteOutput.TEMPORARY), e.getMessage());

      VariantParquetInputFormat.setAllowIncomplete(job, true);
      assertEquals(List.of(file(PART)), read(job), c[0]);
    }
  }

  @Test
  void theJobsOwnPathFilterStillApplies() throws Exception {
    Files.createDirectories(out.resolve("date=2024-01-02"));
    writePart(out.resolve("date=2024-01-02/part-0.parquet"));
    Job job = allowIncomplete(out + "/*/*.parquet");
    FileInputFormat.setInputPathFilter(job, NotTheSecondDay.class);
    assertEquals(List.of(file(PART)), read(job));
  }

  /** A job's own input filter, which the input format keeps beside its own. */
  static final class NotTheSecondDay implements PathFilter {
    @Override
    public boolean accept(org.apache.hadoop.fs.Path path) {
      return !path.toString().contains("date=2024-01-02");
    }
  }

  private String file(String relative) {
    return "file:" + out.resolve(relative);
  }

  private static Job job(String input) throws IOException {
    Job job = Job.getInstance(new Configuration(false));
    job.getConfiguration().set("fs.defaultFS", "file:///");
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input));
    return job;
  }

  private static Job allowIncomplete(String input) throws IOException {
    Job job = job(input);
    VariantParquetInputFormat.setAllowIncomplete(job, true);
    return job;
  }

  /** The files of the job's splits, in order. */
  private static List<String> read(Job job) throws IOException {
    List<InputSplit> splits = new VariantParquetInputFormat().getSplits(job);
    return splits.stream().map(s -> ((FileSplit) s).getPath().toString()).sorted().toList();
  }

  private static void writePart(Path file) throws IOException {
    try (VariantParquetWriter w =
        VariantParquetWriter.builder(file).variantColumn("variant").build()) {
      w.write(VariantRecord.builder().set("variant", VariantJson.parse("{\"a\": 1}")).build());
    }
  }
}
