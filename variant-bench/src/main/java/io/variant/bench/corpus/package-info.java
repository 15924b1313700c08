/** Benchmark inputs generated from fixed seeds (event logs, wide objects, large documents) or read from NDJSON. */
package io.variant.bench.corpus;
