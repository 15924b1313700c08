/**
 * JMH benchmarks. Every benchmark measures its own baseline in the same run (named in its Javadoc), so results
 * are read as ratios on a small, noisy machine. Input: {@code testdata/events.ndjson} (run from the repository
 * root, or pass {@code -Dvariant.testdata=PATH}).
 *
 * <p>May import: {@code io.variant.*}, {@code org.openjdk.jmh.*}, and {@code com.fasterxml.jackson.core.*}
 * (the JSON benchmarks measure jackson-core's tokenizer as their baseline).
 */
package io.variant.bench;
