// SPDX-License-Identifier: Apache-2.0
package io.variant.hadoop;

import io.variant.testkit.PublicApiContract;
import java.util.List;

/**
 * variant-hadoop's public types are its API, listed here on purpose, and the types marked internal
 * (see {@link PublicApiContract}). A new public type fails this test until it is listed, made
 * package-private, or put in a package named internal.
 */
class PublicApiTest extends PublicApiContract {
  /** What the README and the Javadoc present. */
  private static final List<String> API =
      List.of(
          "io.variant.hadoop.ConvertCounters",
          "io.variant.hadoop.ConvertJob",
          "io.variant.hadoop.ConvertJob.Listener",
          "io.variant.hadoop.ConvertJob.Options",
          "io.variant.hadoop.ConvertJob.Result",
          "io.variant.hadoop.ConvertMapper",
          "io.variant.hadoop.ConvertMapper.BadLine",
          "io.variant.hadoop.ConvertMapper.OnError",
          "io.variant.hadoop.ConvertMapper.Problem",
          "io.variant.hadoop.ConvertRefusedException",
          "io.variant.hadoop.PlanSample",
          "io.variant.hadoop.VariantParquetInputFormat",
          "io.variant.hadoop.VariantParquetOutputFormat");

  /**
   * Public for the project's CLI (and the codec and input format for Hadoop, which loads them by
   * name), used by this package too; their Javadoc says they are internal.
   */
  private static final List<String> MARKED_INTERNAL =
      List.of(
          "io.variant.hadoop.Connectors",
          "io.variant.hadoop.GlobReach",
          "io.variant.hadoop.HadoopGlob",
          "io.variant.hadoop.IncompleteOutput",
          "io.variant.hadoop.NdjsonInputFormat",
          "io.variant.hadoop.RejectedLine",
          "io.variant.hadoop.ZstdCodec");

  PublicApiTest() {
    super(ConvertJob.class, API, MARKED_INTERNAL);
  }
}
