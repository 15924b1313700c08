// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * A glob enters a directory whose name starts with {@code .} or {@code _} only where it spells that
 * first character out; {@link HadoopGlob} applies the rule to Hadoop's globs.
 */
class HadoopGlobTest {
  private static final String ATTEMPT =
      "s3a://bucket/out/_temporary/0/_temporary/attempt_1/date=2024-01-03/part-0.parquet";

  private static boolean enters(String pattern, String match) throws IOException {
    return HadoopGlob.of(new Path(pattern)).entersHiddenDirectory(new Path(match));
  }

  @Test
  void aWildcardEntersAHiddenOrUnderscoreDirectory() throws IOException {
    assertTrue(enters("s3a://bucket/out/*/*/*/*/*/*.parquet", ATTEMPT));
    assertTrue(enters("s3a://bucket/out/*/*.parquet", "s3a://bucket/out/.staging/a.parquet"));
    assertTrue(enters("s3a://bucket/out/?staging/*", "s3a://bucket/out/.staging/a.parquet"));
    assertTrue(enters("s3a://bucket/out/[!a]x/*", "s3a://bucket/out/_x/a.parquet"));
    assertTrue(enters("out/*/*.ndjson", "file:/work/out/_tmp/a.ndjson")); // qualified match
  }

  @Test
  void aDirectoryWhoseDotOrUnderscoreThePatternSpellsIsEntered() throws IOException {
    assertFalse(enters("s3a://bucket/out/_temporary/*/_temporary/*/*/*.parquet", ATTEMPT));
    assertFalse(enters("s3a://bucket/out/_*/*/_temp*/*/*/*.parquet", ATTEMPT));
    assertFalse(enters("s3a://bucket/out/[._]staging/*", "s3a://bucket/out/.staging/a"));
    assertFalse(enters("s3a://bucket/out/{_x,y}*/*", "s3a://bucket/out/_x/a"));
    assertFalse(enters("s3a://bucket/*/_x/*", "s3a://bucket/out/_x/a")); // out is not hidden
    // hidden names of the base, and the file's own name, are not the rule's concern
    assertFalse(enters("s3a://bucket/.b/_c/*", "s3a://bucket/.b/_c/_d"));
  }

  @Test
  void aPathThatIsNotAMatchDoesNotEnter() throws IOException {
    assertFalse(enters("s3a://bucket/out/*/*.parquet", "s3a://bucket/out/_t/a.json"));
    assertFalse(enters("s3a://bucket/out/*/*.parquet", "s3a://bucket/out/_t/u/a.parquet"));
    HadoopGlob glob = HadoopGlob.of(new Path("s3a://bucket/out/*/*.parquet"));
    assertTrue(glob.matches(new Path("s3a://bucket/out/_t/a.parquet")));
    assertFalse(glob.matches(new Path("s3a://bucket/out/_t/a.json")));
  }

  @Test
  void theBaseIsThePatternUpToItsFirstWildcard() throws IOException {
    assertEquals(
        new Path("s3a://bucket/out"), HadoopGlob.of(new Path("s3a://bucket/out/d=*/*")).base());
    assertEquals(new Path("in"), HadoopGlob.of(new Path("in/*.ndjson")).base());
    assertEquals(new Path("hdfs://nn/a/b"), HadoopGlob.of(new Path("hdfs://nn/a/b")).base());
  }

  @Test
  void namesWithColonsAreMatchedAsNames() throws IOException {
    assertTrue(enters("s3a://bucket/*/*", "s3a://bucket/_t:1/a"));
    assertFalse(enters("s3a://bucket/_t:*/*", "s3a://bucket/_t:1/a"));
  }

  @Test
  void theRuleAsksTheMatcherWithTheFirstCharacterChanged() {
    assertTrue(GlobReach.entersHiddenDirectory(List.of("_t", "a"), names -> true));
    assertFalse(GlobReach.entersHiddenDirectory(List.of("_t", "a"), names -> false));
    assertFalse(GlobReach.entersHiddenDirectory(List.of("t", "_a"), names -> true));
    assertTrue(
        GlobReach.entersHiddenDirectory(
            List.of("d", ".s", "a"), names -> !names.get(1).startsWith(".")));
  }
}
