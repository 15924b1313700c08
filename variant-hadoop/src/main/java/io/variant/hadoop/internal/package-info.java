// SPDX-License-Identifier: Apache-2.0
/**
 * What the command line needs to submit {@link io.variant.hadoop.ConvertJob}: {@link
 * io.variant.hadoop.internal.ClientConfiguration}, the driver's Configuration from {@code
 * HADOOP_CONF_DIR}, or Hadoop's local job runner without one.
 *
 * <p><b>Internal:</b> not API; public only for the project's CLI, and may change without notice.
 *
 * <p>May import: {@code org.apache.hadoop.conf} and {@code org.apache.hadoop.fs}.
 */
package io.variant.hadoop.internal;
