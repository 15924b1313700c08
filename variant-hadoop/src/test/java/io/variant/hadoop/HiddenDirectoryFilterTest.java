// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Test;

/**
 * {@link ConvertJob}'s input filter drops what an input glob matches in a hidden or {@code _}
 * directory that it entered through a wildcard, and passes everything else.
 */
class HiddenDirectoryFilterTest {
  private static HiddenDirectoryFilter filter(String... inputs) throws Exception {
    Job job = Job.getInstance(new Configuration(false));
    for (String in : inputs) {
      FileInputFormat.addInputPath(job, new Path(in));
    }
    // as FileInputFormat makes it
    return ReflectionUtils.newInstance(HiddenDirectoryFilter.class, job.getConfiguration());
  }

  @Test
  void dropsAGlobsMatchesInADirectoryAWildcardEntered() throws Exception {
    HiddenDirectoryFilter f = filter("/in/*/*.ndjson", "/other,dir/x.ndjson");
    assertTrue(f.accept(new Path("file:/in/a/x.ndjson")));
    assertFalse(f.accept(new Path("file:/in/_temporary/x.ndjson")));
    assertFalse(f.accept(new Path("file:/in/.staging/x.ndjson")));
    assertTrue(f.accept(new Path("file:/in/_temporary/0/x.ndjson"))); // an input directory's entry
    assertTrue(f.accept(new Path("file:/other,dir/x.ndjson")));
  }

  @Test
  void passesWhatAnotherInputMatchesWithoutEnteringOne() throws Exception {
    HiddenDirectoryFilter f = filter("/in/*/*.ndjson", "/in/_*/*.ndjson");
    assertTrue(f.accept(new Path("file:/in/_temporary/x.ndjson")));
    assertFalse(filter("/in/*/*.ndjson").accept(new Path("file:/in/_temporary/x.ndjson")));
  }
}
