// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.StringUtils;

/**
 * The input path filter of {@link ConvertJob} and {@link VariantParquetInputFormat}: drops the
 * matches of an input glob that lie in a directory whose name starts with {@code .} or {@code _}
 * and that the glob entered through a wildcard ({@link GlobReach}: {@code in/*}{@code /*.ndjson}
 * reaching {@code in/.staging/} or a job's {@code _temporary/}), as the local engine drops them.
 * {@code FileInputFormat} applies it with its own filter of hidden names to a glob's matches and a
 * directory's entries; a path that no input glob matches (an input named without a glob, an entry
 * of an input directory) passes, as does one that another input matches without entering such a
 * directory. A path it passes is then asked of the job's own input filter, if {@link
 * #withJobFilter} kept one.
 */
final class HiddenDirectoryFilter implements PathFilter, Configurable {
  /** Configuration key of the job's own input filter, which {@link #withJobFilter} moves here. */
  private static final String JOB_FILTER = "variant.input.job-path-filter";

  private Configuration conf;
  private List<HadoopGlob> inputs = List.of();
  private PathFilter jobFilter; // null without one

  /** Hadoop creates path filters by reflection, then sets their configuration. */
  HiddenDirectoryFilter() {}

  /**
   * A copy of {@code conf} whose input filter is this one, followed by the job's own filter if
   * {@code conf} sets one: {@code FileInputFormat} takes a single filter class from the
   * configuration, and the job's must not be dropped or its configuration changed. The copy shares
   * the job's credentials, to which listing adds the file systems' tokens.
   */
  static JobConf withJobFilter(Configuration conf) {
    JobConf copy = new JobConf(conf);
    Class<?> own = copy.getClass(FileInputFormat.PATHFILTER_CLASS, null);
    if (own != null && own != HiddenDirectoryFilter.class) {
      copy.setClass(JOB_FILTER, own, PathFilter.class);
    }
    copy.setClass(FileInputFormat.PATHFILTER_CLASS, HiddenDirectoryFilter.class, PathFilter.class);
    return copy;
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    Class<? extends PathFilter> job = conf.getClass(JOB_FILTER, null, PathFilter.class);
    this.jobFilter = job == null ? null : ReflectionUtils.newInstance(job, conf);
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
    return entersNoHiddenDirectory(path) && (jobFilter == null || jobFilter.accept(path));
  }

  private boolean entersNoHiddenDirectory(Path path) {
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
