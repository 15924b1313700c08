// SPDX-License-Identifier: Apache-2.0
/**
 * README.md's Spark application, {@link com.example.EventsToVariant}, as a user writes it.
 *
 * <p>May import: the library through variant-spark ({@code io.variant.*}), Spark ({@code
 * org.apache.spark.*}, {@code scala}) and Spark's Hadoop ({@code org.apache.hadoop.*}).
 */
package com.example;
