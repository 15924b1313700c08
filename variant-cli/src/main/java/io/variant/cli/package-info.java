// SPDX-License-Identifier: Apache-2.0
/**
 * The {@code variant} command line: one picocli class per command ({@link
 * io.variant.cli.EncodeCommand}, {@link io.variant.cli.DecodeCommand}, {@link
 * io.variant.cli.PlanCommand}, {@link io.variant.cli.ConvertCommand}, {@link
 * io.variant.cli.CatCommand}, {@link io.variant.cli.SchemaCommand}, {@link
 * io.variant.cli.GetCommand}, {@link io.variant.cli.SelectCommand}, ...), all registered in {@link
 * io.variant.cli.VariantCli}.
 *
 * <p>Errors are reported in one place, {@link io.variant.cli.ErrorReporter}: bad input gives {@code
 * <file>:<line>:<column>: <message>} and exit code 1, a usage error exit code 2, and no stack trace
 * unless {@code --verbose}. Commands read input through {@link io.variant.cli.Input} (a file, or
 * stdin for {@code -}, gzip detected by its magic bytes), JSON documents through {@link
 * io.variant.cli.JsonDocuments} and Parquet files through {@link io.variant.cli.ParquetFile}, and
 * write through {@link io.variant.cli.Output}.
 *
 * <p>May import: every module of the project ({@code io.variant.*}), {@code picocli}, {@code
 * org.apache.parquet.*}, {@code org.apache.arrow.*} ({@code select} reads Arrow batches and writes
 * Arrow IPC streams), {@code com.fasterxml.jackson.core.io}, {@code com.github.luben.zstd} (zstd
 * input), {@code org.apache.hadoop.conf} (the configuration Parquet's codecs other than ZSTD read,
 * which the CLI's writers give without Hadoop's defaults), {@code org.apache.hadoop.fs} and {@code
 * org.apache.hadoop.security} (names with a scheme, such as hdfs or s3a URIs, are read and written
 * through Hadoop's file systems; a refused credential is told apart from a missing file), {@code
 * org.apache.arrow.*} ({@code select} reads Arrow batches and writes Arrow IPC); nothing imports
 * this package.
 */
package io.variant.cli;
