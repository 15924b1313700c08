/** Turns JMH's JSON results into the markdown table that {@code bench/run} prints and {@code bench/RESULTS.md} keeps. */
package io.variant.bench.report;
