// SPDX-License-Identifier: Apache-2.0
/**
 * Turns JMH's JSON results into the markdown table that {@code bench/run} prints and {@code
 * bench/RESULTS.md} keeps.
 *
 * <p>May import: {@code io.variant.core.*} (it reads the result file as a Variant) and {@code
 * io.variant.bench.corpus}.
 */
package io.variant.bench.report;
