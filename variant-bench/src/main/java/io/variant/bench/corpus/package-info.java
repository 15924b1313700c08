// SPDX-License-Identifier: Apache-2.0
/**
 * Benchmark inputs generated from fixed seeds (event logs, wide objects, large documents) or read
 * from NDJSON.
 *
 * <p>May import: {@code io.variant.core.*} and {@code com.fasterxml.jackson.core} (the generators
 * write JSON through its generator).
 */
package io.variant.bench.corpus;
