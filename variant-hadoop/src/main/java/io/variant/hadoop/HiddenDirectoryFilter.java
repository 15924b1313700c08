// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.util.StringUtils;

/**
 * The input path filter of {@link ConvertJob}: drops the matches of an input glob that lie in a
 * directory whose name starts with {@code .} or {@code _} and that the glob entered through a
 * wildcard ({@link GlobReach}: {@code in/*}{@code /*.ndjson} reaching {@code in/.staging/} or a
 * job's {@code _temporary/}), as the local engine drops them. {@code FileInputFormat} applies it
 * with its own filter of hidden names to a glob's matches and a directory's entries; a path that no
 * input glob matches (an input named without a glob, an entry of an input directory) passes, as
 * does one that another input matches without entering such a directory.
 */
final class HiddenDirectoryFilter implements PathFilter, Configurable {
  private Configuration conf;
  private List<HadoopGlob> inputs = List.of();

  /** Hadoop creates path filters by reflection, then sets their configuration. */
  HiddenDirectoryFilter() {}

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    List<HadoopGlob> globs = new ArrayList<>();
    // as FileInputFormat.getInputPaths reads them: comma-separated, commas in names escaped
    for (String input : StringUtils.split(conf.get(FileInputFormat.INPUT_DIR, ""))) {
      try {
        globs.add(HadoopGlob.of(new Path(StringUtils.unEscapeString(input))));
      } catch (IOException e) {
        // not a valid glob: listing it fails with Hadoop's own message
      }
    }
    this.inputs = globs;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public boolean accept(Path path) {
    boolean entered = false;
    for (HadoopGlob input : inputs) {
      if (input.matches(path)) {
        if (!input.entersHiddenDirectory(path)) {
          return true;
        }
        entered = true;
      }
    }
    return !entered;
  }
}
